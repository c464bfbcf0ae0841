#pragma once
// `evoplay GAME play`: two players, each a spec (a bot kind or `human`), play one or many games.
// Shared by every board game of the search engine; a game describes itself with a GameUi (how
// to draw the board, read a person's move, name a move, which bots exist) and gets the whole
// command: a person at the terminal, bot-against-bot series in parallel with a summary, a run
// folder, JSON output.

#include <fmt/format.h>

#include <CLI/CLI.hpp>
#include <array>
#include <functional>
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include "evoplay/cli/common.hpp"
#include "evoplay/cli/options.hpp"
#include "evoplay/core/error.hpp"
#include "evoplay/core/parallel.hpp"
#include "evoplay/core/rng.hpp"
#include "evoplay/core/stopwatch.hpp"
#include "evoplay/core/text.hpp"
#include "evoplay/search/bots.hpp"
#include "evoplay/search/result.hpp"

namespace evoplay::cli {

template <search::Game G>
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
  std::function<search::BotFactory<G>()> bots;
  /// Optional: told the end of each finished game (a game's own tallies, e.g. draws).
  std::function<void(const G& end, int winner)> on_game_end;
  std::function<std::string(search::Score)> describe_value = [](search::Score v) {
    return search::describe_score(v);
  };
};

/// A whole number from `lo` to `hi` typed by a person (a cell, a column); false with `why` set
/// to what was expected when `text` is anything else.
bool read_number(std::string_view text, int lo, int hi, std::string_view what, int& out,
                 std::string& why);

/// A person at the terminal: shows the board, reads a move, refuses bad ones and asks again;
/// `q` (or the end of the input) quits the game.
template <search::Game G>
class HumanBot : public search::Bot<G> {
 public:
  HumanBot(std::string name, const GameUi<G>& ui, std::istream& in, std::ostream& out)
      : search::Bot<G>(std::move(name)), ui_(ui), in_(in), out_(out) {}
  bool is_human() const override { return true; }

  search::SearchResult<typename G::Move> choose(const G& state) override {
    out_ << '\n' << ui_.draw(state, true);
    for (;;) {
      out_ << fmt::format("{} to move: {} (q quits)> ",
                          ui_.seat_names[static_cast<std::size_t>(state.to_move())], ui_.move_help)
           << std::flush;
      std::string line;
      if (!std::getline(in_, line)) {
        out_ << '\n';
        throw search::QuitGame{};
      }
      const auto text = trim(line);
      if (text.empty()) continue;
      if (text == "q" || text == "quit" || text == "exit") throw search::QuitGame{};
      search::SearchResult<typename G::Move> r;
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

struct PlayOptions {
  CommonOptions common;
  std::array<std::string, 2> players;
  int games = 1;
};

/// One game as the play command records it, its moves already named (the part of a game that
/// does not depend on the game's type).
struct PlayedGame {
  std::vector<std::string> moves;
  int winner = -1;  // 0 or 1; -1 draw or unfinished
  bool finished = false;
  std::array<search::SearchStats, 2> stats{};
  std::array<double, 2> seconds{}, longest{};
};

/// Checks the options, opens the run folder and writes config.json.
RunDir begin_play(const std::string& command, const std::array<std::string, 2>& seat_names,
                  const PlayOptions& opt, int threads);

/// Writes history.csv, games.txt and result.json, then prints the summary (or the JSON).
void finish_play(const RunDir& run, const std::array<std::string, 2>& seat_names,
                 const PlayOptions& opt, const std::vector<PlayedGame>& games, bool stopped,
                 bool show, double seconds);

/// Plays the games and reports them; returns the games played (for pictures of them).
template <search::Game G>
std::vector<search::GameRecord<G>> run_play(const GameUi<G>& ui, const PlayOptions& opt) {
  auto factory = ui.bots();
  factory.add("human", "human",
              [&ui](const search::BotSpec& s, Rng) -> std::unique_ptr<search::Bot<G>> {
                s.expect_at_most(0);
                return std::make_unique<HumanBot<G>>(s.text, ui, std::cin, std::cout);
              });
  for (const auto& spec : opt.players) factory.validate(spec);
  bool human = false;
  for (const auto& spec : opt.players)
    human = human || search::parse_bot_spec(spec).kind == "human";
  const bool show = human || (opt.games == 1 && !opt.common.json && !opt.common.quiet);
  const int threads = human ? 1 : opt.common.threads;
  const RunDir run = begin_play(ui.command, ui.seat_names, opt, threads);

  const Rng master(opt.common.seed);
  std::vector<search::GameRecord<G>> records(static_cast<std::size_t>(opt.games));
  auto make_players = [&](int game) {
    std::array<std::unique_ptr<search::Bot<G>>, 2> bots;
    for (std::size_t s = 0; s < 2; ++s) {
      bots[s] = factory.make(opt.players[s], master.split({static_cast<std::uint64_t>(game), s}));
    }
    return bots;
  };
  const Stopwatch clock;
  bool stopped = false;
  int played = 0;
  if (show) {
    for (int game = 0; game < opt.games; ++game) {
      auto bots = make_players(game);
      if (opt.games > 1) fmt::print("\nGame {} of {}\n", game + 1, opt.games);
      fmt::print("{} ({}) against {} ({})\n", ui.seat_names[0], opt.players[0], ui.seat_names[1],
                 opt.players[1]);
      if (!human) fmt::print("{}", ui.draw(ui.start, false));
      auto show_move = [&](const G& state, const typename G::Move& m, const auto& r) {
        const auto side = static_cast<std::size_t>(state.to_move());
        if (bots[side]->is_human()) {
          fmt::print("{} plays {}\n", ui.seat_names[side], ui.move_name(m));
        } else {
          fmt::print("{} ({}) plays {}   value {}, depth {}, {} nodes, {:.1f} ms\n",
                     ui.seat_names[side], bots[side]->name(), ui.move_name(m),
                     ui.describe_value(r.value), r.depth, r.stats.nodes, 1e3 * r.seconds);
        }
        if (!human) fmt::print("{}", ui.draw(search::after(state, m), false));
        std::fflush(stdout);
      };
      try {
        records[static_cast<std::size_t>(game)] =
            search::play_game(ui.start, {bots[0].get(), bots[1].get()}, show_move);
      } catch (const search::QuitGame&) {
        stopped = true;
        fmt::print("Game stopped.\n");
        break;
      }
      ++played;
      const auto& rec = records[static_cast<std::size_t>(game)];
      G end = ui.start;
      for (const auto& m : rec.moves) end.play(m);
      if (ui.on_game_end && rec.finished) ui.on_game_end(end, rec.winner);
      if (human) fmt::print("\n{}", ui.draw(end, false));
      if (rec.winner < 0) {
        fmt::print("Draw.\n");
      } else {
        const auto w = static_cast<std::size_t>(rec.winner);
        fmt::print("{} ({}) wins.\n", ui.seat_names[w], opt.players[w]);
      }
    }
  } else {
    Workers workers(threads);
    workers.for_each(records.size(), [&](std::size_t game) {
      auto bots = make_players(static_cast<int>(game));
      records[game] = search::play_game(ui.start, {bots[0].get(), bots[1].get()},
                                        [](const G&, const typename G::Move&, const auto&) {});
    });
    played = opt.games;
  }

  std::vector<PlayedGame> games(static_cast<std::size_t>(played));
  for (std::size_t i = 0; i < games.size(); ++i) {
    const auto& r = records[i];
    for (const auto& m : r.moves) games[i].moves.push_back(ui.move_name(m));
    games[i].winner = r.winner;
    games[i].finished = r.finished;
    games[i].stats = r.stats;
    games[i].seconds = r.seconds;
    games[i].longest = r.longest;
  }
  finish_play(run, ui.seat_names, opt, games, stopped, show, clock.seconds());
  records.resize(games.size());
  return records;
}

/// Adds `play` under a game's command with --x/--first and --o/--second (defaults given).
template <search::Game G>
void add_play_command(CLI::App* game_cmd, std::shared_ptr<const GameUi<G>> ui,
                      std::array<std::string, 2> defaults) {
  auto opt = std::make_shared<PlayOptions>();
  opt->players = defaults;
  auto* cmd = game_cmd->add_subcommand(
      "play", "play games: a person at the terminal, or bots against each other");
  const std::string kinds = ui->bots().usage() + ", human";
  cmd->add_option("--x,--first", opt->players[0],
                  fmt::format("who plays {} (moves first): {}", ui->seat_names[0], kinds))
      ->capture_default_str();
  cmd->add_option("--o,--second", opt->players[1],
                  fmt::format("who plays {}: same choices", ui->seat_names[1]))
      ->capture_default_str();
  cmd->add_option("--games", opt->games, "games to play (bots only: in parallel, then a summary)")
      ->capture_default_str()
      ->check(whole_in(1, kMaxGames));
  add_common_options(cmd, opt->common, kSeed | kThreads | kOut | kJson | kQuiet);
  cmd->callback([ui, opt] { run_play(*ui, *opt); });
}

}  // namespace evoplay::cli
