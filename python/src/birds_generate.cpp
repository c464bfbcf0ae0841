// evoplay.birds.generate: `birds generate` as a call (the library's generate_levels, the same
// levels and fitness as the command line for the same seed and settings), with the command's
// options as keyword arguments, a per-generation callback, and Ctrl-C.
#include <pybind11/stl.h>

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "bindings.hpp"
#include "evoplay/core/parallel.hpp"
#include "evoplay/core/run_dir.hpp"
#include "evoplay/core/run_record.hpp"
#include "evoplay/evo/stopping.hpp"
#include "evoplay/games/birds/composite.hpp"
#include "evoplay/games/birds/level_set.hpp"
#include "observer.hpp"
#include "pickling.hpp"

namespace evoplay::python {

namespace birds = games::birds;

namespace {

/// A generate run's outcome for Python: the levels as Level objects, the history as dicts.
struct PyGenerateResult {
  std::vector<birds::Level> levels;  // every set's, in order (blocks: block 1's first)
  py::list history;                  // every set's rows, in order
  std::string history_csv;           // the first set's history.csv
  int stable_levels = 0;
  std::string stop_reason;
  bool cancelled = false;
  std::vector<std::string> notes;
  std::string text;
  std::string out;    // the run folder, or "" when nothing was written
  py::object result;  // result.json's object
};

using Pair = std::pair<int, int>;
using Range = std::pair<double, double>;

/// The keyword arguments the command line's options map to (types as Python gives them).
struct Request {
  int levels;
  Pair pigs;
  std::optional<std::string> ruleset, composites;
  birds::LevelSetSettings set;
  int length;
  std::string selection, crossover, hamming;
  Pair blocks, tnt;
  Range difficulty;
  int threads;
};

birds::LevelSetSettings resolved(const Request& r) {
  birds::LevelSetSettings set = r.set;
  auto& ga = set.generator;
  ga.selection = birds::generator_selection(r.selection);
  ga.crossover = birds::parse_crossover(r.crossover);
  ga.hamming = birds::parse_hamming(r.hamming);
  birds::set_genome_length(ga.genome, r.length);
  std::tie(ga.blocks_min, ga.blocks_max) = r.blocks;
  std::tie(ga.placement.tnt_min, ga.placement.tnt_max) = r.tnt;
  std::tie(ga.playable.difficulty_min, ga.playable.difficulty_max) = r.difficulty;
  ga.threads = r.threads;
  set.validate();
  ga.threads = resolve_threads(ga.threads);
  return set;
}

PyGenerateResult generate(const Request& r, const std::optional<std::string>& out,
                          py::object callback) {
  const birds::LevelSetSettings set = resolved(r);
  const birds::Catalogue catalogue =
      r.composites ? birds::read_catalogue(*r.composites) : birds::default_catalogue();
  const auto rulesets =
      r.ruleset ? birds::read_rulesets(*r.ruleset)
                : std::vector{birds::simple_ruleset(r.levels, r.pigs.first, r.pigs.second)};
  birds::check_rulesets(rulesets, catalogue, r.ruleset.value_or(""));

  std::optional<RunDir> run;
  if (out) {
    birds::clear_earlier_run(*out);
    nlohmann::json config = set.to_json();
    config["composites_file"] = r.composites.value_or("(built in)");
    config["catalogue_size"] = catalogue.size();
    config["ruleset_file"] = r.ruleset.value_or("");
    config["rulesets"] = nlohmann::json::array();
    for (const auto& rs : rulesets) config["rulesets"].push_back(rs.to_json());
    run.emplace(begin_run(*out, "birds generate", set.seed, set.generator.threads, config));
  }
  Control control;
  PyObserver observer(std::move(callback), control.cancel);
  control.observer = &observer;
  const auto report = run_cancellable(control.cancel, [&] {
    return birds::generate_levels(run ? run->path() : std::filesystem::path(), catalogue, rulesets,
                                  r.ruleset.has_value(), set, control);
  });
  PyGenerateResult res;
  res.result = to_python(report.to_json());
  for (std::size_t b = 0; b < report.sets.size(); ++b) {
    const auto& s = report.sets[b];
    res.levels.insert(res.levels.end(), s.levels.begin(), s.levels.end());
    for (const auto& row : s.history.rows) res.history.append(record_dict(row));
    res.stable_levels += s.stable_levels;
    res.notes.insert(res.notes.end(), s.notes.begin(), s.notes.end());
    res.text += s.text(r.ruleset ? "block " + std::to_string(b + 1) + " (block-" +
                                       std::to_string(b + 1) + "):"
                                 : std::string("levels:"));
  }
  if (!report.sets.empty()) {
    res.history_csv = report.sets[0].history.to_csv();
    res.stop_reason = std::string(evo::stop_reason_name(report.sets.back().stop));
  }
  res.cancelled = report.cancelled();
  if (run) {
    finish_run(*run, report.to_json(), res.cancelled);
    res.out = run->path().string();
  }
  return res;
}

}  // namespace

void add_birds_generate(py::module_& m) {
  py::class_<PyGenerateResult>(m, "GenerateResult", "What `birds generate` made.")
      .def_readonly("levels", &PyGenerateResult::levels,
                    "The levels (Level objects), best first; with a ruleset, block by block.")
      .def_readonly("history", &PyGenerateResult::history,
                    "One dict per generation (every layer's, counted on): history.csv's rows.")
      .def_readonly("history_csv", &PyGenerateResult::history_csv)
      .def_readonly("stable_levels", &PyGenerateResult::stable_levels)
      .def_readonly("stop_reason", &PyGenerateResult::stop_reason)
      .def_readonly("cancelled", &PyGenerateResult::cancelled)
      .def_readonly("notes", &PyGenerateResult::notes,
                    "What the command prints as notes (too few levels, pigs without room).")
      .def_readonly("text", &PyGenerateResult::text, "The summary the command prints.")
      .def_readonly("out", &PyGenerateResult::out, "The run folder ('' when out=None).")
      .def(
          "to_dict", [](const PyGenerateResult& r) { return r.result; },
          "result.json's object: each level's fitness, stability, composites, ...; the layers.")
      .def(pickle_members<PyGenerateResult>(  // pickling.hpp; levels pickle as birds.Level
          "birds.GenerateResult",
          {"levels", "history", "history_csv", "stable_levels", "stop_reason", "cancelled", "notes",
           "text", "out", "result"},
          &PyGenerateResult::levels, &PyGenerateResult::history, &PyGenerateResult::history_csv,
          &PyGenerateResult::stable_levels, &PyGenerateResult::stop_reason,
          &PyGenerateResult::cancelled, &PyGenerateResult::notes, &PyGenerateResult::text,
          &PyGenerateResult::out, &PyGenerateResult::result))
      .def("__repr__", [](const PyGenerateResult& r) {
        return "<GenerateResult levels=" + std::to_string(r.levels.size()) +
               " stable=" + std::to_string(r.stable_levels) + " stop_reason=" + r.stop_reason + ">";
      });

  const birds::LevelSetSettings d;  // the command line's defaults
  const auto& g = d.generator;
  m.def(
      "generate",
      [](int levels, Pair pigs, std::optional<std::string> ruleset,
         std::optional<std::string> composites, int population, int generations, int length,
         std::string selection, std::string crossover, double crossover_rate, double mutation_rate,
         double stability_weight, double diversity_weight, std::string hamming, int elite,
         double max_lift, int layers, int new_composites, Pair blocks, Pair tnt, double platforms,
         double min_distance, int min_birds, double protection_weight, int max_generations,
         bool playable, Range difficulty, std::size_t islands, std::size_t migration_interval,
         std::size_t migrants, const std::string& topology, std::uint64_t seed, int threads,
         std::optional<std::string> out, bool pictures, py::object callback) {
        Request r{levels,
                  pigs,
                  std::move(ruleset),
                  std::move(composites),
                  {},
                  length,
                  std::move(selection),
                  std::move(crossover),
                  std::move(hamming),
                  blocks,
                  tnt,
                  difficulty,
                  threads};
        auto& ga = r.set.generator;
        ga.population = population;
        ga.generations = generations;
        ga.crossover_rate = crossover_rate;
        ga.mutation_rate = mutation_rate;
        ga.stability_weight = stability_weight;
        ga.diversity_weight = diversity_weight;
        ga.elite = elite;
        ga.genome.max_lift = max_lift;
        ga.genome.platform_chance = platforms;
        ga.min_distance = min_distance;
        ga.min_birds = min_birds;
        ga.protection_weight = protection_weight;
        ga.max_generations = max_generations;
        ga.playable.enabled = playable;
        ga.islands = island_params(islands, migration_interval, migrants, topology);
        r.set.layers = layers;
        r.set.new_composites = new_composites;
        r.set.pictures = pictures;
        r.set.seed = seed;
        return generate(r, out, std::move(callback));
      },
      py::kw_only(), py::arg("levels") = 5, py::arg("pigs") = Pair{2, 4},
      py::arg("ruleset") = py::none(), py::arg("composites") = py::none(),
      py::arg("population") = g.population, py::arg("generations") = g.generations,
      py::arg("length") = g.genome.length, py::arg("selection") = "tournament",
      py::arg("crossover") = "one-point", py::arg("crossover_rate") = g.crossover_rate,
      py::arg("mutation_rate") = g.mutation_rate, py::arg("stability_weight") = g.stability_weight,
      py::arg("diversity_weight") = g.diversity_weight, py::arg("hamming") = "min",
      py::arg("elite") = g.elite, py::arg("max_lift") = g.genome.max_lift,
      py::arg("layers") = d.layers, py::arg("new_composites") = d.new_composites,
      py::arg("blocks") = Pair{g.blocks_min, g.blocks_max},
      py::arg("tnt") = Pair{g.placement.tnt_min, g.placement.tnt_max},
      py::arg("platforms") = g.genome.platform_chance, py::arg("min_distance") = g.min_distance,
      py::arg("min_birds") = g.min_birds, py::arg("protection_weight") = g.protection_weight,
      py::arg("max_generations") = g.max_generations, py::arg("playable") = false,
      py::arg("difficulty") = Range{g.playable.difficulty_min, g.playable.difficulty_max},
      py::arg("islands") = 1, py::arg("migration_interval") = 10, py::arg("migrants") = 1,
      py::arg("topology") = "ring", py::arg("seed") = 1, py::arg("threads") = 1,
      py::arg("out") = py::none(), py::arg("pictures") = true, py::arg("callback") = py::none(),
      "`birds generate`: stable, diverse Science Birds levels by the paper's genetic algorithm "
      "(docs/birds-generator.md). Keywords as the command's options (pigs=(MIN, MAX), "
      "blocks=(MIN, MAX), ruleset=a parameters file, composites=a catalogue file, ...), with its "
      "defaults; the same seed and settings give the command's levels. out=None writes no file; "
      "out=FOLDER writes the command's run folder (levels, pictures unless pictures=False, "
      "history.csv, config.json, result.json). callback(record) sees each generation; returning "
      "False stops the run (with the levels found so far, stop_reason 'cancelled'). threads=0: "
      "every core (the levels do not depend on it). islands=K: K generators of `population` "
      "each that swap their `migrants` best every `migration_interval` generations along "
      "`topology` (ring or fully-connected), as --islands does. Bad settings raise "
      "evoplay.Error.");
}

}  // namespace evoplay::python
