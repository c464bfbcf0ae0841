#pragma once
// Measuring a learned tic-tac-toe player properly.
//
// Why it exists: "draws against a perfect opponent" alone is a weak test (a perfect opponent
// shows a player only a few positions). A Referee knows every reachable position (5,478), its
// optimal moves (from the search engine's PerfectTable) and the 3,191 where a mistake is
// possible, and measures an agent by:
//   - games against the random and the perfect player in each seat;
//   - the exhaustive no-loss check per seat: every reply of the opponent (and every move the
//     agent may choose) walked to the end; whether it can lose, and in how many lines;
//   - agreement with minimax over the positions it can face and over the 3,191;
//   - the exact probabilities of winning, drawing and losing against a panel player (random,
//     heuristic, perfect, another agent) — what the strong preset's fitness uses.
// Every walk is memoised over positions, so each costs at most 5,478 positions.

#include <array>
#include <cstdint>
#include <memory>
#include <vector>

#include "evoplay/core/rng.hpp"
#include "evoplay/games/tictactoe/agent.hpp"
#include "evoplay/games/tictactoe/board.hpp"
#include "evoplay/games/tictactoe/perfect.hpp"

namespace evoplay::games::tictactoe {

/// The fixed opponents: uniform among all moves, among winning-else-blocking-else-all moves, or
/// among the optimal moves; or the adversary, who knows the agent's rules and always plays the
/// reply that makes the agent's loss most likely (the exhaustive check's worst case, as a
/// probability: exact_outcome only, it cannot be sampled by play_series).
enum class PanelKind { kRandom, kHeuristic, kPerfect, kAdversary };

class Referee {
 public:
  Referee();

  int positions() const { return static_cast<int>(boards_.size()); }
  /// Dense number of a reachable position, 0 to 5,477 (the empty board is 0).
  int id(const Board& b) const { return id_[static_cast<std::size_t>(b.index3())]; }
  const Board& board(int id) const { return boards_[static_cast<std::size_t>(id)]; }
  /// The position after playing `cell` (empty) in position `id`.
  int child(int id, int cell) const {
    return child_[static_cast<std::size_t>(id) * 9 + static_cast<std::size_t>(cell)];
  }
  /// Cells a panel player may choose in `id` (non-terminal), as a 9-bit mask.
  std::uint16_t moves(PanelKind kind, int id) const;
  std::uint16_t optimal(int id) const { return optimal_[static_cast<std::size_t>(id)]; }
  /// The non-terminal positions where some move is not optimal (3,191).
  const std::vector<int>& mistake_positions() const { return mistakes_; }
  const PerfectTable& table() const { return *table_; }

 private:
  std::shared_ptr<const PerfectTable> table_;
  std::vector<Board> boards_;
  std::vector<std::int16_t> id_;     // by index3
  std::vector<std::int16_t> child_;  // id * 9 + cell
  std::vector<std::uint16_t> optimal_, heuristic_;
  std::vector<int> mistakes_;
};

/// An agent's move distribution at every position, computed on first use (or all at once for
/// a player that many walks share, such as a hall-of-fame member).
class PolicyCache {
 public:
  PolicyCache(const AgentPolicy& policy, const Referee& referee, bool all_now = false);
  ~PolicyCache();
  PolicyCache(const PolicyCache&) = delete;
  PolicyCache& operator=(const PolicyCache&) = delete;
  const MoveDist& at(int id);
  /// Only for a cache made with all_now.
  const MoveDist& at(int id) const {
    return dists_[static_cast<std::size_t>(slot_[static_cast<std::size_t>(id)])];
  }

 private:
  const AgentPolicy& policy_;
  const Referee& referee_;
  std::vector<std::int32_t> slot_;
  std::vector<MoveDist> dists_;
};

/// A panel player: a fixed kind, or another agent (its cache made with all_now).
struct PanelPlayer {
  PanelKind kind = PanelKind::kRandom;
  const PolicyCache* agent = nullptr;
};

struct Outcome {
  double win = 0, draw = 0, loss = 0;
};

struct SeatCheck {
  bool can_lose = false;
  std::uint64_t lost_lines = 0;  // move sequences that end in a loss
  std::uint64_t lines = 0;       // all the move sequences walked
  int faced = 0;                 // positions where the agent is to move
  double optimal = 0;            // sum over them of the probability that its move is optimal
};

/// The expected number of the agent's moves in a game, and of those chosen by a rule (not at
/// random).
struct RuleMoves {
  double moves = 0, rule_moves = 0;
};

/// What one walk of the game tree finds for the agent in `seat` against `opponent`, exactly:
/// the probabilities of its results, its expected (rule) moves, and the lines over every move the
/// agent may choose and every move the opponent may choose. Against the random player, who may
/// choose every reply, `check` is the exhaustive check.
struct SeatWalk {
  Outcome outcome;
  RuleMoves moves;
  SeatCheck check;
};

/// Walks the game tree for the agent in `seat` against `opponent`. With `losing`, also adds the
/// positions where the agent is to move and some line goes on to a loss (its lost games, in
/// position order).
SeatWalk walk_seat(PolicyCache& agent, int seat, const PanelPlayer& opponent,
                   const Referee& referee, std::vector<int>* losing = nullptr);

/// The exact probabilities of the agent's result in `seat` (0: X, 1: O) against `opponent`.
Outcome exact_outcome(PolicyCache& agent, int seat, const PanelPlayer& opponent,
                      const Referee& referee);

/// The exhaustive check in `seat`: every opponent reply and every move the agent may choose
/// (walk_seat against the random player).
SeatCheck exhaustive_check(PolicyCache& agent, int seat, const Referee& referee,
                           std::vector<int>* losing = nullptr);

/// Mean probability that the agent's move is optimal over the 3,191 mistake positions.
double agreement_on_mistakes(PolicyCache& agent, const Referee& referee);

struct SeriesResult {
  int wins = 0, draws = 0, losses = 0;
  std::uint64_t moves = 0, rule_moves = 0;  // the agent's moves, and those a rule chose
};

/// `games` games of the agent in `seat` against a panel player, drawing from `rng`.
SeriesResult play_series(const AgentPolicy& agent, int seat, PanelKind opponent, int games, Rng rng,
                         const Referee& referee);

/// What the walks find of one agent, exactly (the population's measures).
struct ExactMeasures {
  std::array<SeatWalk, 2> random;  // against the random player, by seat: with the exhaustive check
  std::array<Outcome, 2> perfect;  // against the perfect player, by seat
  double agree_faced = 0;          // its probability of an optimal move over the positions it
                                   // can face (both seats), averaged
  double agree_mistakes = 0;       // ... over the 3,191 mistake positions
};
ExactMeasures exact_measures(const Agent& agent, bool symmetry, const Referee& referee);

/// Everything measured of one agent.
struct AgentMeasures {
  std::array<SeriesResult, 2> random, perfect;  // by seat
  std::array<SeatCheck, 2> check;
  double agree_faced = 0, agree_mistakes = 0;
  double rule_moves = 0;  // share of its moves chosen by a rule in the games above
};

/// Measures an agent: `games` per seat against random and against perfect, then the exhaustive
/// checks and agreements (taken from `exact`, the agent's exact measures, when given).
AgentMeasures measure_agent(const Agent& agent, bool symmetry, int games, const Rng& rng,
                            const Referee& referee, const ExactMeasures* exact = nullptr);

/// The exhaustive check alone, both seats (the stopping test of --until-unbeatable).
bool never_loses(const Agent& agent, bool symmetry, const Referee& referee);

}  // namespace evoplay::games::tictactoe
