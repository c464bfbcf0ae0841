#include "evoplay/evo/aco.hpp"

#include <gtest/gtest.h>

using namespace evoplay;
using namespace evoplay::evo;

namespace {

// Guess a hidden word over a 4-letter alphabet: fitness = letters right (maximise), or letters
// wrong (minimise). The heuristic can point to the answer to show that beta matters.
class HiddenWord {
 public:
  using Genome = std::vector<int>;
  HiddenWord(std::size_t length, Direction d, double hint) : direction_(d), hint_(hint) {
    Rng rng(99);
    for (std::size_t i = 0; i < length; ++i) word_.push_back(static_cast<int>(rng.below(4)));
  }
  Genome random_genome(Rng& rng) const {
    Genome g(word_.size());
    for (auto& v : g) v = static_cast<int>(rng.below(4));
    return g;
  }
  double evaluate(const Genome& g) const {
    double right = 0;
    for (std::size_t i = 0; i < g.size(); ++i) right += g[i] == word_[i];
    return direction_ == Direction::maximize ? right : static_cast<double>(g.size()) - right;
  }
  Direction direction() const { return direction_; }
  bool is_solved(const Genome& g, double) const { return g == word_; }
  std::size_t stages() const { return word_.size(); }
  std::size_t options(std::size_t) const { return 4; }
  double heuristic(std::size_t s, std::size_t o) const {
    return static_cast<int>(o) == word_[s] ? hint_ : 1.0;
  }
  Genome build(std::span<const int> choices) const { return {choices.begin(), choices.end()}; }

 private:
  std::vector<int> word_;
  Direction direction_;
  double hint_;
};

AcoParams params(std::uint64_t seed, int threads = 1) {
  AcoParams p;
  p.ants = 30;
  p.evaporation = 0.2;
  p.stop.generations = 400;
  p.seed = seed;
  p.threads = threads;
  return p;
}

}  // namespace

TEST(Aco, FindsTheHiddenWordByPheromoneAlone) {
  const HiddenWord problem(24, Direction::maximize, 1.0);  // no useful heuristic
  for (std::uint64_t seed : {1, 2}) {
    const auto r = run_aco(problem, params(seed));
    EXPECT_TRUE(r.solved) << "seed " << seed << " best " << r.best_fitness;
    EXPECT_EQ(r.stop, evo::StopReason::kSolved);
    // Pheromone concentrates: the entropy of the edges falls from 2 bits (uniform over 4).
    EXPECT_NEAR(r.history.rows.front().extra_value("pheromone_entropy"), 2.0, 0.2);
    EXPECT_LT(r.history.back().extra_value("pheromone_entropy"), 1.5);
  }
}

TEST(Aco, MinimisesToo) {
  const HiddenWord problem(24, Direction::minimize, 1.0);
  const auto r = run_aco(problem, params(3));
  EXPECT_TRUE(r.solved) << r.best_fitness;
  EXPECT_DOUBLE_EQ(r.best_fitness, 0);
}

TEST(Aco, HeuristicWithBetaSpeedsTheSearch) {
  const HiddenWord hinted(24, Direction::maximize, 4.0);
  auto p = params(4);
  p.beta = 0;  // heuristic ignored
  const auto blind = run_aco(hinted, p);
  p.beta = 2;
  const auto guided = run_aco(hinted, p);
  EXPECT_TRUE(guided.solved);
  EXPECT_LT(guided.evaluations, blind.evaluations);
}

/// The pheromone trail an ACO run leaves (the step-wise form, run to its end).
template <class P>
std::vector<std::vector<double>> final_pheromone(const P& problem, const AcoParams& p) {
  Aco<P> aco(problem, p);
  (void)run_to_end(aco);
  return aco.pheromone();
}

TEST(Aco, SameSeedSameHistoryAtAnyThreadCount) {
  const HiddenWord problem(30, Direction::maximize, 1.0);
  auto p = params(5, 1);
  p.stop.generations = 40;
  const auto a = run_aco(problem, p);
  p.threads = 2;
  const auto b = run_aco(problem, p);
  auto strip = [](History h) {
    for (auto& r : h.rows) r.elapsed = 0;
    return h.to_csv();
  };
  EXPECT_EQ(strip(a.history), strip(b.history));
  EXPECT_EQ(a.best, b.best);
  p.threads = 1;
  const auto trail = final_pheromone(problem, p);
  p.threads = 2;
  EXPECT_EQ(trail, final_pheromone(problem, p));
}

TEST(Aco, MaxMinBoundsHold) {
  const HiddenWord problem(10, Direction::maximize, 1.0);
  auto p = params(6);
  p.tau_min = 0.5;
  p.tau_max = 3.0;
  p.stop.generations = 30;
  const auto r = run_aco(problem, p);
  for (const auto& row : final_pheromone(problem, p)) {
    for (double t : row) {
      EXPECT_GE(t, 0.5);
      EXPECT_LE(t, 3.0);
    }
  }
  EXPECT_EQ(r.evaluations, r.generations * 30u);
}

TEST(Aco, RankBasedDepositsFindTheWordAndOnlyTheBestAntsLay) {
  const HiddenWord problem(24, Direction::maximize, 1.0);
  for (std::uint64_t seed : {1, 2}) {
    auto p = params(seed);
    p.rank = 10;       // the 9 best ants of each iteration and the best so far deposit
    p.deposit = 0.01;  // fitness is up to 24 letters: small deposits, no early lock-in
    const auto r = run_aco(problem, p);
    EXPECT_TRUE(r.solved) << "seed " << seed << " best " << r.best_fitness;
  }
  // One iteration, no evaporation, rank 3: only the 2 best ants' paths (the best so far is the
  // first of them) gain pheromone; with every ant depositing, nearly every edge would.
  auto one = params(8);
  one.rank = 3;
  one.evaporation = 0;
  one.stop.generations = 1;
  std::size_t raised = 0, total = 0;
  for (const auto& row : final_pheromone(problem, one)) {
    for (double t : row) {
      EXPECT_GE(t, 1.0);
      raised += t > 1.0;
      ++total;
    }
  }
  EXPECT_LE(raised, 24u * 2);
  EXPECT_GE(raised, 24u);
  EXPECT_EQ(total, 24u * 4);
  one.rank = 0;
  std::size_t everyone = 0;
  for (const auto& row : final_pheromone(problem, one)) {
    for (double t : row) everyone += t > 1.0;
  }
  EXPECT_GT(everyone, 24u * 3);
}

TEST(Aco, StopsAfterIterationsWithoutImprovementOfTheBest) {
  // Every ant of a flat problem scores the same: iteration 0 sets the best and the next S
  // iterations do not improve it, so the run stops after S + 1 iterations.
  struct Flat : HiddenWord {
    using HiddenWord::HiddenWord;
    double evaluate(const Genome&) const { return 1.0; }
  };
  const Flat flat(8, Direction::maximize, 1.0);
  auto p = params(9);
  p.stop.stagnation = 4;
  const auto r = run_aco(flat, p);
  EXPECT_EQ(r.stop, evo::StopReason::kStagnation);
  EXPECT_EQ(r.generations, 5u);
  EXPECT_EQ(r.evaluations, 5u * 30);
  EXPECT_EQ(to_json(p)["stop"]["stagnation"], 4);
  // On the hidden word the best improves for a while; the run stops 6 iterations after the last
  // iteration that improved it, and not before.
  const HiddenWord word(60, Direction::maximize, 1.0);
  p.stop.stagnation = 6;
  p.stop.generations = 5000;
  p.evaporation = 0.5;  // converges quickly, and often short of the word
  const auto w = run_aco(word, p);
  ASSERT_EQ(w.stop, evo::StopReason::kStagnation) << w.best_fitness;
  const auto& rows = w.history.rows;
  ASSERT_EQ(rows.size(), w.generations);
  const std::size_t end = rows.size() - 1, last = end - 6;
  double best_before = rows[0].best;
  for (std::size_t k = 1; k < last; ++k) best_before = std::max(best_before, rows[k].best);
  EXPECT_GT(rows[last].best, best_before);
  for (std::size_t k = last + 1; k <= end; ++k) EXPECT_LE(rows[k].best, rows[last].best) << k;
}
