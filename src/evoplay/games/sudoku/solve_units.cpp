#include "evoplay/games/sudoku/solve_units.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <string>

#include "evoplay/core/content_hash.hpp"
#include "evoplay/core/error.hpp"
#include "evoplay/core/json_text.hpp"
#include "evoplay/core/stopwatch.hpp"
#include "evoplay/core/units.hpp"
#include "evoplay/games/sudoku/exact.hpp"

namespace evoplay::games::sudoku {

PuzzleResult solve_puzzle(const PuzzleEntry& entry, std::size_t index,
                          const SolveSettings& settings, int threads, const Control& control) {
  PuzzleResult o;
  o.line = entry.line;
  if (!settings.evolutionary()) {
    auto r = solve_exact(entry.board, 2);
    o.solutions = r.solutions;
    o.counters.solved = r.solutions > 0;
    o.board = std::move(r.solution);
    o.guesses = r.stats.guesses;
    o.backtracks = r.stats.backtracks;
    o.counters.seconds = r.seconds;
    return o;
  }
  GaSettings ga = settings.ga;
  ga.seed = settings.ga.seed + index;
  ga.threads = threads;
  auto r = settings.method == "cro" ? solve_cro(entry.board, ga, control)
                                    : solve_ga(entry.board, ga, control);
  o.counters = r.counters;
  o.board = std::move(r.best);
  o.local_moves = r.local_moves;
  o.history = std::move(r.history);
  return o;
}

namespace {

nlohmann::json board_json(const Board& board) {
  return board.cells.empty() ? nlohmann::json(nullptr) : nlohmann::json(to_line(board));
}

/// The board of a line board_json wrote (any digits, conflicts included), of the puzzle's size.
Board board_from_json(const nlohmann::json& j, Geometry geometry) {
  if (j.is_null()) return {};
  const auto line = j.get<std::string>();
  Board b(geometry);
  if (line.size() != b.cells.size()) throw Error("a unit's board has the wrong size");
  for (std::size_t c = 0; c < line.size(); ++c) {
    const char s = line[c];
    const bool digit = (s >= '1' && s <= '9') || (s >= 'A' && s - 'A' + 10 <= geometry.n);
    if (s != '.' && (!digit || (s <= '9' && s - '0' > geometry.n)))
      throw Error(fmt::format("a unit's board has '{}', not a digit of a {}x{} grid", s, geometry.n,
                              geometry.n));
    b.cells[c] = static_cast<std::uint8_t>(s == '.'               ? 0
                                           : s >= '1' && s <= '9' ? s - '0'
                                                                  : s - 'A' + 10);
  }
  return b;
}

/// An exact outcome as a compact row: [line, solutions, board, guesses, backtracks, seconds].
nlohmann::json exact_json(const PuzzleResult& o) {
  return nlohmann::json::array({o.line, o.solutions, board_json(o.board), o.guesses, o.backtracks,
                                json_double(o.counters.seconds)});
}

PuzzleResult exact_from_json(const nlohmann::json& j, Geometry geometry) {
  PuzzleResult o;
  o.line = json_integer<int>(j.at(0));
  o.solutions = json_integer<int>(j.at(1));
  o.counters.solved = o.solutions > 0;
  o.board = board_from_json(j.at(2), geometry);
  o.guesses = json_integer<std::uint64_t>(j.at(3));
  o.backtracks = json_integer<std::uint64_t>(j.at(4));
  o.counters.seconds = double_from_json(j.at(5));
  return o;
}

nlohmann::json evolved_json(const PuzzleResult& o) {
  const CsvTable table = o.history.table();
  nlohmann::json rows = nlohmann::json::array();
  for (const auto& row : table.rows) rows.push_back(json_doubles(row));
  return {{"line", o.line},
          {"solved", o.solved()},
          {"fitness", o.fitness()},
          {"board", board_json(o.board)},
          {"generations", o.counters.generations},
          {"evaluations", o.counters.evaluations},
          {"local_moves", o.local_moves},
          {"restarts", o.counters.restarts},
          {"seconds", json_double(o.counters.seconds)},
          {"stop", evo::stop_reason_name(o.counters.stop)},
          {"history", {{"columns", table.columns}, {"rows", rows}}}};
}

PuzzleResult evolved_from_json(const nlohmann::json& j, Geometry geometry) {
  PuzzleResult o;
  o.line = json_integer<int>(j.at("line"));
  o.counters.solved = j.at("solved").get<bool>();
  o.counters.best_fitness = json_integer<int>(j.at("fitness"));
  o.board = board_from_json(j.at("board"), geometry);
  o.counters.generations = json_integer<std::size_t>(j.at("generations"));
  o.counters.evaluations = json_integer<std::uint64_t>(j.at("evaluations"));
  o.local_moves = json_integer<std::uint64_t>(j.at("local_moves"));
  o.counters.restarts = json_integer<std::size_t>(j.at("restarts"));
  o.counters.seconds = double_from_json(j.at("seconds"));
  o.counters.stop = evo::stop_reason_from_name(j.at("stop").get<std::string>());
  CsvTable table;
  table.columns = j.at("history").at("columns").get<std::vector<std::string>>();
  for (const auto& row : j.at("history").at("rows")) table.rows.push_back(doubles_from_json(row));
  o.history = History::from_table(table);
  return o;
}

/// FNV-1a of the puzzles' cells: names a block of puzzles in a unit's key.
std::uint64_t cells_hash(std::span<const PuzzleEntry> puzzles) {
  std::uint64_t h = 1469598103934665603ull;
  for (const auto& p : puzzles) {
    for (std::uint8_t c : p.board.cells) h = (h ^ c) * 1099511628211ull;
    h = (h ^ 0xff) * 1099511628211ull;
  }
  return h;
}

}  // namespace

SolveResult solve_by_units(std::span<const PuzzleEntry> puzzles, const SolveSettings& settings,
                           const Control& control) {
  settings.validate();
  const Stopwatch clock;
  const std::size_t count = puzzles.size();
  const bool evolving = settings.evolutionary();
  const std::size_t per_unit = evolving ? 1 : kExactBlock;
  const std::size_t units = (count + per_unit - 1) / per_unit;
  auto block = [&](std::size_t u) {
    const std::size_t first = u * per_unit;
    return puzzles.subspan(first, std::min(per_unit, count - first));
  };
  auto fingerprint = settings.to_json();  // what a unit depends on: not the threads
  if (fingerprint.contains("ga")) fingerprint["ga"].erase("threads");
  const std::string settings_text = json_text(fingerprint, -1);

  UnitJob job;
  job.name = "sudoku solve";
  job.count = units;
  job.threads = settings.threads;
  job.key = [&](std::size_t u) {
    return fmt::format("sudoku solve {} puzzles {}-{} {:016x}", settings_text, u * per_unit + 1,
                       u * per_unit + block(u).size(), cells_hash(block(u)));
  };
  ContentHash all;
  all.value(cells_hash(puzzles));
  job.fingerprint = {{"puzzles", all.hex()}};
  // A saved outcome is trusted only for its own puzzle: same line, the givens kept, "solved"
  // only for a valid solution.
  auto check_outcome = [](const PuzzleResult& o, const PuzzleEntry& entry) {
    if (o.line != entry.line) throw Error(fmt::format("the outcome of line {}", o.line));
    if (o.board.cells.empty()) {
      if (o.solved()) throw Error("solved without a board");
      return;
    }
    for (std::size_t c = 0; c < o.board.cells.size(); ++c) {
      if (entry.board.cells[c] != 0 && o.board.cells[c] != entry.board.cells[c])
        throw Error("a board that changes the puzzle's givens");
    }
    if (o.solved() && !is_valid_solution(entry.board, o.board))
      throw Error("\"solved\" with a board that is not a solution");
  };
  job.check = [&](std::size_t u, const nlohmann::json& j) {
    const auto entries = block(u);
    const Geometry geometry = entries.front().board.geometry;
    if (evolving) {
      const PuzzleResult o = evolved_from_json(j, geometry);
      if (o.fitness() < 0 || o.solved() != (o.fitness() == 0)) throw Error("fitness out of range");
      check_outcome(o, entries.front());
      return;
    }
    const auto& rows = j.at("puzzles");
    if (!rows.is_array() || rows.size() != entries.size())
      throw Error(fmt::format("expected the outcomes of {} puzzles", entries.size()));
    for (std::size_t k = 0; k < entries.size(); ++k) {
      const PuzzleResult o = exact_from_json(rows[k], geometry);
      if (o.solutions < 0 || o.solutions > 2) throw Error("solutions out of range (0 to 2)");
      check_outcome(o, entries[k]);
    }
  };
  job.run = [&](std::size_t u, const CancelToken& cancel) -> std::optional<nlohmann::json> {
    if (!evolving) {
      nlohmann::json rows = nlohmann::json::array();
      for (const auto& entry : block(u)) {
        rows.push_back(exact_json(solve_puzzle(entry, 0, settings, 1, {})));
      }
      return nlohmann::json{{"puzzles", std::move(rows)}};
    }
    Control one;
    one.cancel = cancel;
    auto o = solve_puzzle(puzzles[u], u, settings, 1, one);
    if (o.counters.stop == evo::StopReason::kCancelled) return std::nullopt;  // resumed later
    return evolved_json(o);
  };
  Control by_units = control;
  by_units.progress = [&](std::uint64_t done, std::uint64_t) {
    control.report(std::min<std::uint64_t>(done * per_unit, count), count);
  };
  const UnitResults done = run_units(job, by_units);

  SolveResult result;
  result.method = settings.method;
  result.total = count;
  for (std::size_t u = 0; u < units && done[u]; ++u) {
    const Geometry geometry = puzzles[u * per_unit].board.geometry;
    if (evolving) {
      result.puzzles.push_back(evolved_from_json(*done[u], geometry));
    } else {
      for (const auto& row : done[u]->at("puzzles"))
        result.puzzles.push_back(exact_from_json(row, geometry));
    }
  }
  result.cancelled = result.puzzles.size() < count;
  for (const auto& o : result.puzzles) result.solved += o.solved();
  result.seconds = clock.seconds();
  return result;
}

}  // namespace evoplay::games::sudoku
