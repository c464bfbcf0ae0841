// The board games the pyspiel way: a Game per game (tictactoe.Game, connect4.Game, flags.Game;
// evoplay.load_game picks one by OpenSpiel's name) whose new_initial_state() is a SpielState: the
// game's State that also records its history, with OpenSpiel's method names (legal_actions,
// apply_action, child, history, serialize, observation_tensor, rewards, ...).
//
// Why it exists: researchers' loops are written against pyspiel; these methods are native so that
// such a loop runs at the speed of the bindings (bench/python_bench.py measures a random Connect
// Four playout). Conventions are OpenSpiel's: actions ascending, current_player() -4 once over,
// serialize() one action a line, observation tensors flat lists in OpenSpiel's layout.

#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "bindings.hpp"
#include "evoplay/games/connect4/board.hpp"
#include "evoplay/games/flags/map.hpp"
#include "evoplay/games/flags/state.hpp"
#include "evoplay/games/tictactoe/board.hpp"
#include "evoplay/search/game.hpp"

namespace evoplay::python {

namespace ttt = games::tictactoe;
namespace c4 = games::connect4;
namespace fl = games::flags;

namespace {

/// OpenSpiel's player id of a finished game (pyspiel.PlayerId.TERMINAL).
constexpr int kSpielTerminal = -4;

/// What differs between the games: names, sizes, action names, observation tensors.
template <class G>
struct SpielTraits;

template <>
struct SpielTraits<ttt::Board> {
  static constexpr const char* kShort = "tic_tac_toe";
  static constexpr const char* kLong = "Tic Tac Toe";
  static int distinct_actions(const ttt::Board&) { return 9; }
  static int max_length(const ttt::Board&) { return 9; }
  static std::vector<int> shape(const ttt::Board&) { return {3, 3, 3}; }
  /// "x(1,1)": the mark, (row, column) from 0.
  static std::string action(int player, int a) {
    return std::string(player == 0 ? "x" : "o") + "(" + std::to_string(a / 3) + "," +
           std::to_string(a % 3) + ")";
  }
  /// Planes empty, O (player 1), X (player 0), cells row by row (OpenSpiel's order).
  static py::list tensor(const ttt::Board& b, int /*player*/) {
    std::vector<float> v(27, 0.0f);
    for (int i = 0; i < 9; ++i) {
      const int c = b.cell(i);  // 0 empty, 1 X, 2 O
      v[static_cast<std::size_t>((c == 0 ? 0 : c == 2 ? 1 : 2) * 9 + i)] = 1.0f;
    }
    return py::cast(v);
  }
};

template <>
struct SpielTraits<c4::Board> {
  static constexpr const char* kShort = "connect_four";
  static constexpr const char* kLong = "Connect Four";
  static int distinct_actions(const c4::Board&) { return c4::kWidth; }
  static int max_length(const c4::Board&) { return c4::kCells; }
  static std::vector<int> shape(const c4::Board&) { return {3, c4::kHeight, c4::kWidth}; }
  /// "x3": the mark and the column from 0.
  static std::string action(int player, int a) {
    return std::string(player == 0 ? "x" : "o") + std::to_string(a);
  }
  /// Planes `player`'s stones, the opponent's, empty; cells row by row from the bottom row
  /// (OpenSpiel's player-relative layout).
  static py::list tensor(const c4::Board& b, int player) {
    std::vector<float> v(static_cast<std::size_t>(3 * c4::kCells), 0.0f);
    for (int row = 0; row < c4::kHeight; ++row) {
      for (int col = 0; col < c4::kWidth; ++col) {
        const int c = b.cell(col, row);  // 0 empty, 1 player 0, 2 player 1
        const int plane = c == 0 ? 2 : (c - 1 == player ? 0 : 1);
        v[static_cast<std::size_t>(plane * c4::kCells + row * c4::kWidth + col)] = 1.0f;
      }
    }
    return py::cast(v);
  }
};

template <>
struct SpielTraits<fl::State> {
  static constexpr const char* kShort = "capture_the_flag";
  static constexpr const char* kLong = "Capture the Flag";
  static int distinct_actions(const fl::State&) { return fl::kMaxPlayers * 8; }
  static int max_length(const fl::State& s) { return s.map().turns; }
  static std::vector<int> shape(const fl::State& s) { return {10, s.map().height, s.map().width}; }
  /// "1n", "2dig": the player of the side to move (from 1) and the action.
  static std::string action(int /*player*/, int a) {
    return fl::State::move_name(static_cast<fl::State::Move>(a));
  }
  /// flags.State.observation() flattened (the same for both players).
  static py::list tensor(const fl::State& s, int /*player*/) {
    const py::object a = py::cast(s).attr("observation")();
    return a.attr("ravel")().attr("tolist")();
  }
};

template <class G>
struct SpielGame;

/// A game's state with its history and its Game: what pyspiel's State is.
template <class G>
struct SpielState : G {
  SpielState(const G& start, std::shared_ptr<const SpielGame<G>> g) : G(start), game(std::move(g)) {
    history.reserve(static_cast<std::size_t>(std::min(SpielTraits<G>::max_length(start), 64)));
  }
  std::shared_ptr<const SpielGame<G>> game;
  std::vector<std::uint8_t> history;
};

template <class G>
struct SpielGame : std::enable_shared_from_this<SpielGame<G>> {
  explicit SpielGame(G s, std::map<std::string, std::string> p = {})
      : start(std::move(s)), params(std::move(p)) {}
  G start;
  std::map<std::string, std::string> params;

  /// "connect_four()", "capture_the_flag(map=data/flags/01-duel.map)".
  std::string text() const {
    std::string out = std::string(SpielTraits<G>::kShort) + "(";
    bool first = true;
    for (const auto& [k, v] : params) {
      out += (first ? "" : ",") + k + "=" + v;
      first = false;
    }
    return out + ")";
  }
};

template <class G>
int spiel_current(const SpielState<G>& s) {
  return s.is_terminal() ? kSpielTerminal : s.to_move();
}

/// `player` as given, or the player to move (0 once the game is over) when None.
template <class G>
int spiel_player(const SpielState<G>& s, const py::object& player) {
  if (player.is_none()) return s.is_terminal() ? 0 : s.to_move();
  const int p = player.cast<int>();
  if (p != 0 && p != 1)
    throw py::value_error("player: expected 0 or 1, found " + std::to_string(p));
  return p;
}

/// The legal actions, ascending, as a Python list.
template <class G>
py::list spiel_legal_actions(const G& s) {
  search::MovesOf<G> moves;
  s.legal_moves(moves);
  std::sort(moves.begin(), moves.end());
  PyObject* list = PyList_New(moves.size());
  if (!list) throw py::error_already_set();
  for (int i = 0; i < moves.size(); ++i)
    PyList_SET_ITEM(list, i, PyLong_FromLong(static_cast<long>(moves[i])));
  return py::reinterpret_steal<py::list>(list);
}

template <class G>
void spiel_apply(SpielState<G>& s, long action) {
  search::MovesOf<G> moves;
  s.legal_moves(moves);
  const auto m = static_cast<typename G::Move>(action);
  if (action < 0 || action > 255 || !moves.contains(m)) {
    if (s.is_terminal()) throw py::value_error("apply_action: the game is over");
    throw py::value_error("apply_action: " + std::to_string(action) +
                          " is not a legal action (legal_actions() lists them)");
  }
  s.play(m);
  s.history.push_back(static_cast<std::uint8_t>(action));
}

template <class G>
std::string spiel_history_str(const SpielState<G>& s) {
  std::string out;
  for (std::size_t i = 0; i < s.history.size(); ++i) {
    if (i) out += ", ";
    out += std::to_string(s.history[i]);
  }
  return out;
}

/// Player 0's result: 1 win, -1 loss, 0 draw or not over.
template <class G>
double spiel_return0(const G& s) {
  if (!s.is_terminal()) return 0.0;
  const search::Score v = s.evaluate(0);
  return v > 0 ? 1.0 : v < 0 ? -1.0 : 0.0;
}

template <class G>
py::list spiel_returns(const G& s) {
  const double r0 = spiel_return0(s);
  py::list out;
  out.append(r0);
  out.append(r0 == 0.0 ? 0.0 : -r0);
  return out;
}

template <class G>
SpielState<G> spiel_deserialize(const std::shared_ptr<SpielGame<G>>& game,
                                const std::string& text) {
  SpielState<G> s(game->start, game);
  std::size_t line_no = 0, pos = 0;
  while (pos <= text.size()) {
    std::size_t end = text.find('\n', pos);
    if (end == std::string::npos) end = text.size();
    std::string line = text.substr(pos, end - pos);
    pos = end + 1;
    ++line_no;
    while (!line.empty() && (line.back() == '\r' || line.back() == ' ')) line.pop_back();
    if (line.empty()) continue;
    long a = -1;
    std::size_t used = 0;
    try {
      a = std::stol(line, &used);
    } catch (const std::exception&) {
      used = 0;
    }
    if (used != line.size())
      throw py::value_error("deserialize_state: line " + std::to_string(line_no) +
                            ": expected an action (a whole number), found '" + line + "'");
    try {
      spiel_apply(s, a);
    } catch (const py::value_error& e) {
      throw py::value_error("deserialize_state: line " + std::to_string(line_no) + ": " +
                            std::string(e.what()).substr(std::string("apply_action: ").size()));
    }
  }
  return s;
}

template <class G>
void add_spiel(py::module_& m) {
  using S = SpielState<G>;
  using Game = SpielGame<G>;
  using T = SpielTraits<G>;
  py::class_<S, G> state(m, "SpielState",
                         "A State that records its history, with pyspiel's methods (made by "
                         "Game.new_initial_state()); the State methods work on it too.");
  state.def("is_terminal", [](const S& s) { return s.is_terminal(); })
      .def(
          "legal_actions", [](const S& s) { return spiel_legal_actions<G>(s); },
          "The legal actions (ints), ascending; [] once over.")
      .def(
          "legal_actions",
          [](const S& s, int player) {
            return player == spiel_current(s) ? spiel_legal_actions<G>(s) : py::list();
          },
          py::arg("player"), "`player`'s legal actions ([] when another player is to move).")
      .def(
          "legal_actions_mask",
          [](const S& s, const py::object& player) {
            std::vector<int> mask(static_cast<std::size_t>(T::distinct_actions(s)), 0);
            if (player.is_none() || player.cast<int>() == spiel_current(s)) {
              search::MovesOf<G> moves;
              s.legal_moves(moves);
              for (const auto& a : moves) mask[static_cast<std::size_t>(a)] = 1;
            }
            return mask;
          },
          py::arg("player") = py::none(), "num_distinct_actions() ints, 1 where legal.")
      .def("apply_action", &spiel_apply<G>, py::arg("action"),
           "Plays `action` (one of legal_actions()) and records it; ValueError otherwise.")
      .def("play", &spiel_apply<G>, py::arg("move"), "apply_action(move).")
      .def(
          "child",
          [](const S& s, long action) {
            S c = s;
            spiel_apply(c, action);
            return c;
          },
          py::arg("action"), "A copy with `action` applied.")
      .def(
          "clone", [](const S& s) { return S(s); }, "An independent copy (its history too).")
      .def("__copy__", [](const S& s) { return S(s); })
      .def(
          "__deepcopy__", [](const S& s, py::dict) { return S(s); }, py::arg("memo"))
      .def(
          "history",
          [](const S& s) { return std::vector<int>(s.history.begin(), s.history.end()); },
          "The actions played since the start.")
      .def("history_str", &spiel_history_str<G>, "\"4, 2, 1\".")
      .def(
          "information_state_string",
          [](const S& s, const py::object&) { return spiel_history_str(s); },
          py::arg("player") = py::none(), "history_str() (a perfect-information game).")
      .def("move_number", [](const S& s) { return s.history.size(); })
      .def("current_player", &spiel_current<G>, "0 or 1; -4 (pyspiel.PlayerId.TERMINAL) once over.")
      .def("is_chance_node", [](const S&) { return false; })
      .def("is_simultaneous_node", [](const S&) { return false; })
      .def("is_player_node", [](const S& s) { return !s.is_terminal(); })
      .def("chance_outcomes", [](const S&) { return py::list(); })
      .def("num_players", [](const S&) { return 2; })
      .def("num_distinct_actions", [](const S& s) { return T::distinct_actions(s); })
      .def("returns", &spiel_returns<G>, "[player 0, player 1]: 1 win, -1 loss, 0 draw; 0s before.")
      .def("rewards", &spiel_returns<G>,
           "The rewards of the last action: returns() at the end, 0s before (terminal rewards).")
      .def(
          "player_return",
          [](const S& s, int p) {
            if (p != 0 && p != 1)
              throw py::value_error("player: expected 0 or 1, found " + std::to_string(p));
            const double r0 = spiel_return0(s);
            return p == 0 ? r0 : (r0 == 0.0 ? 0.0 : -r0);
          },
          py::arg("player"))
      .def(
          "action_to_string",
          [](const S& s, long a) {
            return T::action(s.is_terminal() ? 0 : s.to_move(), static_cast<int>(a));
          },
          py::arg("action"),
          "The action's name for the player to move (\"x(1,1)\", \"x3\", \"1n\").")
      .def(
          "action_to_string",
          [](const S&, int player, long a) { return T::action(player, static_cast<int>(a)); },
          py::arg("player"), py::arg("action"))
      .def(
          "string_to_action",
          [](const S& s, const std::string& text) {
            search::MovesOf<G> moves;
            s.legal_moves(moves);
            for (const auto& a : moves) {
              if (T::action(s.to_move(), a) == text) return static_cast<int>(a);
            }
            throw py::value_error("string_to_action: no legal action is named '" + text + "'");
          },
          py::arg("text"))
      .def(
          "observation_tensor",
          [](const S& s, const py::object& player) {
            return T::tensor(s, spiel_player(s, player));
          },
          py::arg("player") = py::none(),
          "Floats, flat, of game.observation_tensor_shape() (OpenSpiel's layout); the player "
          "to move's view by default.")
      .def(
          "observation_string",
          [](const S& s, const py::object&) { return py::str(py::cast(static_cast<const G&>(s))); },
          py::arg("player") = py::none(), "str(state).")
      .def(
          "serialize",
          [](const S& s) {
            std::string out;
            for (auto a : s.history) out += std::to_string(a) + "\n";
            return out.empty() ? std::string("\n") : out;
          },
          "The history, one action a line (game.deserialize_state reads it).")
      .def("get_game", [](const S& s) { return std::const_pointer_cast<Game>(s.game); })
      .def("__reduce__",
           [](const S& s) {  // pickled as pyspiel's: the game and serialize()
             std::string text;
             for (auto a : s.history) text += std::to_string(a) + "\n";
             const py::object g = py::cast(std::const_pointer_cast<Game>(s.game));
             return py::make_tuple(g.attr("deserialize_state"), py::make_tuple(text));
           })
      .def("__repr__", [](const S& s) {
        return "<" + std::string(T::kShort) + " state, " + std::to_string(s.history.size()) +
               " actions>";
      });

  py::class_<Game, std::shared_ptr<Game>> game(
      m, "Game", "The game as pyspiel's Game (evoplay.load_game makes it).");
  if constexpr (std::is_same_v<G, fl::State>) {
    game.def(py::init([](const std::string& map) {
               return std::make_shared<Game>(fl::State(fl::load_map(map)),
                                             std::map<std::string, std::string>{{"map", map}});
             }),
             py::arg("map"), "Capture the flag on the map file `map` (data/flags/*.map).");
  } else {
    game.def(py::init([] { return std::make_shared<Game>(G{}); }));
  }
  game.def(
          "new_initial_state", [](const std::shared_ptr<Game>& g) { return S(g->start, g); },
          "The start: a SpielState.")
      .def("num_players", [](const Game&) { return 2; })
      .def("num_distinct_actions", [](const Game& g) { return T::distinct_actions(g.start); })
      .def("max_game_length", [](const Game& g) { return T::max_length(g.start); })
      .def("max_chance_outcomes", [](const Game&) { return 0; })
      .def("min_utility", [](const Game&) { return -1.0; })
      .def("max_utility", [](const Game&) { return 1.0; })
      .def("utility_sum", [](const Game&) { return 0.0; })
      .def("observation_tensor_shape", [](const Game& g) { return T::shape(g.start); })
      .def("observation_tensor_size",
           [](const Game& g) {
             int n = 1;
             for (int d : T::shape(g.start)) n *= d;
             return n;
           })
      .def("get_parameters", [](const Game& g) { return g.params; })
      .def(
          "get_type",
          [](const Game&) {
            return py::module_::import("evoplay.games").attr("GameType")(T::kShort, T::kLong);
          },
          "Its GameType (short_name, long_name, dynamics, utility, ...).")
      .def("deserialize_state", &spiel_deserialize<G>, py::arg("text"),
           "The state of serialize()'s text (each action checked; ValueError naming the line).")
      .def("__reduce__",
           [](const Game& g) {
             return py::make_tuple(py::module_::import("evoplay.games").attr("load_game"),
                                   py::make_tuple(g.text()));
           })
      .def("__str__", &Game::text)
      .def("__repr__", [](const Game& g) { return "<Game " + g.text() + ">"; })
      .def("__eq__", [](const Game& a, const Game& b) { return a.text() == b.text(); })
      .def("__hash__", [](const Game& g) { return std::hash<std::string>{}(g.text()); });
}

}  // namespace

void add_spiel_games(py::module_& root) {
  auto submodule = [&root](const char* name) { return root.attr(name).cast<py::module_>(); };
  auto tictactoe = submodule("tictactoe");
  auto connect4 = submodule("connect4");
  auto flags = submodule("flags");
  add_spiel<ttt::Board>(tictactoe);
  add_spiel<c4::Board>(connect4);
  add_spiel<fl::State>(flags);
}

}  // namespace evoplay::python
