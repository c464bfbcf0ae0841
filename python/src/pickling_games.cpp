// Pickling of the board games' states and bots (pickling.hpp).
//
// States: tic-tac-toe by its 9 cells ("X...O...."); Connect Four by each player's stones as two
// bit boards (ints), rebuilt cell by cell. Connect Four's __reduce_ex__ gives
// (connect4._state_from_stones, (stones 0, stones 1)): pickle then calls one function instead of
// copyreg's __new__ + __setstate__, which cost more than the rebuild. Both are plain CPython
// functions (pybind11's cannot be pickled by name, and its dispatch costs more);
// __getstate__/__setstate__ stay, so earlier pickles still load. Capture the flag by its map's
// text and the position (terrain now, each player slot, captured flags, side, ply:
// flags::State::from_position checks it against the map). Bots by the spec and seed they
// were made from (a fresh bot: its table and random stream start again); a bot made by
// Bot.alphabeta() or Bot.mcts() may hold a Python function and is refused.
#include <bit>
#include <string>

#include "evoplay/games/connect4/board.hpp"
#include "evoplay/games/flags/map.hpp"
#include "evoplay/games/flags/state.hpp"
#include "evoplay/games/tictactoe/board.hpp"
#include "games.hpp"
#include "pickling.hpp"

namespace evoplay::python {

namespace c4 = games::connect4;
namespace fl = games::flags;
namespace ttt = games::tictactoe;

namespace {

/// Player 0's and player 1's stones -> the board; ValueError for a set of stones no game
/// reaches in that form (outside the board, floating, counts, four for the side to move).
c4::Board connect4_board(std::uint64_t first, std::uint64_t second) {
  constexpr const char* kType = "connect4.State";
  const std::uint64_t mask = first | second;
  if ((first & second) != 0) bad_state(kType, "a cell holds stones of both players");
  for (int col = 0; col < c4::kWidth; ++col) {
    const std::uint64_t column = (mask >> (col * (c4::kHeight + 1))) & 0x7F;
    if ((column & (column + 1)) != 0 || column >= (1u << c4::kHeight)) {
      bad_state(kType, fmt::format("column {} is not stones stacked from the bottom", col));
    }
  }
  if ((mask & ~c4::kBoardMask) != 0) bad_state(kType, "stones outside the 7x6 board");
  const int n0 = std::popcount(first), n1 = std::popcount(second);
  if (n0 != n1 && n0 != n1 + 1) {
    bad_state(kType, fmt::format("{} stones of player 0 and {} of player 1 (player 0 moves "
                                 "first: as many or one more)",
                                 n0, n1));
  }
  const std::uint64_t to_move = n0 == n1 ? first : second;
  if (c4::has_four(to_move))
    bad_state(kType, "the side to move already has four in a row (the game ended before)");
  c4::Board b;
  std::uint64_t a = first, o = second;
  for (int k = 0; k < n0 + n1; ++k) {  // alternate the players' stones: any order of cells
    std::uint64_t& from = k % 2 == 0 ? a : o;
    const std::uint64_t cell = from & (~from + 1);
    from ^= cell;
    b.play_cell(cell);
  }
  return b;
}

/// connect4.State from a state tuple (player 0's stones, player 1's stones): ValueError if
/// malformed.
c4::Board connect4_from_state(const py::handle& state) {
  constexpr const char* kType = "connect4.State";
  const py::tuple t = state_tuple(state, kType, 2);
  return connect4_board(state_item<std::uint64_t>(t, 0, kType, "player 0's stones"),
                        state_item<std::uint64_t>(t, 1, kType, "player 1's stones"));
}

/// Calls `f` and turns a C++ exception into the Python error it stands for (a raw CPython
/// function has no pybind11 dispatcher to do it).
template <class F>
PyObject* python_errors(F&& f) {
  try {
    return f();
  } catch (py::error_already_set& e) {
    e.restore();
  } catch (const py::builtin_exception& e) {
    e.set_error();
  } catch (const std::exception& e) {
    PyErr_SetString(PyExc_ValueError, e.what());
  }
  return nullptr;
}

/// connect4._state_from_stones(stones0, stones1): the State those stones make (pickle's
/// constructor).
PyObject* connect4_state_from_stones(PyObject*, PyObject* args) {
  return python_errors([&] { return py::cast(connect4_from_state(args)).release().ptr(); });
}

/// connect4.State.__reduce_ex__(protocol): (connect4._state_from_stones, (stones0, stones1)).
PyObject* connect4_reduce_ex(PyObject* self, PyObject*) {
  return python_errors([&] {
    const auto& b = py::handle(self).cast<const c4::Board&>();
    // the State's module, as sys.modules holds it (no import machinery: the module is loaded)
    const auto name = py::reinterpret_steal<py::object>(
        PyObject_GetAttrString(reinterpret_cast<PyObject*>(Py_TYPE(self)), "__module__"));
    if (!name) throw py::error_already_set();
    const auto module = py::reinterpret_steal<py::object>(PyImport_GetModule(name.ptr()));
    if (!module && !PyErr_Occurred())
      throw py::type_error("cannot pickle a connect4.State: its module is not loaded");
    if (!module) throw py::error_already_set();
    return py::make_tuple(module.attr("_state_from_stones"),
                          py::make_tuple(b.stones(0), b.stones(1)))
        .release()
        .ptr();
  });
}

/// A flags state as (map text, terrain bytes, players (cell, energy, facing) x 8, captured,
/// side, ply).
py::object flags_state(const fl::State& s) {
  const fl::State::Position p = s.position();
  std::string terrain(p.terrain.size(), '\0');
  for (std::size_t i = 0; i < p.terrain.size(); ++i) terrain[i] = static_cast<char>(p.terrain[i]);
  py::tuple players(3 * p.players.size());
  for (std::size_t i = 0; i < p.players.size(); ++i) {
    players[3 * i] = py::int_(p.players[i].cell);
    players[3 * i + 1] = py::int_(p.players[i].energy);
    players[3 * i + 2] = py::int_(p.players[i].facing);
  }
  return state_of(fl::to_text(s.map()), py::bytes(terrain), players, p.captured, p.side, p.ply);
}

fl::State flags_from_state(const py::object& state) {
  constexpr const char* kType = "flags.State";
  const py::tuple t = state_tuple(state, kType, 6);
  const auto text = state_item<std::string>(t, 0, kType, "map text");
  const auto terrain = state_item<py::bytes>(t, 1, kType, "terrain").cast<std::string>();
  const auto players = state_item<py::tuple>(t, 2, kType, "players");
  fl::State::Position p;
  p.captured = state_item<std::uint32_t>(t, 3, kType, "captured flags");
  p.side = state_item<int>(t, 4, kType, "side to move");
  p.ply = state_item<int>(t, 5, kType, "ply");
  for (const char c : terrain) {
    const auto v = static_cast<unsigned char>(c);
    if (v > static_cast<unsigned>(fl::Cell::kFlagB))
      bad_state(kType, fmt::format("terrain value {}, expected 0 to 5", v));
    p.terrain.push_back(static_cast<fl::Cell>(v));
  }
  if (players.size() != 3 * p.players.size())
    bad_state(kType, fmt::format("players: expected {} numbers, found {}", 3 * p.players.size(),
                                 players.size()));
  for (std::size_t i = 0; i < p.players.size(); ++i) {
    const auto cell = state_item<int>(players, 3 * i, kType, "player cell");
    const auto energy = state_item<int>(players, 3 * i + 1, kType, "player energy");
    const auto facing = state_item<int>(players, 3 * i + 2, kType, "player facing");
    if (cell < -1 || cell > 32767 || energy < 0 || energy > fl::kMaxEnergy || facing < 0 ||
        facing > 3)
      bad_state(kType, fmt::format("player slot {}: cell {}, energy {}, facing {} out of range", i,
                                   cell, energy, facing));
    p.players[i] = {static_cast<std::int16_t>(cell), static_cast<std::int16_t>(energy),
                    static_cast<std::uint8_t>(facing)};
  }
  return fl::State::from_position(fl::parse_map(text, "<pickled map>"), p);
}

/// Bot.__reduce__: remade from its spec and seed by the Bot class itself.
template <class G>
void add_bot_pickling(const py::object& game) {
  auto bot = registered_class<PyBot<G>>(game, "Bot");
  bot.def("__reduce__", [](const py::object& self) {
    const auto& b = self.cast<const PyBot<G>&>();
    if (b.spec().empty()) {
      throw py::type_error(
          "cannot pickle this Bot: it was made by Bot.alphabeta() or Bot.mcts() (it may hold a "
          "Python function); make it again in the other process from the same arguments, or "
          "pickle a Bot made from a spec, Bot(spec, seed)");
    }
    return py::make_tuple(py::type::handle_of(self), py::make_tuple(b.spec(), b.seed()));
  });
}

}  // namespace

void add_game_pickling(py::module_& root) {
  const py::object tictactoe = root.attr("tictactoe");
  registered_class<ttt::Board>(tictactoe, "State")
      .def(py::pickle([](const ttt::Board& b) { return state_of(b.to_cells()); },
                      [](const py::object& state) {
                        const py::tuple t = state_tuple(state, "tictactoe.State", 1);
                        // parse() refuses a position no game reaches (evoplay.Error: a ValueError)
                        return ttt::Board::parse(
                            state_item<std::string>(t, 0, "tictactoe.State", "cells"));
                      }));
  add_bot_pickling<ttt::Board>(tictactoe);

  const py::object connect4 = root.attr("connect4");
  registered_class<c4::Board>(connect4, "State")
      .def(py::pickle([](const c4::Board& b) { return state_of(b.stones(0), b.stones(1)); },
                      [](const py::object& state) { return connect4_from_state(state); }));
  // Plain CPython functions (static: CPython keeps a pointer to its method table).
  static PyMethodDef from_stones{
      "_state_from_stones", connect4_state_from_stones, METH_VARARGS,
      "_state_from_stones(stones0: int, stones1: int) -> evoplay._evoplay.connect4.State\n\n"
      "The State of these stones (player 0's, player 1's bit boards): what pickle calls to "
      "make a State again; a malformed pair is a ValueError."};
  static PyMethodDef reduce_ex{
      "__reduce_ex__", connect4_reduce_ex, METH_O,
      "__reduce_ex__(self: evoplay._evoplay.connect4.State, protocol: int) -> tuple\n\n"
      "(connect4._state_from_stones, (stones0, stones1)): how pickle and copy take a State."};
  connect4.attr("_state_from_stones") = py::reinterpret_steal<py::object>(
      PyCFunction_NewEx(&from_stones, connect4.ptr(), connect4.attr("__name__").ptr()));
  const py::object state_type = connect4.attr("State");
  connect4.attr("State").attr("__reduce_ex__") = py::reinterpret_steal<py::object>(
      PyDescr_NewMethod(reinterpret_cast<PyTypeObject*>(state_type.ptr()), &reduce_ex));
  add_bot_pickling<c4::Board>(connect4);

  const py::object flags = root.attr("flags");
  registered_class<fl::State>(flags, "State").def(py::pickle(&flags_state, &flags_from_state));
  add_bot_pickling<fl::State>(flags);
}

}  // namespace evoplay::python
