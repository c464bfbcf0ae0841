// The extension module evoplay._evoplay: one submodule per part of the library. The package
// evoplay (python/evoplay/__init__.py) re-exports them as evoplay.connect4, evoplay.evo, ...
#include "bindings.hpp"
#include "pickling.hpp"

PYBIND11_MODULE(_evoplay, m) {
  namespace python = evoplay::python;
  m.doc() = "evoplay's C++ core (use the package `evoplay`, not this module)";
  m.attr("__version__") = EVOPLAY_VERSION;
  python::add_errors(m);
  python::add_settings(m);
  python::add_png_pixels(m);
  auto tictactoe = m.def_submodule("tictactoe", "Tic-tac-toe: states, bots, the perfect player");
  python::add_tictactoe(tictactoe);
  auto connect4 = m.def_submodule("connect4", "Connect Four: states, bots, the exact solver");
  python::add_connect4(connect4);
  auto flags = m.def_submodule("flags", "Capture the flag: maps, states, bots");
  python::add_flags(flags);
  python::add_spiel_games(tictactoe, connect4, flags);
  auto evo = m.def_submodule("evo", "The optimisers (GA, CRO, ACO) over Python or native problems");
  python::add_evo(evo);
  auto sudoku = m.def_submodule("sudoku", "Sudoku: puzzles, solve (exact, GA, CRO)");
  python::add_sudoku(sudoku);
  auto lemmings = m.def_submodule("lemmings", "Lemmings: levels, plans, runs, traces, studies");
  python::add_lemmings(lemmings);
  auto birds = m.def_submodule("birds", "Angry Birds (Science Birds) levels and their physics");
  python::add_birds(birds);
  python::add_game_pickling(m);  // pickling_*.cpp: after every class is registered
  python::add_system_pickling(m);
  python::add_evo_pickling(m);
}
