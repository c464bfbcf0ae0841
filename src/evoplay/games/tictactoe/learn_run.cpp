#include "evoplay/games/tictactoe/learn_run.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <memory>

#include "evoplay/core/error.hpp"
#include "evoplay/core/parallel.hpp"
#include "evoplay/core/run_record.hpp"
#include "evoplay/core/stopwatch.hpp"
#include "evoplay/core/text.hpp"
#include "evoplay/games/tictactoe/learn_plots.hpp"
#include "evoplay/games/tictactoe/population_io.hpp"
#include "evoplay/games/tictactoe/resume.hpp"

namespace evoplay::games::tictactoe {

void LearnRunSettings::validate() const {
  learn.validate();
  if (threads < 0 || threads > 1024)
    throw Error(fmt::format("threads: expected a whole number from 0 to 1024, found {}", threads));
}

nlohmann::json LearnRunSettings::to_json() const {
  auto config = run_config("tictactoe learn", seed, threads);
  config["learn"] = learn.to_json();
  return config;
}

SavedRun read_saved_run(const std::filesystem::path& dir,
                        const std::map<std::string, std::string>& overrides, int threads) {
  for (const auto& s : setting_list()) {
    if (overrides.contains(s.name) && !s.run)
      throw Error(
          fmt::format("--{} cannot be changed on --resume (only --cycles and "
                      "--until-unbeatable can): the run continues with its settings",
                      s.name));
  }
  const auto config_file = (dir / "config.json").string();
  if (!std::filesystem::exists(config_file))
    throw Error(config_file, 0, "missing (expected the run folder of a tictactoe learn run)");
  auto saved_config = parse_learn_config(read_text(config_file), config_file);
  SavedRun out;
  out.config = std::move(saved_config.json);
  out.settings.learn = saved_config.settings;
  out.settings.seed = saved_config.seed;
  out.settings.threads = threads;
  for (const auto& [name, value] : overrides) out.settings.learn.set(name, value);
  out.settings.validate();
  const Referee referee;
  const auto loaded = read_population(dir);
  check_saved(loaded, out.settings.learn, (dir / "population.txt").string(), referee);
  const std::string hist_file = (dir / "history.csv").string();
  if (!std::filesystem::exists(hist_file))
    throw Error(hist_file, 0, "missing (expected the history of a tictactoe learn run)");
  out.history = history_at_cycle(
      parse_learn_history(read_text(hist_file), hist_file, history_columns(out.settings.learn)),
      loaded, hist_file);
  out.population = loaded.population;
  return out;
}

namespace {

nlohmann::json seat_json(const SeriesResult& r) {
  const double n = r.wins + r.draws + r.losses;
  return {{"win", 100 * r.wins / n}, {"draw", 100 * r.draws / n}, {"loss", 100 * r.losses / n}};
}

nlohmann::json measures_json(const Agent& best, const AgentMeasures& m) {
  return {{"weight", best.weight},
          {"rules", best.rules.size()},
          {"born", best.born},
          {"vs_random", {{"x", seat_json(m.random[0])}, {"o", seat_json(m.random[1])}}},
          {"vs_perfect", {{"x", seat_json(m.perfect[0])}, {"o", seat_json(m.perfect[1])}}},
          {"lost_lines", {{"x", m.check[0].lost_lines}, {"o", m.check[1].lost_lines}}},
          {"lines", {{"x", m.check[0].lines}, {"o", m.check[1].lines}}},
          {"positions_faced", m.check[0].faced + m.check[1].faced},
          {"agree_faced", 100 * m.agree_faced},
          {"agree_mistakes", 100 * m.agree_mistakes},
          {"rule_moves", 100 * m.rule_moves}};
}

nlohmann::json result_json(const Learner& learner, const LearnOutcome& o, std::uint64_t seed) {
  const auto& pop = learner.population();
  const auto m = learner.measure_best();
  const auto null = nlohmann::json();
  nlohmann::json j = {
      {"never_loses_first", !m.check[0].can_lose},
      {"never_loses_second", !m.check[1].can_lose},
      {"cycles", learner.cycle()},
      {"seconds", pop.seconds},
      {"stopped_by", o.unbeatable    ? "unbeatable"
                     : o.interrupted ? "interrupt"
                                     : "cycles"},
      {"unbeatable_at_cycle", o.unbeatable ? nlohmann::json(o.unbeatable_cycle) : null},
      {"seconds_to_unbeatable", o.unbeatable ? nlohmann::json(o.unbeatable_seconds) : null},
      {"evaluations", pop.evaluations},
      {"preset", learner.settings().preset},
      {"seed", seed},
      {"best", measures_json(pop.agents.front(), m)}};
  if (learner.settings().inject_perfect > 0) {
    j["perfect_alive"] =
        std::any_of(pop.agents.begin(), pop.agents.end(), [](const Agent& a) { return a.perfect; });
  }
  return j;
}

}  // namespace

LearnRunSettings new_run_settings(const std::string& preset,
                                  const std::map<std::string, std::string>& given,
                                  std::uint64_t seed, int threads) {
  LearnRunSettings s;
  s.learn = LearnSettings::preset_named(preset);
  for (const auto& [name, value] : given) s.learn.set(name, value);
  s.seed = seed;
  s.threads = threads;
  s.validate();
  return s;
}

LearnResult learn_run(RunDir& run, const LearnRunSettings& new_settings, const Control& control,
                      SavedRun* saved) {
  const Stopwatch clock;
  const Referee referee;
  const LearnRunSettings& s = saved ? saved->settings : new_settings;
  const LearnSettings& settings = s.learn;
  History history = saved ? saved->history : History{};
  nlohmann::json config = saved ? saved->config : s.to_json();
  Workers workers(s.threads);
  std::unique_ptr<Learner> learner;
  if (saved) {
    learner = std::make_unique<Learner>(settings, s.seed, referee, std::move(saved->population));
  } else {
    learner = std::make_unique<Learner>(settings, s.seed, referee, workers);
    learner->population().seconds = clock.seconds();
  }
  config["threads"] = resolve_threads(s.threads);
  config["learn"] = settings.to_json();
  run.write_json("config.json", config);

  LearnHooks hooks;
  hooks.stop = control.cancel.flag();
  hooks.on_cycle = [&](const Learner& l, const GenerationRecord* row) {
    // The history so far, whole (rows are a measure of the best agent, one every
    // measure_every cycles, and a resumed run may drop its last: rewritten, not appended).
    if (row) run.write_text("history.csv", history.to_csv());
    if (row && control.observer) control.observer->on_generation(*row);
    control.report(l.cycle(), settings.cycles);
  };
  hooks.checkpoint = [&](const Learner& l, const History& h) {
    run.write_text("history.csv", h.to_csv());
    run.write_text("population.txt", population_text(l.population(), settings.symmetry));
  };
  LearnResult result;
  result.outcome = learn(*learner, history, workers, hooks);
  result.cycles = learner->cycle();
  result.cancelled = control.cancelled();
  result.json = result_json(*learner, result.outcome, s.seed);
  run.finish(result.to_json());
  save_learn_plots(run, history, fmt::format("tic-tac-toe learning ({})", settings.preset));
  return result;
}

std::string row_note(const GenerationRecord& row) {
  return fmt::format("best weight {:.4g}; best: loses as X {}, as O {}; optimal {:.0f}%", row.best,
                     row.extra_value("x_can_lose") > 0 ? "yes" : "no",
                     row.extra_value("o_can_lose") > 0 ? "yes" : "no",
                     row.extra_value("agree_faced"));
}

nlohmann::json LearnResult::to_json() const {
  auto out = json;
  if (cancelled) out["stopped"] = "cancelled";
  return out;
}

std::string LearnResult::to_text(const std::string& run_dir) const {
  const auto& j = json;
  const auto& b = j["best"];
  const char* why = j["stopped_by"] == "unbeatable"  ? "the best agent never loses"
                    : j["stopped_by"] == "interrupt" ? "Ctrl-C (the population is saved)"
                                                     : "the cycle limit";
  std::string out =
      fmt::format("Tic-tac-toe learning (preset {}, seed {}): {} cycles, {:.1f} s; stopped by {}\n",
                  j["preset"].get<std::string>(), j["seed"].get<std::uint64_t>(),
                  j["cycles"].get<std::uint64_t>(), j["seconds"].get<double>(), why);
  out += fmt::format("Best agent: weight {:.4g}, {} rules, born at cycle {}\n",
                     b["weight"].get<double>(), b["rules"].get<std::size_t>(),
                     b["born"].get<std::uint64_t>());
  auto seat = [](const nlohmann::json& s) {
    return fmt::format("win {:5.1f}%  draw {:5.1f}%  loss {:5.1f}%", s["win"].get<double>(),
                       s["draw"].get<double>(), s["loss"].get<double>());
  };
  for (const auto& [label, key] :
       {std::pair{"vs random ", "vs_random"}, {"vs perfect", "vs_perfect"}})
    out += fmt::format("  {}   as X: {}   as O: {}\n", label, seat(b[key]["x"]), seat(b[key]["o"]));
  auto check = [&](const char* s) {
    const auto lost = b["lost_lines"][s].get<std::uint64_t>();
    const auto lines = b["lines"][s].get<std::uint64_t>();
    return lost == 0 ? fmt::format("never loses ({} lines walked)", lines)
                     : fmt::format("can lose in {} of {} lines", lost, lines);
  };
  out += fmt::format("  exhaustive   as X: {}; as O: {}\n", check("x"), check("o"));
  out += fmt::format(
      "  optimal moves: {:.1f}% over the {} positions it can face, {:.1f}% over the 3,191 where "
      "a mistake is possible\n",
      b["agree_faced"].get<double>(), b["positions_faced"].get<int>(),
      b["agree_mistakes"].get<double>());
  out += fmt::format("  moves chosen by rules (not at random): {:.1f}%\n",
                     b["rule_moves"].get<double>());
  if (!j["unbeatable_at_cycle"].is_null())
    out += fmt::format("Never loses in either seat since cycle {} ({:.2f} s of learning).\n",
                       j["unbeatable_at_cycle"].get<std::uint64_t>(),
                       j["seconds_to_unbeatable"].get<double>());
  if (j.contains("perfect_alive"))
    out += fmt::format("The injected perfect player is {}.\n",
                       j["perfect_alive"].get<bool>() ? "still alive" : "gone");
  out += fmt::format("run folder: {}\n", run_dir);
  if (j["stopped_by"] != "unbeatable")
    out += fmt::format("Continue with: evoplay tictactoe learn --resume {} --cycles N\n", run_dir);
  return out;
}

}  // namespace evoplay::games::tictactoe
