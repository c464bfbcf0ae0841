// evoplay.sudoku.experiment: `sudoku experiment` as a call (the library's run_experiment: the
// same runs, summaries and comparisons as the command line for the same seed), with a progress
// callback and Ctrl-C.
#include <pybind11/stl.h>

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "bindings.hpp"
#include "evoplay/core/field_checks.hpp"
#include "evoplay/core/run_dir.hpp"
#include "evoplay/core/run_record.hpp"
#include "evoplay/games/sudoku/board.hpp"
#include "evoplay/games/sudoku/experiment.hpp"
#include "fields.hpp"
#include "pickling.hpp"

namespace evoplay::python {

namespace su = games::sudoku;

namespace {

/// An experiment's outcome for Python: the command's JSON records and CSV texts.
struct PyExperimentResult {
  py::object result;     // result.json's object
  py::list configs;      // one dict per configuration (result.json's "configs")
  py::list comparisons;  // result.json's "comparisons"
  py::list runs;         // one dict per run (runs.csv's rows)
  std::string text, summary_csv, runs_csv, out;
  bool cancelled = false;
};

/// An operator list as Python gives it: "a,b", "all", or a list of names.
std::string list_text(const py::object& names) {
  if (names.is_none()) return "";
  if (py::isinstance<py::str>(names)) return names.cast<std::string>();
  std::string text;
  for (const auto& n : names) text += (text.empty() ? "" : ",") + py::str(n).cast<std::string>();
  return text;
}

/// The progress callback, called on the thread that runs the experiment: it takes the GIL; a
/// False answer or an exception cancels the run (the exception is raised after it returns).
struct PyProgress {
  py::object callback;
  CancelToken token;
  std::optional<py::error_already_set> error;

  void operator()(std::uint64_t done, std::uint64_t total) {
    if (callback.is_none() || error) return;
    py::gil_scoped_acquire gil;
    try {
      if (callback(done, total).is(py::bool_(false))) token.cancel();
    } catch (py::error_already_set& e) {
      error.emplace(std::move(e));
      token.cancel();
    }
  }
};

}  // namespace

void add_sudoku_experiment(py::module_& m) {
  py::class_<PyExperimentResult>(m, "ExperimentResult", "What `sudoku experiment` found.")
      .def_readonly("configs", &PyExperimentResult::configs,
                    "One dict per configuration (operator pair and varied value): runs, "
                    "successes, success rate and interval, medians, mean best fitness.")
      .def_readonly("comparisons", &PyExperimentResult::comparisons,
                    "The Mann-Whitney U tests of compare=(A, B).")
      .def_readonly("runs", &PyExperimentResult::runs, "One dict per run (runs.csv's rows).")
      .def_readonly("text", &PyExperimentResult::text, "The table the command prints.")
      .def_readonly("summary_csv", &PyExperimentResult::summary_csv)
      .def_readonly("runs_csv", &PyExperimentResult::runs_csv)
      .def_readonly("cancelled", &PyExperimentResult::cancelled)
      .def_readonly("out", &PyExperimentResult::out, "The run folder ('' when out=None).")
      .def(
          "to_dict", [](const PyExperimentResult& r) { return r.result; }, "result.json's object.")
      .def(pickle_members<PyExperimentResult>(  // pickling.hpp
          "sudoku.ExperimentResult",
          {"result", "configs", "comparisons", "runs", "text", "summary_csv", "runs_csv", "out",
           "cancelled"},
          &PyExperimentResult::result, &PyExperimentResult::configs,
          &PyExperimentResult::comparisons, &PyExperimentResult::runs, &PyExperimentResult::text,
          &PyExperimentResult::summary_csv, &PyExperimentResult::runs_csv, &PyExperimentResult::out,
          &PyExperimentResult::cancelled))
      .def("__repr__", [](const PyExperimentResult& r) {
        return "<ExperimentResult configs=" + std::to_string(r.configs.size()) +
               " runs=" + std::to_string(r.runs.size()) + (r.cancelled ? " cancelled" : "") + ">";
      });

  m.def(
      "experiment",
      [](const py::object& puzzles, std::optional<long long> first, std::optional<std::string> out,
         py::object progress, const py::kwargs& kwargs) {
        // As --first: not given (None), every puzzle; else the first N, N from 1.
        if (first) check_whole("first", *first, 1, 1'000'000'000);
        const auto boards =
            su::boards_of(sudoku_entries(puzzles), first ? static_cast<std::size_t>(*first) : 0);
        // Operators may be given as lists too; threads default to 1 here.
        py::dict given(kwargs);
        for (const char* list : {"crossover", "mutation", "compare"})
          if (given.contains(list)) given[list] = list_text(given[list]);
        auto defaults = su::ExperimentSettings{};
        defaults.threads = 1;
        auto settings = apply_kwargs(defaults, given);
        settings.validate();
        const std::uint64_t seed = settings.seed;
        const int threads = settings.threads;

        std::optional<RunDir> run;
        if (out) {
          nlohmann::json config = settings.to_json();
          config["puzzles"] = "(python)";
          config["puzzle_count"] = boards.size();
          run.emplace(begin_run(*out, "sudoku experiment", seed, threads, config));
        }
        Control control;
        PyProgress watch{std::move(progress), control.cancel, std::nullopt};
        control.progress = [&watch](std::uint64_t done, std::uint64_t total) {
          watch(done, total);
        };
        const su::ExperimentResult r = run_cancellable(
            control.cancel, [&] { return su::run_experiment(boards, settings, control); });
        if (watch.error) throw std::move(*watch.error);
        PyExperimentResult res;
        const auto json = r.to_json();
        res.result = to_python(json);
        if (json.contains("configs")) res.configs = to_python(json["configs"]);
        if (json.contains("comparisons")) res.comparisons = to_python(json["comparisons"]);
        for (const auto& rec : r.runs) res.runs.append(to_python(su::run_record_json(rec)));
        res.text = r.text();
        res.summary_csv = su::summary_csv(r);
        res.runs_csv = su::runs_csv(r);
        res.cancelled = r.cancelled;
        if (run) {
          su::save_experiment_files(*run, r, settings, "python", boards.size());
          finish_run(*run, json, r.cancelled);
          res.out = run->path().string();
        }
        return res;
      },
      py::arg("puzzles"), py::kw_only(), py::arg("first") = py::none(), py::arg("out") = py::none(),
      py::arg("progress") = py::none(),
      ("`sudoku experiment`: repeated seeded GA runs per operator (crossover, mutation: a name, "
       "'a,b', a list, or 'all') and per value of one parameter (vary='population=50:200:50' "
       "or 'mutation-rate=0.1,0.3'), on puzzles (a text, a Puzzle or a list; first=N keeps the "
       "first N, N from 1), `runs` runs each; compare=(A, B) tests two operators (Mann-Whitney U). "
       "Keywords "
       "as the command's options over the preset; the same seed gives the command's runs at any "
       "number of threads (0: every core). progress(done, total) sees each finished run; "
       "returning False stops (with the runs finished). out=FOLDER writes the command's run "
       "folder (summary.csv, runs.csv, success.png, fitness.png, config.json, result.json)." +
       keywords_doc(su::ExperimentSettings{}))
          .c_str());
}

}  // namespace evoplay::python
