#pragma once
// A board game as people see it: how to draw a position, name a move and read one typed by a
// person, which bots exist; a person at a terminal as a player (HumanBot); and the commentary of
// a series of games shown as they are played.
//
// Why it exists: every game of the search engine gets the whole `play` command (cli/play.hpp)
// from one GameUi, and the parts that talk to people are here, where the tests reach them
// in-process (a HumanBot reads any istream).

#include <fmt/format.h>

#include <array>
#include <cstdio>
#include <functional>
#include <iostream>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

#include "evoplay/core/text.hpp"
#include "evoplay/search/bots.hpp"
#include "evoplay/search/series.hpp"

namespace evoplay::search {

template <Game G>
struct GameUi {
  using Move = typename G::Move;
  std::string command;                    // e.g. "tictactoe"
  std::array<std::string, 2> seat_names;  // e.g. {"X", "O"}
  G start{};
  std::function<std::string(const G&, bool human)>
      draw;                                           // the board (with move numbers for people)
  std::function<std::string(const Move&)> move_name;  // e.g. "5"
  std::string move_help;                              // e.g. "a cell from 1 to 9"
  /// Reads a person's move; false with `why` set when it is not a legal move.
  std::function<bool(const G&, std::string_view, Move&, std::string&)> parse_move;
  std::function<BotFactory<G>()> bots;
  /// Optional: told the end of each finished game (a game's own tallies, e.g. draws).
  std::function<void(const G& end, int winner)> on_game_end;
  std::function<std::string(Score)> describe_value = [](Score v) { return describe_score(v); };
  /// What config.json records of the game besides the players (e.g. {"map": FILE}).
  nlohmann::json about = nlohmann::json::object();
};

/// A whole number from `lo` to `hi` typed by a person (a cell, a column); false with `why` set
/// to what was expected when `text` is anything else.
bool read_number(std::string_view text, int lo, int hi, std::string_view what, int& out,
                 std::string& why);

/// A person at the terminal: shows the board, reads a move, refuses bad ones and asks again;
/// `q` (or the end of the input) quits the game.
template <Game G>
class HumanBot : public Bot<G> {
 public:
  HumanBot(std::string name, const GameUi<G>& ui, std::istream& in, std::ostream& out)
      : Bot<G>(std::move(name)), ui_(ui), in_(in), out_(out) {}
  bool is_human() const override { return true; }

  SearchResult<typename G::Move> choose(const G& state) override {
    out_ << '\n' << ui_.draw(state, true);
    for (;;) {
      out_ << fmt::format("{} to move: {} (q quits)> ",
                          ui_.seat_names[static_cast<std::size_t>(state.to_move())], ui_.move_help)
           << std::flush;
      std::string line;
      if (!std::getline(in_, line)) {
        out_ << '\n';
        throw QuitGame{};
      }
      const auto text = trim(line);
      if (text.empty()) continue;
      if (text == "q" || text == "quit" || text == "exit") throw QuitGame{};
      SearchResult<typename G::Move> r;
      std::string why;
      if (ui_.parse_move(state, text, r.move, why)) {
        r.has_move = true;
        return r;
      }
      out_ << why << '\n';
    }
  }

 private:
  const GameUi<G>& ui_;
  std::istream& in_;
  std::ostream& out_;
};

/// The bots of `ui` and `human` (a HumanBot reading `in`, writing `out`).
template <Game G>
BotFactory<G> bots_and_human(const GameUi<G>& ui, std::istream& in = std::cin,
                             std::ostream& out = std::cout) {
  auto factory = ui.bots();
  factory.add("human", "human", [&ui, &in, &out](const BotSpec& s, Rng) -> std::unique_ptr<Bot<G>> {
    s.expect_at_most(0);
    return std::make_unique<HumanBot<G>>(s.text, ui, in, out);
  });
  return factory;
}

/// Shows a series as it is played, on `out`: who plays, the board after each move (after the
/// game only, when a person plays: the person sees it before each of their moves), each bot's
/// move with its value, depth, nodes and time, and the result of each game.
template <Game G>
SeriesView<G> commentary(const GameUi<G>& ui, const SeriesSettings& settings, bool human,
                         std::FILE* out = stdout) {
  SeriesView<G> view;
  const auto& players = settings.players;
  view.on_game_start = [&ui, players, games = settings.games, human, out](int number, const auto&) {
    if (games > 1) fmt::print(out, "\nGame {} of {}\n", number, games);
    fmt::print(out, "{} ({}) against {} ({})\n", ui.seat_names[0], players[0], ui.seat_names[1],
               players[1]);
    if (!human) fmt::print(out, "{}", ui.draw(ui.start, false));
  };
  view.on_move = [&ui, human, out](const G& state, const typename G::Move& m, const auto& r,
                                   const Bot<G>& bot) {
    const auto side = static_cast<std::size_t>(state.to_move());
    if (bot.is_human()) {
      fmt::print(out, "{} plays {}\n", ui.seat_names[side], ui.move_name(m));
    } else {
      fmt::print(out, "{} ({}) plays {}   value {}, depth {}, {} nodes, {:.1f} ms\n",
                 ui.seat_names[side], bot.name(), ui.move_name(m), ui.describe_value(r.value),
                 r.depth, r.stats.nodes, 1e3 * r.seconds);
    }
    if (!human) fmt::print(out, "{}", ui.draw(after(state, m), false));
    std::fflush(out);
  };
  view.on_game_end = [&ui, players, human, out](const GameRecord<G>& rec) {
    G end = ui.start;
    for (const auto& m : rec.moves) end.play(m);
    if (ui.on_game_end && rec.finished) ui.on_game_end(end, rec.winner);
    if (human) fmt::print(out, "\n{}", ui.draw(end, false));
    if (rec.winner < 0) {
      fmt::print(out, "Draw.\n");
    } else {
      const auto w = static_cast<std::size_t>(rec.winner);
      fmt::print(out, "{} ({}) wins.\n", ui.seat_names[w], players[w]);
    }
  };
  return view;
}

}  // namespace evoplay::search
