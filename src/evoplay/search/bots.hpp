#pragma once
// Players of any Game: the Bot interface, the engine's standard bots (random, greedy, minimax,
// alpha-beta, MCTS), a factory that makes them from command-line specs (games and commands add
// their own kinds: a perfect player, a human at the terminal, a learned agent), and a loop that
// plays one game between two bots.
//
// Bots are called once per move, so a virtual call costs nothing here; the searches inside are
// templates over the game.

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <cmath>
#include <functional>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <utility>
#include <vector>

#include "evoplay/core/error.hpp"
#include "evoplay/core/rng.hpp"
#include "evoplay/core/stopwatch.hpp"
#include "evoplay/search/alphabeta.hpp"
#include "evoplay/search/game.hpp"
#include "evoplay/search/mcts.hpp"
#include "evoplay/search/minimax.hpp"
#include "evoplay/search/result.hpp"
#include "evoplay/search/spec.hpp"

namespace evoplay::search {

nlohmann::json to_json(const MinimaxSettings& settings);
nlohmann::json to_json(const MctsSettings& settings);
/// {"kind": kind} followed by `settings`' keys (a bot's resolved settings).
nlohmann::json with_kind(const char* kind, const nlohmann::json& settings);

template <Game G>
class Bot {
 public:
  using Move = typename G::Move;
  explicit Bot(std::string name) : name_(std::move(name)) {}
  virtual ~Bot() = default;
  Bot(const Bot&) = delete;
  Bot& operator=(const Bot&) = delete;

  /// The move to play in `state` (not terminal), with what the search found.
  virtual SearchResult<Move> choose(const G& state) = 0;
  /// A new game starts: forget what is specific to the previous one.
  virtual void new_game() {}
  /// A person at the terminal (the game is then shown as it goes).
  virtual bool is_human() const { return false; }
  /// Every setting the bot plays with, resolved from its spec and the game's defaults (for
  /// config.json: a run can be repeated from them): {"kind": ..., the search's settings}.
  virtual nlohmann::json settings() const { return {{"kind", parse_bot_spec(name_).kind}}; }
  /// Makes a search in progress return soon once `*cancel` is true (nullptr: never).
  virtual void set_cancel(const std::atomic<bool>* /*cancel*/) {}
  /// The spec that made this bot, e.g. "alphabeta:100ms".
  const std::string& name() const { return name_; }

 private:
  std::string name_;
};

/// Thrown by a human player who quits (or whose input ends); the game stops cleanly.
struct QuitGame {};

template <Game G>
class RandomBot : public Bot<G> {
 public:
  RandomBot(std::string name, Rng rng) : Bot<G>(std::move(name)), rng_(rng) {}
  SearchResult<typename G::Move> choose(const G& state) override {
    MovesOf<G> moves;
    state.legal_moves(moves);
    SearchResult<typename G::Move> r;
    if (moves.empty()) return r;
    r.move = moves[static_cast<int>(rng_.index(static_cast<std::size_t>(moves.size())))];
    r.has_move = true;
    r.pv = {r.move};
    return r;
  }

 private:
  Rng rng_;
};

/// One ply of look-ahead: the move whose resulting position evaluates best for the mover (a
/// win at once above all); ties broken at random.
template <Game G>
class GreedyBot : public Bot<G> {
 public:
  GreedyBot(std::string name, Rng rng) : Bot<G>(std::move(name)), rng_(rng) {}
  SearchResult<typename G::Move> choose(const G& state) override {
    Stopwatch clock;
    MovesOf<G> moves;
    state.legal_moves(moves);
    SearchResult<typename G::Move> r;
    const int me = state.to_move();
    int ties = 0;
    for (const auto& m : moves) {
      const G next = after(state, m);
      ++r.stats.nodes;
      ++r.stats.leaves;
      const Score v = next.is_terminal() ? at_ply(next.evaluate(me), 1) : next.evaluate(me);
      if (!r.has_move || v > r.value) {
        r.value = v;
        r.move = m;
        r.has_move = true;
        ties = 1;
      } else if (v == r.value && rng_.below(static_cast<std::uint64_t>(++ties)) == 0) {
        r.move = m;  // reservoir sampling: each tied move equally likely
      }
    }
    r.depth = 1;
    r.pv = {r.move};
    r.seconds = clock.seconds();
    return r;
  }

 private:
  Rng rng_;
};

template <Game G>
class MinimaxBot : public Bot<G> {
 public:
  MinimaxBot(std::string name, MinimaxSettings settings)
      : Bot<G>(std::move(name)), settings_(settings), engine_(settings) {}
  SearchResult<typename G::Move> choose(const G& state) override { return engine_.search(state); }
  nlohmann::json settings() const override { return with_kind("minimax", to_json(settings_)); }
  void set_cancel(const std::atomic<bool>* cancel) override { engine_.set_cancel(cancel); }

 private:
  MinimaxSettings settings_;
  Minimax<G> engine_;
};

template <Game G, class P = DefaultPolicy<G>>
class AlphaBetaBot : public Bot<G> {
 public:
  AlphaBetaBot(std::string name, AlphaBetaSettings settings, P policy = {})
      : Bot<G>(std::move(name)), settings_(settings), engine_(settings, std::move(policy)) {}
  SearchResult<typename G::Move> choose(const G& state) override { return engine_.search(state); }
  void new_game() override { engine_.clear(); }
  nlohmann::json settings() const override { return with_kind("alphabeta", to_json(settings_)); }
  void set_cancel(const std::atomic<bool>* cancel) override { engine_.set_cancel(cancel); }

 private:
  AlphaBetaSettings settings_;
  AlphaBeta<G, P> engine_;
};

template <Game G>
class MctsBot : public Bot<G> {
 public:
  MctsBot(std::string name, MctsSettings settings, Rng rng)
      : Bot<G>(std::move(name)), settings_(settings), engine_(settings), rng_(rng) {}
  SearchResult<typename G::Move> choose(const G& state) override {
    return engine_.search(state, rng_);
  }
  nlohmann::json settings() const override { return with_kind("mcts", to_json(settings_)); }
  void set_cancel(const std::atomic<bool>* cancel) override { engine_.set_cancel(cancel); }
  /// The search (its root's statistics after a move; a leaf evaluation in place of playouts).
  Mcts<G>& engine() { return engine_; }
  const Mcts<G>& engine() const { return engine_; }

 private:
  MctsSettings settings_;
  Mcts<G> engine_;
  Rng rng_;
};

/// What a bare kind means for a game (`minimax`, `alphabeta`, `mcts` without an argument).
struct BotDefaults {
  int minimax_depth = 4;
  int alphabeta_depth = 64;        // the deepest iteration
  double alphabeta_seconds = 1.0;  // a bare `alphabeta` thinks this long (0: depth only)
  std::uint64_t mcts_iterations = 10000;
  double table_mib = 16;
};

/// Makes bots from specs. Each kind has a maker and a one-line usage for --help.
template <Game G>
class BotFactory {
 public:
  using Maker = std::function<std::unique_ptr<Bot<G>>(const BotSpec&, Rng)>;

  /// Adds (or replaces) a kind.
  void add(std::string kind, std::string usage, Maker make) {
    kinds_[kind] = {std::move(usage), std::move(make)};
    if (std::find(order_.begin(), order_.end(), kind) == order_.end())
      order_.push_back(std::move(kind));
  }
  bool has(const std::string& kind) const { return kinds_.contains(kind); }

  /// The bot of `text`, drawing its randomness from `rng`. Throws Error for an unknown kind or
  /// bad arguments.
  std::unique_ptr<Bot<G>> make(const std::string& text, Rng rng) const {
    const BotSpec spec = parse_bot_spec(text);
    const auto it = kinds_.find(spec.kind);
    if (it == kinds_.end()) {
      throw Error(fmt::format("unknown player '{}' (players: {})", spec.text, usage()));
    }
    return it->second.make(spec, rng);
  }
  /// Checks a spec without keeping the bot.
  void validate(const std::string& text) const { (void)make(text, Rng(0)); }

  /// "random, greedy, minimax[:DEPTH|:TIME], ..." in the order added.
  std::string usage() const {
    std::string out;
    for (const auto& k : order_) {
      if (!out.empty()) out += ", ";
      out += kinds_.at(k).usage;
    }
    return out;
  }

 private:
  struct Kind {
    std::string usage;
    Maker make;
  };
  std::map<std::string, Kind> kinds_;
  std::vector<std::string> order_;
};

/// Settings of `alphabeta[:DEPTH|:TIME]`.
inline AlphaBetaSettings alphabeta_settings(const BotSpec& spec, const BotDefaults& d) {
  spec.expect_at_most(1);
  AlphaBetaSettings s;
  s.table_mib = d.table_mib;
  s.depth = d.alphabeta_depth;
  s.seconds = d.alphabeta_seconds;
  if (!spec.args.empty()) {
    if (const auto t = parse_duration(spec.args[0])) {
      s.seconds = *t;
    } else if (const auto n = parse_count(spec.args[0]);
               n && *n <= static_cast<std::uint64_t>(kMaxPly - 1)) {
      s.depth = static_cast<int>(*n);
      s.seconds = 0;
    } else {
      throw Error(fmt::format("player '{}': expected a depth (1-{}) or a time such as 100ms or 2s",
                              spec.text, kMaxPly - 1));
    }
  }
  return s;
}

/// The standard kinds: random, greedy, minimax[:DEPTH|:TIME], alphabeta[:DEPTH|:TIME],
/// mcts[:ITERATIONS|:TIME]. Alpha-beta uses the policy P (the game's help, if any).
template <Game G, class P = DefaultPolicy<G>>
BotFactory<G> standard_bots(const BotDefaults& d, P policy = {}) {
  BotFactory<G> f;
  f.add("random", "random", [](const BotSpec& s, Rng rng) -> std::unique_ptr<Bot<G>> {
    s.expect_at_most(0);
    return std::make_unique<RandomBot<G>>(s.text, rng);
  });
  f.add("greedy", "greedy", [](const BotSpec& s, Rng rng) -> std::unique_ptr<Bot<G>> {
    s.expect_at_most(0);
    return std::make_unique<GreedyBot<G>>(s.text, rng);
  });
  f.add("minimax", "minimax[:DEPTH|:TIME]", [d](const BotSpec& s, Rng) -> std::unique_ptr<Bot<G>> {
    s.expect_at_most(1);
    MinimaxSettings m{d.minimax_depth};
    if (!s.args.empty()) {
      if (const auto t = parse_duration(s.args[0])) {
        m.seconds = *t;  // iterative deepening under a time limit
        m.depth = 64;
      } else if (const auto n = parse_count(s.args[0]); n && *n <= 64) {
        m.depth = static_cast<int>(*n);
      } else {
        throw Error(fmt::format(
            "player '{}': expected a depth from 1 to 64 or a time such as 100ms", s.text));
      }
    }
    return std::make_unique<MinimaxBot<G>>(s.text, m);
  });
  f.add("alphabeta", "alphabeta[:DEPTH|:TIME]",
        [d, policy](const BotSpec& s, Rng) -> std::unique_ptr<Bot<G>> {
          return std::make_unique<AlphaBetaBot<G, P>>(s.text, alphabeta_settings(s, d), policy);
        });
  f.add("mcts", "mcts[:ITERATIONS|:TIME]",
        [d](const BotSpec& s, Rng rng) -> std::unique_ptr<Bot<G>> {
          s.expect_at_most(1);
          MctsSettings m;
          m.iterations = d.mcts_iterations;
          if (!s.args.empty()) {
            if (const auto t = parse_duration(s.args[0])) {
              m.seconds = *t;
              m.iterations = 0;
            } else if (const auto n = parse_count(s.args[0])) {
              m.iterations = *n;
            } else {
              throw Error(
                  fmt::format("player '{}': expected iterations or a time such as 100ms", s.text));
            }
          }
          return std::make_unique<MctsBot<G>>(s.text, m, rng);
        });
  return f;
}

/// One game as played: the moves, the winner, and each side's search work and thinking time.
template <Game G>
struct GameRecord {
  std::vector<typename G::Move> moves;
  int winner = -1;        // 0 or 1; -1 = draw (or unfinished)
  bool finished = false;  // false when a player quit or the ply limit was reached
  std::array<SearchStats, 2> stats{};
  std::array<double, 2> seconds{};
  std::array<double, 2> longest{};      // the longest single move, per side
  std::array<double, 2> longest_cpu{};  // the most thread CPU time a single move used, per side
};

/// Plays from `start` until the game ends (or `max_plies`). `on_move(state, move, result)` is
/// called before each move is played. A QuitGame from a player propagates to the caller. When
/// `*cancel` becomes true (the players' searches are told too) the game stops unfinished.
template <Game G, class OnMove>
GameRecord<G> play_game(G state, const std::array<Bot<G>*, 2>& players, OnMove&& on_move,
                        int max_plies = 100000, const std::atomic<bool>* cancel = nullptr) {
  GameRecord<G> record;
  auto cancelled = [cancel] { return cancel && cancel->load(std::memory_order_relaxed); };
  for (auto* p : players) {
    p->new_game();
    if (cancel) p->set_cancel(cancel);
  }
  while (!state.is_terminal() && static_cast<int>(record.moves.size()) < max_plies &&
         !cancelled()) {
    const int side = state.to_move();
    Stopwatch clock;
    const ThreadCpuStopwatch cpu;
    const auto result = players[static_cast<std::size_t>(side)]->choose(state);
    const double took = clock.seconds(), took_cpu = cpu.seconds();
    if (cancelled()) break;  // the search may have stopped without a move
    if (!result.has_move) throw InternalError("a player returned no move in a position with moves");
    MovesOf<G> legal;
    state.legal_moves(legal);
    if (!legal.contains(result.move)) throw InternalError("a player chose an illegal move");
    record.stats[static_cast<std::size_t>(side)] += result.stats;
    record.seconds[static_cast<std::size_t>(side)] += took;
    record.longest[static_cast<std::size_t>(side)] =
        std::max(record.longest[static_cast<std::size_t>(side)], took);
    record.longest_cpu[static_cast<std::size_t>(side)] =
        std::max(record.longest_cpu[static_cast<std::size_t>(side)], took_cpu);
    on_move(std::as_const(state), result.move, result);
    state.play(result.move);
    record.moves.push_back(result.move);
  }
  record.finished = state.is_terminal();
  if (record.finished) {
    const Score v = state.evaluate(0);
    record.winner = v > 0 ? 0 : v < 0 ? 1 : -1;
  }
  return record;
}

/// Throws Error unless `r` is a game play_game could have recorded from `start`: at most
/// `max_plies` moves, each legal where it was played, "finished" exactly when the game is over,
/// the winner the final position gives (-1 when unfinished), times finite and not negative.
/// What --resume asks of a saved game before it trusts it.
template <Game G>
void check_game_record(const G& start, const GameRecord<G>& r, int max_plies = 100000) {
  if (r.moves.size() > static_cast<std::size_t>(max_plies))
    throw Error(fmt::format("{} moves, more than a game's {}", r.moves.size(), max_plies));
  G state = start;
  MovesOf<G> legal;
  for (std::size_t i = 0; i < r.moves.size(); ++i) {
    legal.clear();
    state.legal_moves(legal);
    if (!legal.contains(r.moves[i]))
      throw Error(
          fmt::format("move {} is not a legal move of the position it was played in", i + 1));
    state.play(r.moves[i]);
  }
  if (r.finished != state.is_terminal())
    throw Error(r.finished ? "says the game is over, and its moves do not end it"
                           : "says the game is unfinished, and its moves end it");
  int winner = -1;
  if (r.finished) {
    const Score v = state.evaluate(0);
    winner = v > 0 ? 0 : v < 0 ? 1 : -1;
  }
  if (r.winner != winner)
    throw Error(fmt::format("winner {}, and its moves give {}", r.winner, winner));
  for (std::size_t s = 0; s < 2; ++s) {
    for (double t : {r.seconds[s], r.longest[s], r.longest_cpu[s]}) {
      if (!(t >= 0) || !std::isfinite(t)) throw Error("a time that is negative or not a number");
    }
  }
}

}  // namespace evoplay::search
