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
#include "evoplay/games/birds/generate_settings.hpp"
#include "evoplay/games/birds/level_set.hpp"
#include "fields.hpp"
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

PyGenerateResult generate(const birds::GenerateSettings& settings,
                          const std::optional<std::string>& out, py::object callback) {
  const birds::LevelSetSettings set = settings.level_set();
  const birds::Catalogue catalogue = settings.catalogue();
  const auto rulesets = settings.rulesets(catalogue);
  const bool blocks = settings.ruleset.has_value();

  std::optional<RunDir> run;
  if (out) {
    birds::clear_earlier_run(*out);
    run.emplace(begin_run(*out, "birds generate", set.seed, set.generator.threads,
                          settings.config(set, catalogue, rulesets)));
  }
  Control control;
  PyObserver observer(std::move(callback), control.cancel);
  control.observer = &observer;
  const auto report = run_cancellable(control.cancel, [&] {
    return birds::generate_levels(run ? run->path() : std::filesystem::path(), catalogue, rulesets,
                                  blocks, set, control);
  });
  PyGenerateResult res;
  res.result = to_python(report.to_json());
  for (const auto& s : report.sets) {
    res.levels.insert(res.levels.end(), s.levels.begin(), s.levels.end());
    for (const auto& row : s.history.rows) res.history.append(record_dict(row));
    res.stable_levels += s.stable_levels;
  }
  res.notes = report.notes();
  res.text = report.text();
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

  m.def(
      "generate",
      [](std::optional<std::string> out, py::object callback, const py::kwargs& kwargs) {
        auto settings = apply_kwargs(birds::GenerateSettings{}, kwargs);
        settings.validate();
        return generate(settings, out, std::move(callback));
      },
      py::kw_only(), py::arg("out") = py::none(), py::arg("callback") = py::none(),
      ("`birds generate`: stable, diverse Science Birds levels by the paper's genetic algorithm "
       "(docs/birds-generator.md), with the command's settings as keywords and its defaults; "
       "the same seed and settings give the command's levels. out=None writes no file; "
       "out=FOLDER writes the command's run folder (levels, pictures unless pictures=False, "
       "history.csv, config.json, result.json). callback(record) sees each generation; "
       "returning False stops the run (with the levels found so far, stop_reason 'cancelled'). "
       "threads=0: every core (the levels do not depend on it). Bad settings raise "
       "evoplay.Error; an unknown keyword a TypeError." +
       keywords_doc(birds::GenerateSettings{}))
          .c_str());
}

}  // namespace evoplay::python
