#include "evoplay/games/tictactoe/measures.hpp"

#include <bit>

#include "evoplay/core/error.hpp"

namespace evoplay::games::tictactoe {

namespace {

// Cells where the side with `stones` completes a line (among `free` cells).
std::uint16_t completing(std::uint16_t stones, std::uint16_t free) {
  std::uint16_t out = 0;
  for (auto line : kLines) {
    if (std::popcount(static_cast<unsigned>(stones & line)) == 2) out |= free & line;
  }
  return out;
}

}  // namespace

Referee::Referee() : table_(std::make_shared<const PerfectTable>()), id_(19683, -1) {
  // Every reachable position once, in the order found (the empty board first).
  boards_.push_back(Board{});
  id_[static_cast<std::size_t>(Board{}.index3())] = 0;
  for (std::size_t k = 0; k < boards_.size(); ++k) {
    const Board b = boards_[k];
    for (int cell = 0; cell < 9; ++cell) child_.push_back(-1);
    if (b.is_terminal()) continue;
    for (int cell = 0; cell < 9; ++cell) {
      if (!(b.empty() >> cell & 1)) continue;
      Board next = b;
      next.play(static_cast<Board::Move>(cell));
      auto& slot = id_[static_cast<std::size_t>(next.index3())];
      if (slot < 0) {
        slot = static_cast<std::int16_t>(boards_.size());
        boards_.push_back(next);
      }
      child_[k * 9 + static_cast<std::size_t>(cell)] = slot;
    }
  }
  optimal_.resize(boards_.size());
  heuristic_.resize(boards_.size());
  for (std::size_t k = 0; k < boards_.size(); ++k) {
    const Board& b = boards_[k];
    if (b.is_terminal()) continue;
    for (auto m : table_->optimal_moves(b)) optimal_[k] |= static_cast<std::uint16_t>(1u << m);
    const int me = b.to_move();
    const auto win = completing(b.stones(me), b.empty());
    const auto block = completing(b.stones(1 - me), b.empty());
    heuristic_[k] = win ? win : block ? block : b.empty();
    if (optimal_[k] != b.empty()) mistakes_.push_back(static_cast<int>(k));
  }
}

std::uint16_t Referee::moves(PanelKind kind, int id) const {
  const auto k = static_cast<std::size_t>(id);
  switch (kind) {
    case PanelKind::kRandom:
      return boards_[k].is_terminal() ? 0 : boards_[k].empty();
    case PanelKind::kHeuristic:
      return heuristic_[k];
    case PanelKind::kPerfect:
      return optimal_[k];
    case PanelKind::kAdversary:
      break;
  }
  throw InternalError("Referee::moves: the adversary has no fixed moves");
}

namespace {

// Lists of distributions left by caches that ended, one set per thread, for the next caches to
// reuse: a cache is made for every agent of every cycle, and a fresh list each time (first
// growing by doubling, then reserved) cost a fifth of a learning run's time under
// AddressSanitizer, which maps every large block afresh. No result depends on what a list held.
std::vector<std::vector<MoveDist>>& spare_lists() {
  thread_local std::vector<std::vector<MoveDist>> spare;
  return spare;
}

}  // namespace

PolicyCache::PolicyCache(const AgentPolicy& policy, const Referee& referee, bool all_now)
    : policy_(policy), referee_(referee), slot_(static_cast<std::size_t>(referee.positions()), -1) {
  if (auto& spare = spare_lists(); !spare.empty()) {
    dists_ = std::move(spare.back());
    spare.pop_back();
    dists_.clear();
  }
  dists_.reserve(static_cast<std::size_t>(referee.positions()));  // `at` never moves an entry
  if (!all_now) return;
  for (int id = 0; id < referee.positions(); ++id) {
    if (!referee.board(id).is_terminal()) (void)at(id);
  }
}

PolicyCache::~PolicyCache() {
  if (dists_.capacity() > 0) spare_lists().push_back(std::move(dists_));
}

const MoveDist& PolicyCache::at(int id) {
  auto& slot = slot_[static_cast<std::size_t>(id)];
  if (slot < 0) {
    slot = static_cast<std::int32_t>(dists_.size());
    dists_.push_back(policy_.distribution(referee_.board(id)));
  }
  return dists_[static_cast<std::size_t>(slot)];
}

namespace {

// What a walk adds up below a position (SeatWalk's figures, without faced and optimal).
struct Tally {
  Outcome outcome;
  RuleMoves moves;
  std::uint64_t lines = 0, lost_lines = 0;

  // A child reached with probability p.
  void add(const Tally& c, double p) {
    outcome.win += p * c.outcome.win;
    outcome.draw += p * c.outcome.draw;
    outcome.loss += p * c.outcome.loss;
    moves.moves += p * c.moves.moves;
    moves.rule_moves += p * c.moves.rule_moves;
    lines += c.lines;
    lost_lines += c.lost_lines;
  }
};

struct Walk {
  PolicyCache& agent;
  int seat;
  const PanelPlayer& opponent;
  const Referee& referee;
  std::vector<Tally>& memo;  // memo[id] is valid once done[id]
  std::vector<char>& done;
  int faced = 0;
  double optimal = 0;

  Tally at(int id) {
    const auto k = static_cast<std::size_t>(id);
    if (done[k]) return memo[k];
    const Board& b = referee.board(id);
    Tally t;
    if (b.is_terminal()) {
      const int w = b.winner();
      (w == seat ? t.outcome.win : w < 0 ? t.outcome.draw : t.outcome.loss) = 1;
      t.lines = 1;
      t.lost_lines = w == 1 - seat ? 1 : 0;
    } else if (b.to_move() == seat || opponent.agent) {
      const bool mine = b.to_move() == seat;
      // A copy: the walk below adds to the cache, which may move its entries.
      const MoveDist d = mine ? agent.at(id) : opponent.agent->at(id);
      if (mine) {
        ++faced;
        t.moves = {1, d.by_rule ? 1.0 : 0.0};
      }
      for (int cell = 0; cell < 9; ++cell) {
        const double p = d.p[static_cast<std::size_t>(cell)];
        if (p == 0) continue;
        if (mine && referee.optimal(id) >> cell & 1) optimal += p;
        t.add(at(referee.child(id, cell)), p);
      }
    } else if (opponent.kind == PanelKind::kAdversary) {
      // The reply with the most likely loss for the agent (ties: its least likely win).
      bool first = true;
      for (int cell = 0; cell < 9; ++cell) {
        if (!(b.empty() >> cell & 1)) continue;
        const Tally c = at(referee.child(id, cell));
        if (first || c.outcome.loss > t.outcome.loss ||
            (c.outcome.loss == t.outcome.loss && c.outcome.win < t.outcome.win))
          t = c;
        first = false;
      }
    } else {
      const std::uint16_t mask = referee.moves(opponent.kind, id);
      const double p = 1.0 / std::popcount(mask);
      for (int cell = 0; cell < 9; ++cell) {
        if (mask >> cell & 1) t.add(at(referee.child(id, cell)), p);
      }
    }
    done[k] = 1;
    memo[k] = t;
    return t;
  }
};

}  // namespace

SeatWalk walk_seat(PolicyCache& agent, int seat, const PanelPlayer& opponent,
                   const Referee& referee, std::vector<int>* losing) {
  const auto n = static_cast<std::size_t>(referee.positions());
  // The memo outlives the call, one per thread: a walk is made for every agent of every cycle,
  // and a fresh 300 KB table each time cost more than the walk itself (page faults; under the
  // sanitizers every such block is mapped anew). Only `done` is cleared: no result depends on
  // what an earlier walk left in `memo`.
  thread_local std::vector<Tally> memo;
  thread_local std::vector<char> done;
  memo.resize(n);
  done.assign(n, 0);
  Walk walk{agent, seat, opponent, referee, memo, done};
  const Tally t = walk.at(0);
  if (losing) {
    for (std::size_t k = 0; k < n; ++k) {
      const int id = static_cast<int>(k);
      if (walk.done[k] && walk.memo[k].lost_lines > 0 && !referee.board(id).is_terminal() &&
          referee.board(id).to_move() == seat)
        losing->push_back(id);
    }
  }
  SeatWalk out{t.outcome, t.moves, {}};
  out.check.can_lose = t.lost_lines > 0;
  out.check.lost_lines = t.lost_lines;
  out.check.lines = t.lines;
  out.check.faced = walk.faced;
  out.check.optimal = walk.optimal;
  return out;
}

Outcome exact_outcome(PolicyCache& agent, int seat, const PanelPlayer& opponent,
                      const Referee& referee) {
  return walk_seat(agent, seat, opponent, referee).outcome;
}

SeatCheck exhaustive_check(PolicyCache& agent, int seat, const Referee& referee,
                           std::vector<int>* losing) {
  return walk_seat(agent, seat, PanelPlayer{PanelKind::kRandom, nullptr}, referee, losing).check;
}

double agreement_on_mistakes(PolicyCache& agent, const Referee& referee) {
  double sum = 0;
  for (int id : referee.mistake_positions()) {
    const MoveDist& d = agent.at(id);
    for (int cell = 0; cell < 9; ++cell) {
      if (referee.optimal(id) >> cell & 1) sum += d.p[static_cast<std::size_t>(cell)];
    }
  }
  return sum / static_cast<double>(referee.mistake_positions().size());
}

SeriesResult play_series(const AgentPolicy& agent, int seat, PanelKind opponent, int games, Rng rng,
                         const Referee& referee) {
  SeriesResult r;
  for (int g = 0; g < games; ++g) {
    Board b;
    int id = 0;
    while (!b.is_terminal()) {
      int cell = 0;
      if (b.to_move() == seat) {
        const auto c = agent.choose(b, rng);
        cell = c.cell;
        ++r.moves;
        r.rule_moves += c.rule >= 0;
      } else {
        cell = random_cell(referee.moves(opponent, id), rng);
      }
      b.play(static_cast<Board::Move>(cell));
      id = referee.child(id, cell);
    }
    const int w = b.winner();
    (w == seat ? r.wins : w < 0 ? r.draws : r.losses) += 1;
  }
  return r;
}

ExactMeasures exact_measures(const Agent& agent, bool symmetry, const Referee& referee) {
  const AgentPolicy policy(agent, symmetry);
  PolicyCache cache(policy, referee);
  ExactMeasures m;
  int faced = 0;
  double optimal = 0;
  for (int seat = 0; seat < 2; ++seat) {
    const auto s = static_cast<std::size_t>(seat);
    m.random[s] = walk_seat(cache, seat, PanelPlayer{PanelKind::kRandom, nullptr}, referee);
    m.perfect[s] = exact_outcome(cache, seat, PanelPlayer{PanelKind::kPerfect, nullptr}, referee);
    faced += m.random[s].check.faced;
    optimal += m.random[s].check.optimal;
  }
  m.agree_faced = faced ? optimal / faced : 0;
  m.agree_mistakes = agreement_on_mistakes(cache, referee);
  return m;
}

AgentMeasures measure_agent(const Agent& agent, bool symmetry, int games, const Rng& rng,
                            const Referee& referee, const ExactMeasures* exact) {
  AgentMeasures m;
  const AgentPolicy policy(agent, symmetry);
  std::uint64_t moves = 0, rule_moves = 0;
  for (int seat = 0; seat < 2; ++seat) {
    const auto s = static_cast<std::size_t>(seat);
    m.random[s] = play_series(policy, seat, PanelKind::kRandom, games,
                              rng.split({0, static_cast<std::uint64_t>(seat)}), referee);
    m.perfect[s] = play_series(policy, seat, PanelKind::kPerfect, games,
                               rng.split({1, static_cast<std::uint64_t>(seat)}), referee);
    for (const auto* r : {&m.random[s], &m.perfect[s]}) {
      moves += r->moves;
      rule_moves += r->rule_moves;
    }
  }
  m.rule_moves = moves ? static_cast<double>(rule_moves) / static_cast<double>(moves) : 0;
  const ExactMeasures e = exact ? *exact : exact_measures(agent, symmetry, referee);
  m.check = {e.random[0].check, e.random[1].check};
  m.agree_faced = e.agree_faced;
  m.agree_mistakes = e.agree_mistakes;
  return m;
}

bool never_loses(const Agent& agent, bool symmetry, const Referee& referee) {
  const AgentPolicy policy(agent, symmetry);
  PolicyCache cache(policy, referee);
  return !exhaustive_check(cache, 0, referee).can_lose &&
         !exhaustive_check(cache, 1, referee).can_lose;
}

}  // namespace evoplay::games::tictactoe
