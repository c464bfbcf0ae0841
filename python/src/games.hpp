#pragma once
// The Python face every two-player board game shares (tic-tac-toe, Connect Four, capture the
// flag): a `State` class with the environment interface of OpenSpiel-like libraries, and a `Bot`
// class made from a player spec by the game's bot factory (the same kinds as `--players` on the
// command line).
//
// Why it exists: the three games differ only in their construction, text and observation; the
// environment methods and the bots are written once here, over the search engine's Game concept.

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <array>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "bindings.hpp"
#include "evoplay/core/cancel.hpp"
#include "evoplay/core/rng.hpp"
#include "evoplay/search/bots.hpp"
#include "evoplay/search/game.hpp"

namespace evoplay::python {

/// The legal moves of `s`, ascending.
template <class G>
std::vector<int> legal_moves(const G& s) {
  search::MovesOf<G> moves;
  s.legal_moves(moves);
  std::vector<int> out(moves.begin(), moves.end());
  std::sort(out.begin(), out.end());
  return out;
}

/// Plays `move` after checking it is legal (ValueError otherwise).
template <class G>
void play_checked(G& s, int move) {
  search::MovesOf<G> moves;
  s.legal_moves(moves);
  if (move < 0 || move > 255 || !moves.contains(static_cast<typename G::Move>(move))) {
    throw py::value_error(s.is_terminal() ? "the game is over"
                                          : "illegal move " + std::to_string(move));
  }
  s.play(static_cast<typename G::Move>(move));
}

/// Adds the environment methods to a game's State class (its constructor, __str__ and
/// observation are the game's own).
template <class G>
void add_state_methods(py::class_<G>& c) {
  c.def("legal_moves", &legal_moves<G>, "The legal moves (ints), ascending; [] once over.")
      .def("play", &play_checked<G>, py::arg("move"),
           "Plays `move` (one of legal_moves()); ValueError when it is not legal.")
      .def(
          "clone", [](const G& s) { return G(s); }, "An independent copy.")
      .def("__copy__", [](const G& s) { return G(s); })
      .def(
          "__deepcopy__", [](const G& s, py::dict) { return G(s); }, py::arg("memo"))
      .def("is_terminal", &G::is_terminal, "Whether the game is over.")
      .def(
          "current_player", [](const G& s) { return s.is_terminal() ? -1 : s.to_move(); },
          "The player to move (0 moves first, 1), -1 once the game is over.")
      .def(
          "returns",
          [](const G& s) {
            std::array<double, 2> r{0, 0};
            if (s.is_terminal()) {
              const search::Score v = s.evaluate(0);
              if (v != 0) r = v > 0 ? std::array<double, 2>{1, -1} : std::array<double, 2>{-1, 1};
            }
            return r;
          },
          "[player 0, player 1]: +1 win, -1 loss, 0 draw at the end; [0, 0] before.")
      .def(
          "evaluate",
          [](const G& s, int player) {
            if (player != 0 && player != 1)
              throw py::value_error("player: expected 0 or 1, found " + std::to_string(player));
            return s.evaluate(player);
          },
          py::arg("player"), "The search engine's evaluation from `player`'s view (0 or 1).")
      .def("__hash__", [](const G& s) { return static_cast<std::size_t>(s.hash()); })
      .def("__eq__", [](const G& a, const G& b) { return a == b; });
}

/// A bot of game G made from a spec ("random", "alphabeta:5", "mcts:1s", "perfect", ...).
template <class G>
class PyBot {
 public:
  PyBot(const search::BotFactory<G>& factory, const std::string& spec, std::uint64_t seed)
      : bot_(factory.make(spec, Rng(seed))),
        inline_(search::parse_bot_spec(spec).kind == "random" ||
                search::parse_bot_spec(spec).kind == "greedy"),
        spec_(spec),
        seed_(seed) {}
  /// A bot made by the caller; `inline_search`: it searches on the calling thread with the GIL
  /// held (a bot that calls Python: bots_open.hpp).
  PyBot(std::unique_ptr<search::Bot<G>> bot, bool inline_search)
      : bot_(std::move(bot)), inline_(inline_search) {}

  /// The move the bot plays in `state`. Searches run without the GIL and stop on Ctrl-C.
  int choose(const G& state) {
    if (state.is_terminal()) throw py::value_error("the game is over: no move to choose");
    if (inline_) {
      last_ = bot_->choose(state);
      return static_cast<int>(last_.move);
    }
    CancelToken token;
    bot_->set_cancel(token.flag());
    auto result = run_cancellable(token, [this, state] { return bot_->choose(state); });
    bot_->set_cancel(nullptr);
    if (!result.has_move) throw InternalError("a bot returned no move");
    last_ = result;
    return static_cast<int>(result.move);
  }
  /// What the last search found (value, depth, nodes, principal variation).
  py::dict info() const {
    py::dict d;
    d["value"] = last_.value;
    d["depth"] = last_.depth;
    d["nodes"] = last_.stats.nodes;
    d["seconds"] = last_.seconds;
    std::vector<int> pv(last_.pv.begin(), last_.pv.end());
    d["pv"] = pv;
    return d;
  }
  void new_game() { bot_->new_game(); }
  const std::string& name() const { return bot_->name(); }
  py::object settings() const { return to_python(bot_->settings()); }
  search::Bot<G>& bot() { return *bot_; }
  /// The spec and seed it was made from (pickling remakes it from them); "" for a bot made by
  /// the caller.
  const std::string& spec() const { return spec_; }
  std::uint64_t seed() const { return seed_; }

 private:
  std::unique_ptr<search::Bot<G>> bot_;
  bool inline_;
  std::string spec_;
  std::uint64_t seed_ = 0;
  search::SearchResult<typename G::Move> last_;
};

template <class G>
void add_open_bot_methods(py::class_<PyBot<G>>& c);  // bots_open.hpp

/// The Bot class of a game whose bots `factory()` makes; State.Bot points at it (evoplay.search
/// finds a game's bots through it).
template <class G, class Factory>
void add_bot_class(py::module_& m, py::class_<G>& state, Factory factory) {
  py::class_<PyBot<G>> c(m, "Bot",
                         "A player of this game made from a spec as on the command line "
                         "(evoplay.search has the keyword forms).");
  c.def(py::init([factory](const std::string& spec, std::uint64_t seed) {
          return std::make_unique<PyBot<G>>(factory(), spec, seed);
        }),
        py::arg("spec"), py::arg("seed") = 0)
      .def("choose", &PyBot<G>::choose, py::arg("state"), "The move to play in `state`.")
      .def("__call__", &PyBot<G>::choose, py::arg("state"))
      .def("info", &PyBot<G>::info, "What the last search found.")
      .def("new_game", &PyBot<G>::new_game, "Forgets what is specific to the previous game.")
      .def_property_readonly("name", &PyBot<G>::name)
      .def("settings", &PyBot<G>::settings, "Every setting the bot plays with.");
  m.def(
      "players", [factory]() { return factory().usage(); }, "The player kinds of this game.");
  add_open_bot_methods(c);  // bots_open.hpp: search statistics, Python evaluations
  state.attr("Bot") = c;
}

/// A numpy array of shape (planes, rows, cols), zeros, to fill.
inline py::array_t<float> planes(std::size_t planes, std::size_t rows, std::size_t cols) {
  py::array_t<float> a({planes, rows, cols});
  std::fill(a.mutable_data(), a.mutable_data() + a.size(), 0.0f);
  return a;
}

}  // namespace evoplay::python

#include "bots_open.hpp"  // IWYU pragma: keep (add_open_bot_methods)
