// evoplay.tictactoe: the state as an environment and its bots (the perfect player included).
#include <algorithm>
#include <map>
#include <optional>
#include <string>

#include "evoplay/core/control.hpp"
#include "evoplay/core/error.hpp"
#include "evoplay/core/run_dir.hpp"
#include "evoplay/games/tictactoe/agent_bot.hpp"
#include "evoplay/games/tictactoe/board.hpp"
#include "evoplay/games/tictactoe/learn_run.hpp"
#include "evoplay/games/tictactoe/learn_settings.hpp"
#include "evoplay/games/tictactoe/perfect.hpp"
#include "games.hpp"

namespace evoplay::python {

namespace ttt = games::tictactoe;

void add_tictactoe(py::module_& root) {
  auto m = root.def_submodule("tictactoe", "Tic-tac-toe: states, bots, the perfect player");
  py::class_<ttt::Board> state(m, "State",
                               "A tic-tac-toe position. Moves are cells 0-8 row by row; player 0 "
                               "(X) moves first.");
  state
      .def(py::init([](const std::string& cells) {
             return cells.empty() ? ttt::Board() : ttt::Board::parse(cells);
           }),
           py::arg("cells") = "",
           "The empty board, or 9 characters row by row: X, O and '.' (\"X...O....\").")
      .def_static("from_moves", &ttt::Board::from_moves, py::arg("moves"),
                  "The position after 1-based cells played in order (\"5193\").")
      .def("__str__", [](const ttt::Board& b) { return b.to_text(); })
      .def("__repr__", [](const ttt::Board& b) { return "<tictactoe.State " + b.to_cells() + ">"; })
      .def_property_readonly("cells", &ttt::Board::to_cells, "9 characters: X, O, '.'.")
      .def(
          "observation",
          [](const ttt::Board& b) {
            auto a = planes(2, 3, 3);
            auto v = a.mutable_unchecked<3>();
            for (int i = 0; i < 9; ++i) {
              if (const int c = b.cell(i)) v(c - 1, i / 3, i % 3) = 1.0f;
            }
            return a;
          },
          "float32 array (2, 3, 3): plane p holds player p's marks.");
  add_state_methods(state);
  add_bot_class(m, state, [] {  // the command line's kinds, learned agents (agent:DIR) too
    auto f = ttt::bots();
    ttt::add_agent_bots(f, nullptr);
    return f;
  });
  m.def(
      "learn",
      [](const std::string& out, const std::string& preset, std::uint64_t seed, int threads,
         const std::string& resume, const py::kwargs& settings) {
        std::map<std::string, std::string> given;  // as the command's options read them
        for (const auto& [key, value] : settings) {
          std::string name = py::str(key);
          std::replace(name.begin(), name.end(), '_', '-');
          given[name] = py::isinstance<py::bool_>(value) ? (value.cast<bool>() ? "on" : "off")
                                                         : std::string(py::str(value));
        }
        ttt::LearnRunSettings s;
        std::optional<ttt::SavedRun> saved;
        RunDir run;
        if (!resume.empty()) {  // as `tictactoe learn --resume RUN_DIR [--cycles N]`
          if (!out.empty())
            throw Error("out cannot be given with resume: the run continues in its folder");
          saved = ttt::read_saved_run(resume, given, threads);
          run = RunDir::create(resume, "tictactoe-learn");
        } else {
          s = ttt::new_run_settings(preset, given, seed, threads);
          run = RunDir::create(out, "tictactoe-learn");
        }
        Control control;
        const auto r = run_cancellable(control.cancel, [&] {
          return ttt::learn_run(run, s, control, saved ? &*saved : nullptr);
        });
        py::dict result = to_python(r.to_json());
        result["run_dir"] = run.path().string();
        return result;
      },
      py::arg("out") = "", py::kw_only(), py::arg("preset") = ttt::LearnSettings{}.preset,
      py::arg("seed") = 1, py::arg("threads") = 1, py::arg("resume") = "",
      "`tictactoe learn`: agents made of rules learn by playing. Settings by keyword as the "
      "command's options (cycles=200, agents=40, measure_every=10, ...); the run folder `out` "
      "(default: a new one under runs/) holds its files. resume=RUN_DIR continues a saved run "
      "(only cycles= and until_unbeatable= may change), as --resume does. Returns result.json "
      "with 'run_dir'.");
}

}  // namespace evoplay::python
