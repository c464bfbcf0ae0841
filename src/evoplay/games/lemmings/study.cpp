#include "evoplay/games/lemmings/study.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "evoplay/core/content_hash.hpp"
#include "evoplay/core/data_dir.hpp"
#include "evoplay/core/error.hpp"
#include "evoplay/core/history.hpp"
#include "evoplay/core/input_files.hpp"
#include "evoplay/core/json_text.hpp"
#include "evoplay/core/parallel.hpp"
#include "evoplay/core/rng.hpp"
#include "evoplay/core/stopwatch.hpp"
#include "evoplay/core/text.hpp"
#include "evoplay/core/units.hpp"
#include "evoplay/games/lemmings/checks.hpp"
#include "evoplay/games/lemmings/pingus_level.hpp"

namespace evoplay::games::lemmings {

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

/// FNV-1a of a text: the same on every machine (std::hash is not).
std::uint64_t text_hash(const std::string& text) {
  std::uint64_t h = 0xCBF29CE484222325ULL;
  for (unsigned char c : text) h = (h ^ c) * 0x100000001B3ULL;
  return h;
}

std::string difficulty_of(const std::string& id) {
  for (const char* d : {"easy", "medium", "hard"}) {
    const std::string prefix = d;
    if (id.rfind(prefix, 0) == 0 &&
        (id.size() == prefix.size() ||
         !std::isalpha(static_cast<unsigned char>(id[prefix.size()])))) {
      return prefix;
    }
  }
  return "other";
}

/// The value of a history at each checkpoint: running best and the last record's mean.
void curves_of(const History& history, std::uint64_t budget, std::size_t points,
               std::vector<double>& best, std::vector<double>& mean) {
  best.assign(points, kNaN);
  mean.assign(points, kNaN);
  std::size_t row = 0;
  double running = kNaN;
  const auto& rows = history.rows;
  for (std::size_t k = 0; k < points; ++k) {
    const auto at = budget * (k + 1) / points;
    while (row < rows.size() && rows[row].evaluations <= at) {
      running = std::isnan(running) ? rows[row].best : std::max(running, rows[row].best);
      ++row;
    }
    if (row == 0) continue;
    best[k] = running;
    mean[k] = rows[row - 1].mean;
  }
}

/// Throws FieldError naming `field` if `items` is empty.
template <class T>
void check_list(const char* field, const std::vector<T>& items) {
  if (items.empty()) throw fields::FieldError(field, "give at least one name");
}

}  // namespace

void StudySpec::set_algorithms(std::string_view names) {
  fields::set_text(*this, "methods", names);
}

void StudySpec::set_fitnesses(std::string_view names) { fields::set_text(*this, "fitness", names); }

std::vector<std::filesystem::path> level_files(const std::vector<std::string>& args) {
  std::vector<std::string> given = args;
  if (given.empty()) {
    const auto data = find_data_dir("lemmings");
    if (data.empty())
      throw Error("no level files given, and the shipped data/lemmings was not found");
    given.push_back(data.string());
  }
  auto pingus_dir = [](const std::string& arg) {
    std::error_code ec;
    return std::filesystem::is_directory(arg, ec) && files_with_extension(arg, ".lvl").empty() &&
           !files_with_extension(arg, ".pingus").empty();
  };
  if (std::none_of(given.begin(), given.end(), [&](const std::string& a) {
        return a.starts_with("pingus:") || pingus_dir(a);
      })) {
    const auto names = expand_input_files(given, ".lvl");
    return {names.begin(), names.end()};
  }
  std::vector<std::filesystem::path> files;
  for (const auto& arg : given) {
    if (arg.starts_with("pingus:")) {  // a Pingus level set by name
      for (const auto& f : pingus_level_set(arg.substr(7), pingus_data_dir())) files.push_back(f);
      continue;
    }
    if (pingus_dir(arg)) {
      for (const auto& f : files_with_extension(arg, ".pingus")) files.push_back(f);
      continue;
    }
    for (const auto& f : expand_input_files({arg}, ".lvl")) files.push_back(f);
  }
  return files;
}

std::vector<StudyLevel> load_study_levels(const std::vector<std::filesystem::path>& files) {
  std::vector<StudyLevel> out;
  for (const auto& f : files) {
    StudyLevel l;
    l.file = f.string();
    l.id = f.stem().string();
    // The tables, the plots and the run folder name a level by its file name: one row each.
    for (const StudyLevel& seen : out) {
      if (seen.id != l.id) continue;
      std::error_code ec;
      if (std::filesystem::equivalent(seen.file, l.file, ec)) {
        throw Error(l.file, 0, "this level is given twice");
      }
      throw Error(l.file, 0,
                  fmt::format("a level of the same name is given before it ({}): levels are "
                              "named by their file names in the tables; rename one",
                              seen.file));
    }
    l.difficulty = difficulty_of(l.id);
    // A Pingus level's group is its folder under the game's levels/: its level set.
    if (is_pingus_file(l.file)) l.difficulty = f.parent_path().filename().string();
    l.level = load_level(f.string());
    if (l.level.total_skills() <= 0) {
      throw Error(l.file, 0, "the level offers no skill: there is nothing for a solver to plan");
    }
    out.push_back(std::move(l));
  }
  // Easy, medium, hard, then the others; in the order given within each.
  auto rank = [](const StudyLevel& l) {
    return l.difficulty == "easy"     ? 0
           : l.difficulty == "medium" ? 1
           : l.difficulty == "hard"   ? 2
                                      : 3;
  };
  std::stable_sort(out.begin(), out.end(),
                   [&](const StudyLevel& a, const StudyLevel& b) { return rank(a) < rank(b); });
  return out;
}
void StudySpec::validate() const {
  fields::check(*this);
  check_list("methods", algorithms);
  check_list("fitness", fitnesses);
  solver.cro.validate();
}

nlohmann::json StudySpec::to_json() const {
  auto j = fields::to_json(*this);
  j["threads"] = resolve_threads(solver.threads);
  return j;
}

SolverSettings StudySpec::solver_settings() const {
  SolverSettings s = solver;
  s.threads = 1;
  return s;
}

const StudyCell& StudyResult::cell(std::size_t level, FitnessKind f, Algorithm a) const {
  for (const auto& c : cells) {
    if (c.level == level && c.fitness == f && c.algorithm == a) return c;
  }
  throw InternalError("study: no such cell");
}

std::vector<StudyRun> study_units(const std::vector<StudyLevel>& levels, const StudySpec& spec) {
  std::vector<StudyRun> units;
  for (std::size_t l = 0; l < levels.size(); ++l) {
    for (auto f : spec.fitnesses) {
      for (auto a : spec.algorithms) {
        for (int r = 0; r < spec.runs; ++r) {
          StudyRun run;
          run.level = l;
          run.fitness = f;
          run.algorithm = a;
          run.run = r;
          run.seed = Rng(spec.solver.seed)
                         .split({text_hash(levels[l].id), static_cast<std::uint64_t>(r)})
                         .seed();
          units.push_back(std::move(run));
        }
      }
    }
  }
  return units;
}

bool run_study_unit(StudyRun& run, const StudyLevel& level, const StudySpec& spec,
                    const CancelToken& cancel) {
  SolverSettings s = spec.solver_settings();
  s.algorithm = run.algorithm;
  s.fitness = run.fitness;
  s.seed = run.seed;
  Control control;
  control.cancel = cancel;
  const double cpu_start = thread_cpu_seconds();
  SolveResult r = solve(level.level, s, control);
  if (r.counters.stop == evo::StopReason::kCancelled) return false;
  run.cpu_seconds = thread_cpu_seconds() - cpu_start;
  run.counters = r.counters;
  run.first_solution = r.first_solution;
  run.distinct = r.distinct();
  run.fewest_actions = r.fewest_actions;
  run.solutions = std::move(r.solutions);
  run.simulation_seconds = r.simulation_seconds;
  curves_of(r.history, spec.solver.evaluations, std::max<std::size_t>(spec.curve_points, 1),
            run.best_curve, run.mean_curve);
  return true;
}

namespace {

/// A level's content as the runs see it (a Pingus level: the game's checksum of its file too).
std::string level_fingerprint(const Level& l) {
  ContentHash h;
  h.text(l.name).value(l.width).value(l.height).values(l.cells);
  for (int v : {l.lemmings, l.save, l.time, l.release, l.fall, l.bricks, l.fuse, l.radius})
    h.value(v);
  for (int v : l.skills) h.value(v);
  if (l.pingus) h.text(l.pingus->checksum).values(l.pingus->colmap);
  return h.hex();
}

/// Throws Error unless `r` is what unit `u` of the study could have given.
void check_study_run(const StudyRun& r, const StudyRun& u, const StudySpec& spec) {
  if (r.level != u.level || r.algorithm != u.algorithm || r.fitness != u.fitness ||
      r.run != u.run || r.seed != u.seed)
    throw Error("the run of another level, algorithm, fitness or seed");
  const evo::RunCounters& n = r.counters;
  if (n.evaluations > spec.solver.evaluations)
    throw Error(fmt::format("{} evaluations, more than the budget of {}", n.evaluations,
                            spec.solver.evaluations));
  if (n.generations > n.evaluations || n.restarts > n.generations)
    throw Error("more generations than evaluations, or restarts than generations");
  if (n.stop == evo::StopReason::kNone || n.stop == evo::StopReason::kCancelled)
    throw Error("stop_reason: not a way a finished run ends");
  if (r.first_solution > n.evaluations) throw Error("a first solution after the last evaluation");
  if (r.distinct != r.solutions.size() || n.solved != (r.distinct > 0))
    throw Error("solved, distinct and the solutions found do not agree");
  const std::size_t points = std::max<std::size_t>(spec.curve_points, 1);
  if (r.best_curve.size() != points || r.mean_curve.size() != points)
    throw Error(fmt::format("curves of other than {} points", points));
  for (double t : {n.seconds, r.simulation_seconds, r.cpu_seconds})
    if (!(t >= 0) || !std::isfinite(t)) throw Error("a time that is negative or not a number");
}

}  // namespace

StudyResult run_study(std::vector<StudyLevel> levels, const StudySpec& spec,
                      const Control& control) {
  spec.validate();
  if (levels.empty()) throw Error("lemmings compare: no levels");
  StudyResult result;
  result.spec = spec;
  result.levels = std::move(levels);
  const Stopwatch clock;
  const double cpu_start = process_cpu_seconds();

  std::vector<StudyRun> units = study_units(result.levels, spec);
  // The slowest (hard) levels first in the queue; each unit's result goes to its own slot.
  std::vector<std::size_t> order(units.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  auto rank = [&](std::size_t i) {
    const auto& d = result.levels[units[i].level].difficulty;
    return d == "hard" ? 0 : d == "medium" ? 1 : d == "other" ? 2 : 3;
  };
  std::stable_sort(order.begin(), order.end(),
                   [&](std::size_t a, std::size_t b) { return rank(a) < rank(b); });
  UnitJob job;
  job.name = "lemmings compare";
  job.count = units.size();
  job.threads = spec.solver.threads;
  job.order = std::move(order);
  const std::string settings = json_text(spec.solver_settings().to_json(), -1) + " curve " +
                               std::to_string(spec.curve_points);
  job.key = [&](std::size_t i) {
    const StudyRun& u = units[i];
    return fmt::format("lemmings compare {} {} {} {} {} {}", result.levels[u.level].id,
                       fitness_name(u.fitness), algorithm_name(u.algorithm), u.run, u.seed,
                       settings);
  };
  for (const auto& l : result.levels)
    job.fingerprint["levels"].push_back({l.id, level_fingerprint(l.level)});
  job.check = [&](std::size_t i, const nlohmann::json& j) {
    check_study_run(study_run_from_json(j), units[i], spec);
  };
  job.run = [&](std::size_t i, const CancelToken& cancel) -> std::optional<nlohmann::json> {
    StudyRun unit = units[i];
    if (!run_study_unit(unit, result.levels[unit.level], spec, cancel)) return std::nullopt;
    return study_run_json(unit);
  };
  const UnitResults done = run_units(job, control);
  for (std::size_t i = 0; i < units.size(); ++i) {
    if (done[i]) result.runs.push_back(study_run_from_json(*done[i]));
  }
  if (result.runs.size() < units.size()) result.stop = evo::StopReason::kCancelled;
  summarize_study(result);
  result.seconds = clock.seconds();
  result.cpu_seconds = process_cpu_seconds() - cpu_start;
  return result;
}

nlohmann::json study_run_json(const StudyRun& r) {
  return {
      {"level", r.level},
      {"algorithm", algorithm_name(r.algorithm)},
      {"fitness", fitness_name(r.fitness)},
      {"run", r.run},
      {"seed", r.seed},
      {"solved", r.counters.solved},
      {"first_solution", r.first_solution},
      {"distinct", r.distinct},
      {"fewest_actions", r.counters.solved ? nlohmann::json(r.fewest_actions) : nlohmann::json()},
      {"best_fitness", json_double(r.counters.best_fitness)},
      {"evaluations", r.counters.evaluations},
      {"generations", r.counters.generations},
      {"restarts", r.counters.restarts},
      {"stop_reason", evo::stop_reason_name(r.counters.stop)},
      {"seconds", r.counters.seconds},
      {"simulation_seconds", r.simulation_seconds},
      {"cpu_seconds", r.cpu_seconds},
      {"solutions", r.solutions},
      {"best_curve", json_doubles(r.best_curve)},
      {"mean_curve", json_doubles(r.mean_curve)}};
}

StudyRun study_run_from_json(const nlohmann::json& j) {
  StudyRun r;
  r.level = json_integer<std::size_t>(j.at("level"));
  r.algorithm = algorithm_from_name(j.at("algorithm").get<std::string>());
  r.fitness = fitness_from_name(j.at("fitness").get<std::string>());
  r.run = json_integer<int>(j.at("run"));
  r.seed = json_integer<std::uint64_t>(j.at("seed"));
  r.counters.solved = j.at("solved").get<bool>();
  r.first_solution = json_integer<std::uint64_t>(j.at("first_solution"));
  r.distinct = json_integer<std::size_t>(j.at("distinct"));
  const auto& fewest = j.at("fewest_actions");
  if (fewest.is_null() == r.counters.solved)
    throw Error(
        "fewest_actions: expected a number for a run that solved, null for one that did not");
  r.fewest_actions = fewest.is_null() ? 0 : json_integer<std::size_t>(fewest);
  r.counters.best_fitness = double_from_json(j.at("best_fitness"));
  r.counters.evaluations = json_integer<std::uint64_t>(j.at("evaluations"));
  r.counters.generations = json_integer<std::size_t>(j.at("generations"));
  r.counters.restarts = json_integer<std::size_t>(j.at("restarts"));
  r.counters.stop = evo::stop_reason_from_name(j.at("stop_reason").get<std::string>());
  r.counters.seconds = j.at("seconds").get<double>();
  r.simulation_seconds = j.at("simulation_seconds").get<double>();
  r.cpu_seconds = j.at("cpu_seconds").get<double>();
  for (const auto& x : j.at("solutions")) r.solutions.push_back(json_integer<std::uint64_t>(x));
  r.best_curve = doubles_from_json(j.at("best_curve"));
  r.mean_curve = doubles_from_json(j.at("mean_curve"));
  return r;
}

nlohmann::json study_config(const std::vector<StudyLevel>& levels, const StudySpec& spec) {
  nlohmann::json files = nlohmann::json::array();
  for (const auto& l : levels) files.push_back(l.file);
  nlohmann::json config = {{"study", spec.to_json()}, {"levels", files}};
  SolverSettings per_algo = spec.solver_settings();
  for (auto a : spec.algorithms) {
    per_algo.algorithm = a;
    config["solvers"][std::string(algorithm_name(a))] = per_algo.to_json();
  }
  return config;
}

}  // namespace evoplay::games::lemmings
