// evoplay.lemmings: levels and plans, a run's report (the same as `lemmings run --json`), the
// lemmings' positions step by step as a numpy array, and pictures as PNG bytes.
#include <fmt/format.h>
#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <filesystem>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "bindings.hpp"
#include "evoplay/core/error.hpp"
#include "evoplay/games/lemmings/level.hpp"
#include "evoplay/games/lemmings/pingus_demo.hpp"
#include "evoplay/games/lemmings/plan.hpp"
#include "evoplay/games/lemmings/render.hpp"
#include "evoplay/games/lemmings/report.hpp"
#include "evoplay/games/lemmings/simulator.hpp"
#include "evoplay/games/lemmings/solve_level.hpp"
#include "evoplay/games/lemmings/study.hpp"
#include "evoplay/games/lemmings/study_report.hpp"
#include "fields.hpp"
#include "pickling.hpp"

namespace evoplay::python {

namespace lem = games::lemmings;

namespace {

/// Records every released lemming's cell after each step (-1, -1 once saved or dead).
class PositionTrace : public lem::StepObserver {
 public:
  std::vector<std::vector<std::array<int, 2>>> steps;
  void on_step(const lem::Simulator& sim, int, std::span<const lem::Event>) override {
    std::vector<std::array<int, 2>> cells;
    for (int i = 0; i < sim.released(); ++i) {
      const lem::LemmingState s = sim.lemming(i);
      const bool out = s.job != lem::Job::kSaved && s.job != lem::Job::kDead;
      cells.push_back(out ? std::array<int, 2>{s.x, s.y} : std::array<int, 2>{-1, -1});
    }
    steps.push_back(std::move(cells));
  }
};

/// A plan as a Python object (lem::Plan is a std::vector, which would become a list).
struct PyPlan {
  lem::Plan genes;
};

lem::Plan plan_or_none(const std::optional<PyPlan>& plan) {
  return plan ? plan->genes : lem::Plan{};
}

/// `lemmings compare` as units of work a Python scheduler (Dask, multiprocessing) can spread:
/// the library's units, seeds, unit results (study_run_json) and summary.
class PyStudy {
 public:
  PyStudy(const std::vector<std::string>& levels, const py::kwargs& kwargs) {
    spec_ = apply_kwargs(lem::StudySpec{}, kwargs, {{"algos", "methods"}});
    spec_.validate();
    levels_ = lem::load_study_levels(lem::level_files(levels));
    units_ = lem::study_units(levels_, spec_);
  }

  std::size_t units() const { return units_.size(); }

  /// Runs unit `i` (one algorithm, fitness and run on one level): its results as a dict (what
  /// the run folder's units/ files hold, and "unit": i).
  py::object run_unit(std::size_t i) {
    if (i >= units_.size()) throw py::index_error("no such unit");
    lem::StudyRun unit = units_[i];
    CancelToken token;
    const bool finished = run_cancellable(
        token, [&] { return lem::run_study_unit(unit, levels_[unit.level], spec_, token); });
    if (!finished) throw py::value_error("the unit was cancelled");
    auto j = lem::study_run_json(unit);
    j["unit"] = i;
    return to_python(j);
  }

  /// Runs every unit here, on `threads` threads (0: every hardware thread): `lemmings compare`.
  py::dict run(int threads) {
    lem::StudySpec spec = spec_;
    spec.solver.threads = threads;
    spec.validate();
    Control control;
    const auto r =
        run_cancellable(control.cancel, [&] { return lem::run_study(levels_, spec, control); });
    return report(r);
  }

  /// The study from every unit's results (in any order): its tables and result.json.
  py::dict summarize(const py::list& results) {
    lem::StudyResult r;
    r.spec = spec_;
    r.levels = levels_;
    std::vector<lem::StudyRun> runs(units_.size());
    std::vector<bool> seen(units_.size(), false);
    for (const auto& item : results) {
      const auto j = json_of(item);
      const auto i = j.value("unit", units_.size());
      if (i >= units_.size() || seen[i]) throw py::value_error("a unit given twice or unknown");
      seen[i] = true;
      runs[i] = lem::study_run_from_json(j);
    }
    if (std::find(seen.begin(), seen.end(), false) != seen.end()) {
      throw py::value_error("summarize needs the results of every unit");
    }
    r.runs = std::move(runs);
    for (const auto& u : r.runs) {
      r.seconds += u.counters.seconds;
      r.cpu_seconds += u.cpu_seconds;
    }
    lem::summarize_study(r);
    return report(r);
  }

 private:
  static py::dict report(const lem::StudyResult& r) {
    py::dict out;
    out["markdown"] = lem::study_markdown(r);
    out["result"] = to_python(r.to_json());
    return out;
  }

  lem::StudySpec spec_;
  std::vector<lem::StudyLevel> levels_;
  std::vector<lem::StudyRun> units_;
};

}  // namespace

void add_lemmings(py::module_& root) {
  auto m = root.def_submodule("lemmings", "Lemmings: levels, plans, runs, traces, studies");
  py::class_<lem::Level>(m, "Level", "A Lemmings level (docs/lemmings.md).")
      .def_static("load", &lem::load_level, py::arg("path"),
                  "Reads a .lvl file, or a Pingus level (.pingus; images from pingus-data).")
      .def_static(
          "parse",
          [](const std::string& text, const std::string& file) {
            return lem::parse_level(text, file);
          },
          py::arg("text"), py::arg("file") = "<text>", "A level from its text.")
      .def_readonly("name", &lem::Level::name)
      .def_readonly("width", &lem::Level::width)
      .def_readonly("height", &lem::Level::height)
      .def_readonly("lemmings", &lem::Level::lemmings)
      .def_readonly("save", &lem::Level::save)
      .def_readonly("time", &lem::Level::time)
      .def_property_readonly(
          "is_pingus", [](const lem::Level& l) { return static_cast<bool>(l.pingus); },
          "True for a Pingus level (played by the Pingus rules).")
      .def("__str__", [](const lem::Level& l) { return lem::to_text(l); })
      .def("__repr__",
           [](const lem::Level& l) {
             return fmt::format("<lemmings.Level '{}'{}, {} lemmings, {} to save>", l.name,
                                l.pingus ? " (Pingus)" : "", l.lemmings, l.save);
           })
      .def(
          "to_dict", [](const lem::Level& l) { return to_python(lem::level_json(l)); },
          "`lemmings show --json`'s level.");
  py::class_<PyPlan>(m, "Plan", "A plan: genes 'STEP SKILL [LEMMING]', one a line.")
      .def_static(
          "load", [](const std::string& path) { return PyPlan{lem::load_plan(path)}; },
          py::arg("path"))
      .def_static(
          "parse",
          [](const std::string& text, const std::string& file) {
            return PyPlan{lem::parse_plan(text, file)};
          },
          py::arg("text"), py::arg("file") = "<text>")
      .def("__str__", [](const PyPlan& p) { return lem::to_text(p.genes); })
      .def("__len__", [](const PyPlan& p) { return p.genes.size(); })
      .def("__repr__",
           [](const PyPlan& p) {
             // The first genes on one line: "<lemmings.Plan 7 bomber 1; 15 builder 2 (2 genes)>".
             std::string genes;
             std::istringstream lines(lem::to_text(p.genes));
             std::size_t shown = 0;
             for (std::string line; std::getline(lines, line) && shown < 6;) {
               if (line.empty()) continue;
               genes += (shown++ ? "; " : " ") + line;
             }
             if (shown < p.genes.size()) genes += "; ...";
             return fmt::format("<lemmings.Plan{} ({} gene{})>", genes, p.genes.size(),
                                p.genes.size() == 1 ? "" : "s");
           })
      .def(py::pickle(  // pickling.hpp: by its text
          [](const PyPlan& p) { return state_of(lem::to_text(p.genes)); },
          [](const py::object& state) {
            const py::tuple t = state_tuple(state, "lemmings.Plan", 1);
            return PyPlan{lem::parse_plan(state_item<std::string>(t, 0, "lemmings.Plan", "text"),
                                          "<pickled plan>")};
          }));
  m.def(
      "export_demo",
      [](const lem::Level& level, const PyPlan& plan, const std::string& name) {
        return lem::pingus_demo(level, plan.genes, name).text;
      },
      py::arg("level"), py::arg("plan"), py::arg("name") = "",
      "The plan on a Pingus level as the text of a .pingus-demo that the real game plays back "
      "(`lemmings export-demo`'s file; scripts/pingus-replay plays it). `name`: the level's "
      "name in the demo (default: the level's own, or evoplay/NAME outside the game's data).");
  m.def(
      "run",
      [](const lem::Level& level, const std::optional<PyPlan>& plan) {
        const lem::Plan p = plan_or_none(plan);
        return to_python(lem::outcome_json(level, p, lem::simulate(level, p)));
      },
      py::arg("level"), py::arg("plan") = py::none(),
      "Plays `level` with `plan` (None: no skills); the report of `lemmings run --json`.");
  m.def(
      "trace",
      [](const lem::Level& level, const std::optional<PyPlan>& plan) {
        const lem::Plan p = plan_or_none(plan);
        if (level.pingus) throw evoplay::Error("trace: only for Lemmings levels (.lvl)");
        lem::Simulator sim(level);
        PositionTrace trace;
        sim.run(p, &trace);
        const std::size_t steps = trace.steps.size();
        const auto lemmings = static_cast<std::size_t>(level.lemmings);
        py::array_t<int> a({steps, lemmings, std::size_t{2}});
        std::fill(a.mutable_data(), a.mutable_data() + a.size(), -1);
        auto v = a.mutable_unchecked<3>();
        for (std::size_t s = 0; s < steps; ++s) {
          for (std::size_t i = 0; i < trace.steps[s].size() && i < lemmings; ++i) {
            v(s, i, 0) = trace.steps[s][i][0];
            v(s, i, 1) = trace.steps[s][i][1];
          }
        }
        return a;
      },
      py::arg("level"), py::arg("plan") = py::none(),
      "int array (steps, lemmings, 2): each lemming's (x, y) after each step; -1 before its "
      "release and once saved or dead.");
  // render_png and render_gif: `lemmings render --image FILE.png|FILE.gif`, as bytes.
  const auto render_to = [](std::string extension) {
    return [extension](const lem::Level& level, const std::optional<PyPlan>& plan,
                       const py::kwargs& kwargs) {
      auto s = apply_kwargs(lem::RenderSettings{}, kwargs);
      s.validate();
      return written_bytes(extension, [&](const std::filesystem::path& path) {
        lem::render_file(level, plan_or_none(plan), path, s);
      });
    };
  };
  m.def("render_png", render_to(".png"), py::arg("level"), py::arg("plan") = py::none(),
        ("PNG bytes: the lemmings' paths (step None), or the frame after `step` (-1: the start), "
         "as `lemmings render --image FILE.png`." +
         keywords_doc(lem::RenderSettings{}))
            .c_str());
  m.def("render_gif", render_to(".gif"), py::arg("level"), py::arg("plan") = py::none(),
        ("GIF bytes: the plan's replay, one frame per step (a Pingus level: every time/300 "
         "ticks), as `lemmings render --image FILE.gif`; step= is an evoplay.Error (a frame is a "
         "PNG: render_png)." +
         keywords_doc(lem::RenderSettings{}))
            .c_str());
  m.def(
      "solve",
      [](const lem::Level& level, const py::kwargs& kwargs) {
        auto s = apply_kwargs(lem::SolverSettings{}, kwargs, {{"algo", "method"}});
        s.validate();
        Control control;
        const auto r =
            run_cancellable(control.cancel, [&] { return lem::solve_level(level, s, control); });
        py::dict out;
        out["result"] = to_python(r.to_json());
        out["text"] = r.text();
        out["best"] = PyPlan{r.best};
        return out;
      },
      py::arg("level"),
      ("Solves a level with CRO, the GA or ACO (`lemmings solve`): {'result': its result.json, "
       "'text': what the command prints, 'best': the effective plan}; the same result at any "
       "number of threads." +
       keywords_doc(lem::SolverSettings{}))
          .c_str());
  py::class_<PyStudy>(m, "Study",
                      "`lemmings compare` as independent units of work (one run of one "
                      "algorithm with one fitness on one level): run them anywhere, in any "
                      "order, then summarize() gives the command's tables for the same seed.")
      .def(py::init<const std::vector<std::string>&, const py::kwargs&>(), py::arg("levels"),
           ("The study of `levels` (files, folders or patterns)." +
            keywords_doc(lem::StudySpec{}, {"threads"}))
               .c_str())
      .def_property_readonly("units", &PyStudy::units, "How many units the study has.")
      .def("run_unit", &PyStudy::run_unit, py::arg("index"),
           "Runs one unit (without the GIL); its results as a plain dict.")
      .def("run", &PyStudy::run, py::arg("threads") = 0,
           "Runs every unit here (as `lemmings compare`): the same as summarize() of them all.")
      .def("summarize", &PyStudy::summarize, py::arg("results"),
           "{'markdown': the tables `lemmings compare` prints, 'result': its result.json}.");
}

}  // namespace evoplay::python
