// Fuzzing harness: a saved unit file read back by --resume (dist/unit_store.hpp). The input is
// the result of unit 0 of a Connect Four series block, written into a scratch units/0.json as
// the store writes it; UnitStore::load reads it with the series' check (every game decoded and
// replayed move by move) and the decoders of the other resumable units (a tournament game's
// outcome, a Sudoku experiment's run record). A file the checks refuse is left out and named,
// never thrown: anything escaping load is a crash. A result load accepts must decode again.
// (The input may also end the result early and add keys: a unit of another key is skipped.)

#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "evoplay/dist/unit_store.hpp"
#include "evoplay/games/connect4/board.hpp"
#include "evoplay/games/sudoku/experiment.hpp"
#include "evoplay/search/bots.hpp"
#include "evoplay/search/series.hpp"
#include "evoplay/search/tournament.hpp"
#include "fuzz/harness.hpp"

namespace c4 = evoplay::games::connect4;
using evoplay::fuzz::require;

namespace {

/// What unit 0 may hold: a block of one Connect Four game, a tournament game, or a run record.
void check(const nlohmann::json& r) {
  if (r.contains("games")) {
    const auto& games = r.at("games");
    if (!games.is_array() || games.size() != 1) throw evoplay::Error("expected one game");
    evoplay::search::check_game_record(
        c4::Board(), evoplay::search::game_record_from_json<c4::Board>(games.at(0)));
  } else if (r.contains("outcome")) {
    evoplay::search::TournamentGame g;
    evoplay::search::read_game_outcome(r, g);
  } else {
    (void)evoplay::games::sudoku::run_record_from_json(r);
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  namespace fs = std::filesystem;
  static const fs::path dir = [] {
    auto d = fs::temp_directory_path() / ("evoplay-fuzz-units-" + std::to_string(::getpid()));
    fs::create_directories(d / "units");
    return d;
  }();
  evoplay::UnitJob job;
  job.name = "fuzz";
  job.count = 1;
  job.key = [](std::size_t) { return std::string("unit 0"); };
  job.check = [](std::size_t, const nlohmann::json& r) { check(r); };
  {
    std::ofstream out(dir / "units" / "0.json", std::ios::binary | std::ios::trunc);
    out << R"({"key":"unit 0","result":)";
    out.write(reinterpret_cast<const char*>(data), static_cast<std::streamsize>(size));
    out << "}";
  }
  std::vector<std::string> rejected;
  const auto results = evoplay::dist::UnitStore(dir).load(job, rejected);
  require(results.size() == 1, "load gave another number of slots");
  require(!(results[0] && !rejected.empty()), "a unit both kept and rejected");
  if (results[0]) check(*results[0]);  // what was kept decodes again
  return 0;
}
