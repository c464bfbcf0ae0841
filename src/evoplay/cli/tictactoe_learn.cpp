// evoplay tictactoe learn | agents, and the learning part of the demo: the tic-tac-toe learning
// program (docs/tictactoe-learning.md).
#include "evoplay/cli/tictactoe_learn.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <atomic>
#include <csignal>
#include <filesystem>
#include <limits>
#include <map>
#include <memory>
#include <optional>
#include <tuple>

#include "evoplay/cli/common.hpp"
#include "evoplay/cli/demo.hpp"
#include "evoplay/core/error.hpp"
#include "evoplay/core/json_input.hpp"
#include "evoplay/core/json_text.hpp"
#include "evoplay/core/parallel.hpp"
#include "evoplay/core/progress.hpp"
#include "evoplay/core/stopwatch.hpp"
#include "evoplay/core/text.hpp"
#include "evoplay/games/tictactoe/learner.hpp"
#include "evoplay/games/tictactoe/population_io.hpp"
#include "evoplay/games/tictactoe/resume.hpp"
#include "evoplay/render/history_plot.hpp"
#include "evoplay/render/plot.hpp"

namespace evoplay::cli {

namespace ttt = games::tictactoe;

namespace {

// The one piece of global state of the program, as a signal handler can reach nothing else: set
// by Ctrl-C (SIGINT) while `tictactoe learn` runs, which installs the handler and owns the flag.
std::atomic<bool> stop_requested{false};
static_assert(std::atomic<bool>::is_always_lock_free);

// Installs the SIGINT handler for the life of a learning run. The handler only sets the flag and
// is removed at once (SA_RESETHAND): a second Ctrl-C ends the program the usual way.
class InterruptGuard {
 public:
  InterruptGuard() {
    stop_requested = false;
    struct sigaction action {};
    action.sa_handler = [](int) { stop_requested.store(true); };
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESETHAND;
    sigaction(SIGINT, &action, &previous_);
  }
  ~InterruptGuard() { sigaction(SIGINT, &previous_, nullptr); }
  InterruptGuard(const InterruptGuard&) = delete;
  InterruptGuard& operator=(const InterruptGuard&) = delete;

 private:
  struct sigaction previous_ {};
};

// What a learning run is asked to do.
struct LearnJob {
  ttt::LearnSettings settings;
  std::uint64_t seed = 1;
  int threads = 0;
  bool quiet = false;
  std::string out;     // new run: the folder (empty: the default name)
  std::string resume;  // or a run folder to continue
  std::map<std::string, std::string> run_overrides;  // resume: cycles, until-unbeatable
};

struct LearnReport {
  RunDir run;
  nlohmann::json result;
  ttt::LearnOutcome outcome;
};

std::vector<double> column(const History& h, const std::string& name) {
  std::vector<double> out;
  for (const auto& r : h.rows) {
    if (name == "generation") {
      out.push_back(static_cast<double>(r.generation));
    } else {
      out.push_back(r.extra_value(name));
    }
  }
  return out;
}

// The pictures of a run: results against random and perfect, and what the agent knows.
std::vector<std::filesystem::path> save_plots(const RunDir& run, const History& h,
                                              const std::string& title) {
  if (h.rows.size() < 2) return {};
  const auto x = column(h, "generation");
  auto series = [&](const std::string& label, const std::string& name, int color, bool dashed) {
    render::Series s;
    s.label = label;
    s.x = x;
    s.y = column(h, name);
    s.color = color;
    s.dashed = dashed;
    return s;
  };
  auto percent_plot = [&](const std::string& what, const std::string& y_label) {
    render::LinePlot p;
    p.title = title + ": " + what;
    p.x_label = "cycle";
    p.y_label = y_label;
    p.y_min = 0;
    p.y_max = 100;
    p.legend_below = true;
    return p;
  };
  // Solid: the best agent; dashed: the population's mean (exact probabilities).
  auto results = percent_plot("games against random and perfect (%)", "% of games");
  results.series = {series("best, X vs random: win", "x_random_win", 0, false),
                    series("mean, X vs random: win", "mean_x_random_win", 0, true),
                    series("best, X vs random: loss", "x_random_loss", 1, false),
                    series("mean, X vs random: loss", "mean_x_random_loss", 1, true),
                    series("best, O vs random: win", "o_random_win", 2, false),
                    series("mean, O vs random: win", "mean_o_random_win", 2, true),
                    series("best, O vs random: loss", "o_random_loss", 3, false),
                    series("mean, O vs random: loss", "mean_o_random_loss", 3, true),
                    series("best, X vs perfect: loss", "x_perfect_loss", 4, false),
                    series("mean, X vs perfect: loss", "mean_x_perfect_loss", 4, true),
                    series("best, O vs perfect: loss", "o_perfect_loss", 5, false),
                    series("mean, O vs perfect: loss", "mean_o_perfect_loss", 5, true)};
  auto knows = percent_plot("what the agents know", "%");
  knows.y2_label = "losing lines (exhaustive check)";
  knows.series = {
      series("best: optimal moves, positions it faces", "agree_faced", 0, false),
      series("mean: optimal moves, positions faced", "mean_agree_faced", 0, true),
      series("best: optimal moves, 3,191 mistake positions", "agree_mistakes", 1, false),
      series("mean: optimal moves, 3,191 mistake positions", "mean_agree_mistakes", 1, true),
      series("best: moves by rules", "rule_moves", 2, false),
      series("mean: moves by rules (vs random)", "mean_rule_moves", 2, true),
      series("agents that never lose as X", "mean_x_unbeaten", 4, false),
      series("agents that never lose as O", "mean_o_unbeaten", 5, false)};
  for (auto [label, name, dashed] :
       {std::tuple{"best: lost lines as X", "x_lost_lines", false},
        std::tuple{"best: lost lines as O", "o_lost_lines", true},
        std::tuple{"mean: lost lines as X", "mean_x_lost_lines", false},
        std::tuple{"mean: lost lines as O", "mean_o_lost_lines", true}}) {
    auto l = series(label, name, std::string(name).starts_with("mean") ? 7 : 6, dashed);
    l.right_axis = true;
    knows.series.push_back(l);
  }
  knows.y2_min = 0;
  const auto results_png = run.file("results.png"), knows_png = run.file("knowledge.png"),
             weights_png = run.file("fitness.png");
  render::save_line_plot(results_png, results);
  render::save_line_plot(knows_png, knows);
  render::HistoryPlotOptions w;
  w.title = title + ": agents' weights";
  w.x_column = "generation";
  w.y_label = "weight";
  w.y2_label = "diversity (share of rules not shared)";
  render::save_history_plot(weights_png, parse_csv(h.to_csv(), "history.csv"), w, "history.csv");
  return {results_png, knows_png, weights_png};
}

nlohmann::json seat_json(const ttt::SeriesResult& r) {
  const double n = r.wins + r.draws + r.losses;
  return {{"win", 100 * r.wins / n}, {"draw", 100 * r.draws / n}, {"loss", 100 * r.losses / n}};
}

nlohmann::json measures_json(const ttt::Agent& best, const ttt::AgentMeasures& m) {
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

LearnReport run_learning(const LearnJob& job) {
  const Stopwatch clock;
  const ttt::Referee referee;
  ttt::LearnSettings settings = job.settings;
  std::uint64_t seed = job.seed;
  std::optional<RunDir> run;
  History history;
  std::optional<ttt::Population> saved;
  nlohmann::json config;
  if (!job.resume.empty()) {
    // Everything is read and checked before anything is written.
    const std::filesystem::path dir = job.resume;
    const auto config_file = dir / "config.json";
    const std::string cfg = config_file.string();
    if (!std::filesystem::exists(config_file))
      throw Error(cfg, 0, "missing (expected the run folder of a tictactoe learn run)");
    auto saved_config = ttt::parse_learn_config(read_text(cfg), cfg);
    config = std::move(saved_config.json);
    settings = saved_config.settings;
    seed = saved_config.seed;
    for (const auto& [name, value] : job.run_overrides) settings.set(name, value);
    settings.validate();
    const auto loaded = ttt::read_population(dir);
    ttt::check_saved(loaded, settings, (dir / "population.txt").string(), referee);
    const std::string hist_file = (dir / "history.csv").string();
    if (!std::filesystem::exists(hist_file))
      throw Error(hist_file, 0, "missing (expected the history of a tictactoe learn run)");
    history = ttt::history_at_cycle(
        ttt::parse_learn_history(read_text(hist_file), hist_file, ttt::history_columns(settings)),
        loaded, hist_file);
    saved = loaded.population;
    run = RunDir::create(dir.string(), "tictactoe-learn");
  } else {
    settings.validate();
    CommonOptions common;
    common.out = job.out;
    run = open_run_dir(common, "tictactoe-learn");
    common.seed = seed;
    common.threads = job.threads;
    config = base_config("tictactoe learn", common);
  }
  Workers workers(job.threads);
  std::unique_ptr<ttt::Learner> learner;
  if (saved) {
    learner = std::make_unique<ttt::Learner>(settings, seed, referee, std::move(*saved));
  } else {
    learner = std::make_unique<ttt::Learner>(settings, seed, referee, workers);
    learner->population().seconds = clock.seconds();
  }
  config["threads"] = resolve_threads(job.threads);
  config["learn"] = settings.to_json();
  run->write_json("config.json", config);

  Progress progress(job.quiet, "learn", settings.cycles);
  std::string last_measures;
  ttt::LearnHooks hooks;
  hooks.stop = &stop_requested;
  hooks.on_cycle = [&](const ttt::Learner& l, const GenerationRecord* row) {
    if (row) {
      last_measures = fmt::format("; best: loses as X {}, as O {}; optimal {:.0f}%",
                                  row->extra_value("x_can_lose") > 0 ? "yes" : "no",
                                  row->extra_value("o_can_lose") > 0 ? "yes" : "no",
                                  row->extra_value("agree_faced"));
    }
    progress.update(l.cycle(), fmt::format("cycle {}, best weight {:.4g}{}", l.cycle(),
                                           l.last_stats().best, last_measures));
  };
  hooks.checkpoint = [&](const ttt::Learner& l, const History& h) {
    run->write_text("history.csv", h.to_csv());
    run->write_text("population.txt", ttt::population_text(l.population(), settings.symmetry));
  };
  auto outcome = ttt::learn(*learner, history, workers, hooks);  // checkpoints write into *run
  LearnReport report{std::move(*run), {}, std::move(outcome)};
  progress.finish();

  const auto& best = learner->population().agents.front();
  const auto m = learner->measure_best();
  const auto& o = report.outcome;
  report.result = {
      {"never_loses_first", !m.check[0].can_lose},
      {"never_loses_second", !m.check[1].can_lose},
      {"cycles", learner->cycle()},
      {"seconds", learner->population().seconds},
      {"stopped_by", o.unbeatable    ? "unbeatable"
                     : o.interrupted ? "interrupt"
                                     : "cycles"},
      {"unbeatable_at_cycle", o.unbeatable ? nlohmann::json(o.unbeatable_cycle) : nlohmann::json()},
      {"seconds_to_unbeatable",
       o.unbeatable ? nlohmann::json(o.unbeatable_seconds) : nlohmann::json()},
      {"evaluations", learner->population().evaluations},
      {"preset", settings.preset},
      {"seed", seed},
      {"best", measures_json(best, m)}};
  if (settings.inject_perfect > 0) {
    report.result["perfect_alive"] =
        std::any_of(learner->population().agents.begin(), learner->population().agents.end(),
                    [](const ttt::Agent& a) { return a.perfect; });
  }
  report.run.write_json("result.json", report.result);
  save_plots(report.run, history, fmt::format("tic-tac-toe learning ({})", settings.preset));
  return report;
}

void print_report(const LearnReport& r) {
  const auto& j = r.result;
  const auto& b = j["best"];
  const char* why = j["stopped_by"] == "unbeatable"  ? "the best agent never loses"
                    : j["stopped_by"] == "interrupt" ? "Ctrl-C (the population is saved)"
                                                     : "the cycle limit";
  fmt::print("Tic-tac-toe learning (preset {}, seed {}): {} cycles, {:.1f} s; stopped by {}\n",
             j["preset"].get<std::string>(), j["seed"].get<std::uint64_t>(),
             j["cycles"].get<std::uint64_t>(), j["seconds"].get<double>(), why);
  fmt::print("Best agent: weight {:.4g}, {} rules, born at cycle {}\n", b["weight"].get<double>(),
             b["rules"].get<std::size_t>(), b["born"].get<std::uint64_t>());
  auto seat = [](const nlohmann::json& s) {
    return fmt::format("win {:5.1f}%  draw {:5.1f}%  loss {:5.1f}%", s["win"].get<double>(),
                       s["draw"].get<double>(), s["loss"].get<double>());
  };
  fmt::print("  vs random    as X: {}   as O: {}\n", seat(b["vs_random"]["x"]),
             seat(b["vs_random"]["o"]));
  fmt::print("  vs perfect   as X: {}   as O: {}\n", seat(b["vs_perfect"]["x"]),
             seat(b["vs_perfect"]["o"]));
  auto check = [&](const char* s) {
    const auto lost = b["lost_lines"][s].get<std::uint64_t>();
    const auto lines = b["lines"][s].get<std::uint64_t>();
    return lost == 0 ? fmt::format("never loses ({} lines walked)", lines)
                     : fmt::format("can lose in {} of {} lines", lost, lines);
  };
  fmt::print("  exhaustive   as X: {}; as O: {}\n", check("x"), check("o"));
  fmt::print(
      "  optimal moves: {:.1f}% over the {} positions it can face, {:.1f}% over the 3,191 where "
      "a mistake is possible\n",
      b["agree_faced"].get<double>(), b["positions_faced"].get<int>(),
      b["agree_mistakes"].get<double>());
  fmt::print("  moves chosen by rules (not at random): {:.1f}%\n", b["rule_moves"].get<double>());
  if (!j["unbeatable_at_cycle"].is_null())
    fmt::print("Never loses in either seat since cycle {} ({:.2f} s of learning).\n",
               j["unbeatable_at_cycle"].get<std::uint64_t>(),
               j["seconds_to_unbeatable"].get<double>());
  if (j.contains("perfect_alive"))
    fmt::print("The injected perfect player is {}.\n",
               j["perfect_alive"].get<bool>() ? "still alive" : "gone");
  fmt::print("Run folder: {}\n", r.run.path().string());
  if (j["stopped_by"] != "unbeatable")
    fmt::print("Continue with: evoplay tictactoe learn --resume {} --cycles N\n",
               r.run.path().string());
}

void add_learn(CLI::App* group) {
  struct Options {
    CommonOptions common;
    std::string preset = "original";
    std::string resume;
    std::map<std::string, std::string> given;
  };
  auto opt = std::make_shared<Options>();
  auto* cmd = group->add_subcommand(
      "learn",
      "agents made of rules learn to play by playing (the original program), or faster (strong); "
      "Ctrl-C saves and stops");
  cmd->add_option("--preset", opt->preset,
                  "settings to start from: original (the document's) or strong")
      ->capture_default_str();
  cmd->add_option("--resume", opt->resume,
                  "continue the run saved in this folder (with its settings; --cycles may grow)");
  const auto original = ttt::LearnSettings::preset_named("original");
  const auto strong = ttt::LearnSettings::preset_named("strong");
  std::vector<std::string> bools;
  for (const auto& s : ttt::setting_list()) {
    const auto a = ttt::setting_text(original, s.name), b = ttt::setting_text(strong, s.name);
    auto* o = cmd->add_option(
        "--" + s.name, opt->given[s.name],
        fmt::format("{} [original {}{}]", s.help, a, a == b ? "" : fmt::format(", strong {}", b)));
    o->type_name(s.kind);
    if (s.kind == "on|off") {
      o->expected(0, 1);
      bools.push_back(s.name);
    }
  }
  add_common_options(cmd, opt->common, kSeed | kThreads | kOut | kJson | kQuiet);
  cmd->callback([opt, cmd, bools] {
    LearnJob job;
    job.threads = opt->common.threads;
    job.quiet = opt->common.quiet || opt->common.json;
    std::vector<std::pair<std::string, std::string>> given;
    for (const auto& s : ttt::setting_list()) {
      if (!cmd->count("--" + s.name)) continue;
      std::string value = opt->given[s.name];
      if (value.empty() && std::find(bools.begin(), bools.end(), s.name) != bools.end())
        value = "on";
      given.emplace_back(s.name, value);
    }
    if (!opt->resume.empty()) {
      for (const char* o : {"--preset", "--seed", "--out"})
        if (cmd->count(o))
          throw Error(
              fmt::format("{} cannot be given with --resume: the run continues with its "
                          "saved settings and folder",
                          o));
      for (const auto& [name, value] : given) {
        bool run_setting = false;
        for (const auto& s : ttt::setting_list())
          run_setting = run_setting || (s.name == name && s.run);
        if (!run_setting)
          throw Error(
              fmt::format("--{} cannot be changed on --resume (only --cycles and "
                          "--until-unbeatable can): the run continues with its settings",
                          name));
        job.run_overrides[name] = value;
      }
      job.resume = opt->resume;
    } else {
      job.settings = ttt::LearnSettings::preset_named(opt->preset);
      for (const auto& [name, value] : given) job.settings.set(name, value);
      job.seed = opt->common.seed;
      job.out = opt->common.out;
    }
    const InterruptGuard guard;
    const auto report = run_learning(job);
    if (opt->common.json) {
      auto out = report.result;
      out["run"] = report.run.path().string();
      fmt::print("{}\n", json_text(out, 2));
    } else {
      print_report(report);
    }
  });
}

void add_agents(CLI::App* group) {
  struct Options {
    std::string dir;
    std::size_t top = 0;
    bool json = false;
  };
  auto opt = std::make_shared<Options>();
  auto* cmd = group->add_subcommand(
      "agents", "the agents of a learning run, best first, with their weights and rules");
  cmd->add_option("dir", opt->dir, "run folder of tictactoe learn (or its population.txt)")
      ->required();
  cmd->add_option("--top", opt->top, "show only the best K agents (0: all)")->capture_default_str();
  cmd->add_flag("--json", opt->json, "machine-readable output: JSON");
  cmd->callback([opt] {
    const auto saved = ttt::read_population(opt->dir);
    const auto& pop = saved.population;
    const std::size_t shown =
        opt->top == 0 ? pop.agents.size() : std::min(opt->top, pop.agents.size());
    // Rules in the order the agent prefers them: priority, then weight.
    auto preferred = [](const ttt::Agent& a) {
      std::vector<std::size_t> order(a.rules.size());
      for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
      std::stable_sort(order.begin(), order.end(), [&](std::size_t x, std::size_t y) {
        const auto &rx = a.rules[x], &ry = a.rules[y];
        return rx.priority != ry.priority ? rx.priority > ry.priority : rx.weight > ry.weight;
      });
      return order;
    };
    if (opt->json) {
      nlohmann::json out = {
          {"cycle", pop.cycle}, {"symmetry", saved.symmetry}, {"agents", nlohmann::json::array()}};
      for (std::size_t i = 0; i < shown; ++i) {
        const auto& a = pop.agents[i];
        nlohmann::json rules = nlohmann::json::array();
        for (auto k : preferred(a)) {
          const auto& r = a.rules[k];
          rules.push_back({{"pattern", r.pattern()},
                           {"action", r.action + 1},
                           {"priority", r.priority},
                           {"weight", r.weight}});
        }
        out["agents"].push_back({{"rank", i + 1},
                                 {"weight", a.weight},
                                 {"born", a.born},
                                 {"perfect", a.perfect},
                                 {"rules", rules}});
      }
      fmt::print("{}\n", json_text(out, 2));
      return;
    }
    fmt::print("{} agents after {} cycles (rules {} under the 8 symmetries); best first\n",
               pop.agents.size(), pop.cycle, saved.symmetry ? "match" : "do not match");
    fmt::print(
        "A pattern is the board row by row from the agent's side: P mine, C the opponent's,\n"
        "V empty, * anything; the action is the cell (1-9) it plays.\n");
    for (std::size_t i = 0; i < shown; ++i) {
      const auto& a = pop.agents[i];
      fmt::print("\nagent {}: weight {:.6g}, born at cycle {}{}, {} rules\n", i + 1, a.weight,
                 a.born, a.perfect ? " (the injected perfect player)" : "", a.rules.size());
      fmt::print("  {:<13} {:>6} {:>8} {:>6}\n", "pattern", "action", "priority", "weight");
      for (auto k : preferred(a)) {
        const auto& r = a.rules[k];
        const auto p = r.pattern();
        fmt::print("  {} {} {} {:>6} {:>8} {:>6}\n", p.substr(0, 3), p.substr(3, 3), p.substr(6, 3),
                   r.action + 1, r.priority, r.weight);
      }
    }
  });
}

}  // namespace

void add_tictactoe_learn_commands(CLI::App* tictactoe) {
  add_learn(tictactoe);
  add_agents(tictactoe);
}

void demo_tictactoe_learning(DemoContext& ctx) {
  LearnJob job;
  // The demo must stay under 10 s: a seed the bench measured as quick (seed 9: unbeatable at
  // cycle 101, 5 s of CPU), the demo's own seed added so that --seed still varies it, and a cap.
  job.settings = ttt::LearnSettings::preset_named("strong");
  job.settings.cycles = 150;
  job.settings.measure_every = 10;
  job.seed = ctx.seed + 8;
  job.threads = ctx.threads;
  job.quiet = ctx.quiet;
  job.out = ctx.folder("tictactoe-learn").string();
  const auto r = run_learning(job);
  const auto& j = r.result;
  fmt::print(
      "  strong preset, seed {}: {} after {} cycles, {:.1f} s; best agent vs random as X "
      "wins {:.1f}%, as O {:.1f}%, never loses {}\n",
      job.seed, j["stopped_by"] == "unbeatable" ? "unbeatable in both seats" : "stopped",
      j["cycles"].get<std::uint64_t>(), j["seconds"].get<double>(),
      j["best"]["vs_random"]["x"]["win"].get<double>(),
      j["best"]["vs_random"]["o"]["win"].get<double>(),
      j["never_loses_first"].get<bool>() && j["never_loses_second"].get<bool>()
          ? "(exhaustive check, both seats)"
          : "in neither seat for sure");
  ctx.show("tic-tac-toe learning: games", r.run.file("results.png"));
  ctx.show("tic-tac-toe learning: knowledge", r.run.file("knowledge.png"));
}

}  // namespace evoplay::cli
