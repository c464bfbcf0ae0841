#pragma once
// What every file of the Python bindings shares: the submodules' entry points, turning the
// library's JSON reports into Python objects, and running long library calls so that Ctrl-C
// reaches them.
//
// Why it exists: a long call (a solve, a search) runs with the GIL released on a worker thread
// while the calling thread polls Python's signal handlers; on Ctrl-C it cancels the call's token,
// waits for the call to return what it finished, and raises KeyboardInterrupt.

#include <pybind11/pybind11.h>

#include <chrono>
#include <filesystem>
#include <functional>
#include <future>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "evoplay/core/cancel.hpp"
#include "evoplay/evo/islands.hpp"
#include "evoplay/generated/games.hpp"

namespace evoplay::games::sudoku {
struct PuzzleEntry;
}

namespace evoplay::python {

namespace py = pybind11;

/// Sudoku puzzles as Python gives them: a text (every puzzle in it), a Puzzle, or a list of them.
std::vector<games::sudoku::PuzzleEntry> sudoku_entries(const py::object& puzzles);

/// The island model of the solve calls' keyword arguments (islands=1: none); Error for a bad
/// topology name.
evo::IslandParams island_params(std::size_t islands, std::size_t migration_interval,
                                std::size_t migrants, const std::string& topology);
/// The docstring sentence of those keywords.
inline constexpr const char* kIslandsDoc =
    " islands=K runs K islands of `population` each (GA or CRO) that swap their `migrants` best "
    "every `migration_interval` generations along `topology` (ring or fully-connected), on the "
    "threads, as --islands does.";

void add_errors(py::module_& m);
/// Each game's submodule of `root` (root.GAME), for every game of the list that has one
/// (src/evoplay/games/CMakeLists.txt): add_GAME, in python/src/GAME.cpp.
#define EVOPLAY_DECLARE_GAME(game) void add_##game(py::module_& root);
EVOPLAY_PYTHON_GAMES(EVOPLAY_DECLARE_GAME)
#undef EVOPLAY_DECLARE_GAME
/// spiel.cpp: each board game's Game and SpielState (pyspiel's API) in root.tictactoe,
/// root.connect4 and root.flags, after the games' States.
void add_spiel_games(py::module_& root);
void add_evo(py::module_& m);
void add_sudoku_experiment(py::module_& m);  // sudoku_experiment.cpp, called by add_sudoku
void add_birds_generate(py::module_& m);     // birds_generate.cpp, called by add_birds
void add_birds_play(py::module_& m);         // birds_play.cpp, called by add_birds
void add_settings(py::module_& m);           // settings.cpp: evoplay.settings, settings_fields
void add_png_pixels(py::module_& m);         // png_pixels.cpp: png_to_rgb for evoplay.envs

/// A JSON value as Python objects (dict, list, str, int, float, bool, None).
py::object to_python(const nlohmann::json& value);

/// The bytes `write(path)` writes into a temporary file (a picture the library only saves to
/// files), the file removed.
py::bytes written_bytes(const std::string& extension,
                        const std::function<void(const std::filesystem::path&)>& write);

/// Runs `work()` (C++ only: it must not touch Python objects) on a worker thread with the GIL
/// released; on a pending signal (Ctrl-C) cancels `token`, waits for `work` to return and raises
/// the signal's exception (KeyboardInterrupt). C++ exceptions from `work` reach the caller.
template <class Work>
auto run_cancellable(const CancelToken& token, Work&& work) -> decltype(work()) {
  auto done = std::async(std::launch::async, std::forward<Work>(work));
  std::optional<py::error_already_set> signal;
  {
    py::gil_scoped_release release;
    while (done.wait_for(std::chrono::milliseconds(20)) != std::future_status::ready) {
      py::gil_scoped_acquire acquire;
      if (PyErr_CheckSignals() != 0) {
        signal.emplace();
        token.cancel();
        break;
      }
    }
    done.wait();
  }
  if (signal) throw std::move(*signal);
  return done.get();
}

}  // namespace evoplay::python
