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
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "evoplay/cli/common.hpp"
#include "evoplay/core/atomic_file.hpp"
#include "evoplay/core/error.hpp"
#include "evoplay/core/history.hpp"
#include "evoplay/core/parallel.hpp"
#include "evoplay/core/rng.hpp"
#include "evoplay/core/stats.hpp"
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
  std::function<std::string(search::Score)> describe_value = [](search::Score v) {
    return search::describe_score(v);
  };
};

/// A whole number from `lo` to `hi` typed by a person (a cell, a column); false with `why` set
/// to what was expected when `text` is anything else.
inline bool read_number(std::string_view text, int lo, int hi, std::string_view what, int& out,
                        std::string& why) {
  long long n = 0;
  if (!try_parse_int(text, n) || n < lo || n > hi) {
    why =
        fmt::format("'{}' is not a {}: type a number from {} to {} (q quits)", text, what, lo, hi);
    return false;
  }
  out = static_cast<int>(n);
  return true;
}

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

namespace detail {

template <search::Game G>
nlohmann::json seat_summary(const std::vector<search::GameRecord<G>>& records, int seat,
                            const std::string& spec) {
  std::uint64_t wins = 0, draws = 0, losses = 0, moves = 0, nodes = 0;
  double seconds = 0, longest = 0;
  std::size_t finished = 0;
  for (const auto& r : records) {
    if (!r.finished) continue;
    ++finished;
    wins += r.winner == seat;
    losses += r.winner == 1 - seat;
    draws += r.winner < 0;
    const auto mine =
        static_cast<std::uint64_t>((r.moves.size() + 1 - static_cast<std::size_t>(seat)) / 2);
    moves += mine;
    nodes += r.stats[static_cast<std::size_t>(seat)].nodes;
    seconds += r.seconds[static_cast<std::size_t>(seat)];
    longest = std::max(longest, r.longest[static_cast<std::size_t>(seat)]);
  }
  const auto rate = stats::success_rate(wins, finished);
  return {{"player", spec},
          {"wins", wins},
          {"draws", draws},
          {"losses", losses},
          {"win_rate", rate.rate},
          {"win_rate_ci95", {rate.ci95.low, rate.ci95.high}},
          {"moves", moves},
          {"mean_nodes_per_move",
           moves ? static_cast<double>(nodes) / static_cast<double>(moves) : 0.0},
          {"mean_ms_per_move", moves ? 1e3 * seconds / static_cast<double>(moves) : 0.0},
          {"longest_move_ms", 1e3 * longest}};
}

}  // namespace detail

template <search::Game G>
void run_play(const GameUi<G>& ui, const PlayOptions& opt) {
  if (opt.games < 1) throw Error("--games must be at least 1");
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

  const RunDir run = open_run_dir(opt.common, ui.command + "-play");
  auto config = base_config(ui.command + " play", opt.common);
  config["threads"] = resolve_threads(threads);
  config["players"] = {{ui.seat_names[0], opt.players[0]}, {ui.seat_names[1], opt.players[1]}};
  config["games"] = opt.games;
  run.write_json("config.json", config);

  const Rng master(opt.common.seed);
  std::vector<search::GameRecord<G>> records(static_cast<std::size_t>(opt.games));
  auto make_players = [&](int game) {
    std::array<std::unique_ptr<search::Bot<G>>, 2> bots;
    for (std::size_t s = 0; s < 2; ++s)
      bots[s] = factory.make(opt.players[s], master.split({static_cast<std::uint64_t>(game), s}));
    return bots;
  };
  const Stopwatch clock;
  bool quit = false;
  int played = 0;
  if (show) {
    for (int game = 0; game < opt.games && !quit; ++game) {
      auto bots = make_players(game);
      if (opt.games > 1) fmt::print("\nGame {} of {}\n", game + 1, opt.games);
      fmt::print("{} ({}) against {} ({})\n", ui.seat_names[0], opt.players[0], ui.seat_names[1],
                 opt.players[1]);
      if (!human) fmt::print("{}", ui.draw(ui.start, false));
      try {
        records[static_cast<std::size_t>(game)] = search::play_game(
            ui.start, {bots[0].get(), bots[1].get()},
            [&](const G& state, const typename G::Move& m, const auto& r) {
              const int side = state.to_move();
              if (bots[static_cast<std::size_t>(side)]->is_human()) {
                fmt::print("{} plays {}\n", ui.seat_names[static_cast<std::size_t>(side)],
                           ui.move_name(m));
              } else {
                fmt::print("{} ({}) plays {}   value {}, depth {}, {} nodes, {:.1f} ms\n",
                           ui.seat_names[static_cast<std::size_t>(side)],
                           bots[static_cast<std::size_t>(side)]->name(), ui.move_name(m),
                           ui.describe_value(r.value), r.depth, r.stats.nodes, 1e3 * r.seconds);
              }
              if (!human) fmt::print("{}", ui.draw(search::after(state, m), false));
              std::fflush(stdout);
            });
      } catch (const search::QuitGame&) {
        quit = true;
        fmt::print("Game stopped.\n");
        break;
      }
      ++played;
      const auto& rec = records[static_cast<std::size_t>(game)];
      G end = ui.start;
      for (const auto& m : rec.moves) end.play(m);
      if (human) fmt::print("\n{}", ui.draw(end, false));
      fmt::print("{}\n", rec.winner < 0
                             ? "Draw."
                             : fmt::format("{} ({}) wins.",
                                           ui.seat_names[static_cast<std::size_t>(rec.winner)],
                                           opt.players[static_cast<std::size_t>(rec.winner)]));
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
  records.resize(static_cast<std::size_t>(played));

  CsvTable history;
  history.columns = {"game", "winner", "plies", "nodes_0", "nodes_1", "seconds_0", "seconds_1"};
  std::string moves_text;
  for (std::size_t i = 0; i < records.size(); ++i) {
    const auto& r = records[i];
    history.rows.push_back({static_cast<double>(i + 1), static_cast<double>(r.winner),
                            static_cast<double>(r.moves.size()),
                            static_cast<double>(r.stats[0].nodes),
                            static_cast<double>(r.stats[1].nodes), r.seconds[0], r.seconds[1]});
    for (std::size_t k = 0; k < r.moves.size(); ++k) {
      if (k > 0) moves_text += ' ';
      moves_text += ui.move_name(r.moves[k]);
    }
    moves_text += '\n';
  }
  run.write_text("history.csv", to_csv(history));
  run.write_text("games.txt", moves_text);
  nlohmann::json result = {
      {"games", played},
      {"stopped", quit},
      {"seconds", clock.seconds()},
      {"draws", std::count_if(records.begin(), records.end(),
                              [](const auto& r) { return r.finished && r.winner < 0; })},
      {"players",
       {detail::seat_summary(records, 0, opt.players[0]),
        detail::seat_summary(records, 1, opt.players[1])}}};
  result["players"][0]["seat"] = ui.seat_names[0];
  result["players"][1]["seat"] = ui.seat_names[1];
  run.write_json("result.json", result);

  if (opt.common.json) {
    result["run"] = run.path().string();
    fmt::print("{}\n", result.dump(2));
    return;
  }
  if (played > 1 || !show) {
    fmt::print("\n{} games: {} ({}) against {} ({})\n", played, ui.seat_names[0], opt.players[0],
               ui.seat_names[1], opt.players[1]);
    fmt::print("{:<6} {:<22} {:>6} {:>6} {:>6} {:>7} {:>14} {:>12} {:>10}\n", "seat", "player",
               "wins", "draws", "losses", "win %", "95% interval", "nodes/move", "ms/move");
    for (int s = 0; s < 2; ++s) {
      const auto& p = result["players"][static_cast<std::size_t>(s)];
      const auto interval = fmt::format("{:.1f}-{:.1f}%", 100 * p["win_rate_ci95"][0].get<double>(),
                                        100 * p["win_rate_ci95"][1].get<double>());
      fmt::print("{:<6} {:<22} {:>6} {:>6} {:>6} {:>6.1f}% {:>14} {:>12.0f} {:>10.3f}\n",
                 ui.seat_names[static_cast<std::size_t>(s)],
                 opt.players[static_cast<std::size_t>(s)], p["wins"].get<std::uint64_t>(),
                 p["draws"].get<std::uint64_t>(), p["losses"].get<std::uint64_t>(),
                 100 * p["win_rate"].get<double>(), interval,
                 p["mean_nodes_per_move"].get<double>(), p["mean_ms_per_move"].get<double>());
    }
  }
  fmt::print("Run folder: {}\n", run.path().string());
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
      ->capture_default_str();
  add_common_options(cmd, opt->common, kSeed | kThreads | kOut | kJson | kQuiet);
  cmd->callback([ui, opt] { run_play(*ui, *opt); });
}

}  // namespace evoplay::cli
