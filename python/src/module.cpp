// The extension module evoplay._evoplay: one submodule per part of the library, and one per game
// of the list (src/evoplay/games/CMakeLists.txt), made by the game's add_GAME
// (python/src/GAME.cpp). The package evoplay (python/evoplay/__init__.py) re-exports them as
// evoplay.connect4, ...
#include "bindings.hpp"
#include "evoplay/generated/games.hpp"
#include "pickling.hpp"

PYBIND11_MODULE(_evoplay, m) {
  namespace python = evoplay::python;
  m.doc() = "evoplay's C++ core (use the package `evoplay`, not this module)";
  m.attr("__version__") = EVOPLAY_VERSION;
  python::add_errors(m);
  python::add_settings(m);
  python::add_png_pixels(m);
  auto evo = m.def_submodule("evo", "The optimisers (GA, CRO, ACO) over Python or native problems");
  python::add_evo(evo);
#define EVOPLAY_ADD_GAME(game) python::add_##game(m);
  EVOPLAY_PYTHON_GAMES(EVOPLAY_ADD_GAME)
#undef EVOPLAY_ADD_GAME
  python::add_spiel_games(m);    // spiel.cpp: after the board games' States
  python::add_game_pickling(m);  // pickling_*.cpp: after every class is registered
  python::add_system_pickling(m);
  python::add_evo_pickling(m);
}
