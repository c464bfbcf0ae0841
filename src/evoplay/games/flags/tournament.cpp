#include "evoplay/games/flags/tournament.hpp"

#include <fmt/format.h>

#include <filesystem>

#include "evoplay/core/error.hpp"
#include "evoplay/core/parallel.hpp"
#include "evoplay/core/run_record.hpp"
#include "evoplay/core/stopwatch.hpp"
#include "evoplay/core/text.hpp"
#include "evoplay/games/flags/bots.hpp"
#include "evoplay/games/flags/map.hpp"

namespace evoplay::games::flags {

std::vector<std::string> TournamentSettings::parse_bots(const std::string& list) {
  std::vector<std::string> out;
  for (const auto b : split(list, ',')) {
    if (trim(b).empty())
      throw Error(fmt::format(
          "--bots '{}': an empty name: expected bots separated by commas, e.g. random,greedy",
          list));
    out.emplace_back(trim(b));
  }
  return out;
}

void TournamentSettings::validate() const {
  if (maps.empty()) throw Error("--maps: no map given");
  if (bots.size() < 2) throw Error("--bots: expected at least two bots, e.g. random,greedy");
  fields::check(*this);
  const auto factory = flags::bots();
  for (const auto& s : bots) {
    if (search::parse_bot_spec(s).kind == "human")
      throw Error(fmt::format("--bots: '{}' cannot play in a tournament (bots only)", s));
    factory.validate(s);
  }
  for (std::size_t i = 0; i < bots.size(); ++i) {
    for (std::size_t j = i + 1; j < bots.size(); ++j) {
      if (bots[i] == bots[j]) throw Error(fmt::format("--bots: '{}' is listed twice", bots[i]));
    }
  }
}

nlohmann::json TournamentSettings::to_json() const {
  const auto factory = flags::bots();
  nlohmann::json resolved = nlohmann::json::array();
  for (const auto& b : bots) resolved.push_back(factory.make(b, Rng(0))->settings());
  auto config = run_config("flags tournament", seed, threads);
  config.update(
      {{"bots", bots},
       {"bot_settings", resolved},
       {"maps", maps},
       {"games_per_pairing", games},
       {"time_rule",
        "a move using more than 1.5 x the bot's time limit in thread CPU time loses the game"}});
  return config;
}

TournamentMaps load_tournament_maps(const std::vector<std::string>& files) {
  TournamentMaps maps;
  for (const auto& f : files) {
    maps.starts.emplace_back(load_map(f));
    maps.names.push_back(std::filesystem::path(f).stem().string());
  }
  return maps;
}

std::string end_reason(const State& s) {
  if (!s.is_terminal()) return "unfinished";
  for (int t = 0; t < kTeams; ++t) {
    if (s.captured(t) == static_cast<int>(s.map().flags[static_cast<std::size_t>(1 - t)].size()))
      return "flags";
  }
  if (s.living(0) == 0 || s.living(1) == 0) return "eliminated";
  return "turns";
}

namespace {

std::vector<std::pair<std::string, std::string>> describe_end(const State& s) {
  return {{"end", end_reason(s)},
          {"first_flags", std::to_string(s.captured(0))},
          {"second_flags", std::to_string(s.captured(1))},
          {"first_energy", std::to_string(s.total_energy(0))},
          {"second_energy", std::to_string(s.total_energy(1))}};
}

}  // namespace

nlohmann::json TournamentReport::to_json() const {
  auto json = search::to_json(result);
  if (cancelled) json["stopped"] = "cancelled";
  return json;
}

void TournamentReport::write_files(const RunDir& run) const {
  run.write_text("standings.csv", search::standings_csv(result));
  run.write_text("games.csv", search::games_csv(result));
  run.write_text("standings.md", markdown());
}

TournamentReport play_tournament(const TournamentSettings& settings, const TournamentMaps& maps,
                                 const Control& control) {
  const auto factory = flags::bots();
  auto schedule = search::round_robin_schedule(
      static_cast<int>(settings.bots.size()), static_cast<int>(maps.starts.size()), settings.games);
  const Rng master(settings.seed);
  const Stopwatch clock;
  search::play_tournament_games<State>(schedule, maps.starts, factory, settings.bots,
                                       master.split(1), settings.threads, describe_end, control);
  TournamentReport report;
  report.cancelled = control.cancelled();
  report.result =
      search::summarize_tournament(settings.bots, maps.names, std::move(schedule), master.split(2));
  report.result.seconds = clock.seconds();
  report.result.threads = resolve_threads(settings.threads);
  const auto files = maps.starts.size();
  report.title = fmt::format("Capture the flag: {} bots on {} map{}", settings.bots.size(), files,
                             files == 1 ? "" : "s");
  return report;
}

}  // namespace evoplay::games::flags
