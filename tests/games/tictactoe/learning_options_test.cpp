// The original program's options, one by one, on small populations built by hand: who breeds
// over whom under each selection scheme, accumulated mutation, identical parents, heavier
// inheritance, repeated rules, fitness sharing, culling by weight, the points and rule weights of
// the games (second player's wins, shared knowledge, who starts), the injected perfect player,
// and the --until-unbeatable stop. The expected results are worked out by hand in the comments.
#include <gtest/gtest.h>

#include <bit>
#include <set>

#include "evoplay/games/tictactoe/learner.hpp"
#include "support/tictactoe.hpp"

using namespace evoplay;
using namespace evoplay::games::tictactoe;
using test_support::referee;

namespace {

std::vector<std::size_t> range(std::size_t from, std::size_t to) {  // [from, to)
  std::vector<std::size_t> out;
  for (std::size_t i = from; i < to; ++i) out.push_back(i);
  return out;
}

// A full-board rule for the position after `moves` (cells 1-9 in order, X first): play `cell`
// (1-9). It matches that position only.
Rule at(const char* moves, int cell) {
  const Board b = Board::from_moves(moves);
  Rule r;
  const int me = b.to_move();
  r.mine = b.stones(me);
  r.theirs = b.stones(1 - me);
  r.empty = b.empty();
  r.action = static_cast<std::uint8_t>(cell - 1);
  r.priority = Rule::kMaxPriority;
  r.validate("test rule");
  return r;
}

// A rule that fires in no legal position (8 of my stones).
const Rule kNever = parse_rule("PPPPPPPPV", 9, 0, 0);

// Rule k of the marked agent i: action cell k+1 (k < 4), the agent's number in P/C on cells
// 5-9, '*' elsewhere: distinct for every (i, k), so a child's rule tells which parent it came
// from.
Rule marked(std::size_t i, std::size_t k) {
  std::string pattern = "****";
  pattern[k] = 'V';
  for (int bit = 0; bit < 5; ++bit) pattern += (i >> bit & 1) ? 'P' : 'C';
  return parse_rule(pattern, static_cast<int>(k) + 1, 0, 0);
}

// `n` marked agents of 4 rules, weights n, n-1, ... (sorted best first).
Population marked_population(std::size_t n) {
  Population p;
  for (std::size_t i = 0; i < n; ++i) {
    Agent a;
    for (std::size_t k = 0; k < 4; ++k) a.rules.push_back(marked(i, k));
    a.weight = static_cast<double>(n - i);
    p.agents.push_back(a);
  }
  return p;
}

// The marked agent whose rule k this is (or -1).
int parent_of(const Rule& r, std::size_t k, std::size_t n) {
  for (std::size_t i = 0; i < n; ++i)
    if (r.same_move(marked(i, k))) return static_cast<int>(i);
  return -1;
}

LearnSettings original(int agents, int rules) {
  LearnSettings s;
  s.agents = agents;
  s.rules = rules;
  s.mutation = 0;
  return s;
}

}  // namespace

TEST(Selection, WhoBreedsAndWhoIsReplaced) {
  // The document: the best 50% over the rest; 10% over 90%; 20% over 80%; the best 40% and the
  // worst 10% over the middle 50%. With 20 agents: 10/10, 2/18, 4/16, 8+2/10.
  auto plan = [](const char* scheme, std::size_t n) {
    LearnSettings s;
    s.selection = scheme;
    return breeding_plan(s, n);
  };
  EXPECT_EQ(plan("50-50", 20).parents, range(0, 10));
  EXPECT_EQ(plan("50-50", 20).replaced, range(10, 20));
  EXPECT_EQ(plan("10-90", 20).parents, range(0, 2));
  EXPECT_EQ(plan("10-90", 20).replaced, range(2, 20));
  EXPECT_EQ(plan("20-80", 20).parents, range(0, 4));
  EXPECT_EQ(plan("20-80", 20).replaced, range(4, 20));
  auto p = range(0, 8);
  p.insert(p.end(), {18, 19});
  EXPECT_EQ(plan("40+10-50", 20).parents, p);
  EXPECT_EQ(plan("40+10-50", 20).replaced, range(8, 18));
  // The original's 40 agents: 4, 8, and 16 + 4 parents.
  EXPECT_EQ(plan("10-90", 40).parents, range(0, 4));
  EXPECT_EQ(plan("20-80", 40).parents, range(0, 8));
  p = range(0, 16);
  p.insert(p.end(), {36, 37, 38, 39});
  EXPECT_EQ(plan("40+10-50", 40).parents, p);
  EXPECT_EQ(plan("40+10-50", 40).replaced, range(16, 36));
}

TEST(Selection, ChildrenOfTheRightParentsInTheRightSlots) {
  // Parents by weight: 1-2, 3-4, ...; a further round (more children than parent pairs) pairs
  // parent a = 2i with b = 2i + 1 + 2 * round (mod the number of parents). Child 0 of (a, b)
  // takes its rules 0 and 2 from a and 1 and 3 from b; child 1 the other way round. Parents
  // listed as (a, b) per pair of slots, from the first replaced slot on.
  struct Case {
    const char* scheme;
    std::vector<std::pair<int, int>> pairs;
  };
  const std::vector<Case> cases = {
      {"10-90", {{0, 1}, {0, 1}, {0, 1}, {0, 1}, {0, 1}, {0, 1}, {0, 1}, {0, 1}, {0, 1}}},
      // Four parents, 8 pairs: round 0 (0,1) (2,3); round 1 (0,3) (2,1); round 2 as round 0...
      {"20-80", {{0, 1}, {2, 3}, {0, 3}, {2, 1}, {0, 1}, {2, 3}, {0, 3}, {2, 1}}},
      // Parents 0-7 and 18-19: the worst two breed with each other, into slots 16 and 17.
      {"40+10-50", {{0, 1}, {2, 3}, {4, 5}, {6, 7}, {18, 19}}},
      {"50-50", {{0, 1}, {2, 3}, {4, 5}, {6, 7}, {8, 9}}},
  };
  for (const auto& c : cases) {
    auto s = original(20, 4);
    s.selection = c.scheme;
    const Population before = marked_population(20);
    Learner l(s, 1, referee(), before);
    l.breed(7);
    const auto plan = breeding_plan(s, 20);
    const auto& agents = l.population().agents;
    std::set<std::size_t> replaced(plan.replaced.begin(), plan.replaced.end());
    ASSERT_EQ(replaced.size(), 2 * c.pairs.size()) << c.scheme;
    for (std::size_t i = 0; i < 20; ++i) {
      if (replaced.contains(i)) continue;
      EXPECT_EQ(agents[i].rules, before.agents[i].rules) << c.scheme << " survivor " << i;
      EXPECT_EQ(agents[i].born, 0u);
    }
    for (std::size_t j = 0; j < plan.replaced.size(); ++j) {
      const auto& kid = agents[plan.replaced[j]];
      const auto [a, b] = c.pairs[j / 2];
      const int which = static_cast<int>(j % 2);
      EXPECT_EQ(kid.born, 7u);
      EXPECT_EQ(kid.weight, 0);
      for (std::size_t k = 0; k < 4; ++k) {
        const int from = (k + static_cast<std::size_t>(which)) % 2 == 0 ? a : b;
        EXPECT_EQ(parent_of(kid.rules[k], k, 20), from)
            << c.scheme << " slot " << plan.replaced[j] << " rule " << k;
      }
    }
  }
}

TEST(Selection, RandomParentPairsUseEveryParentOncePerRound) {
  auto s = original(20, 4);
  s.parent_pairing = "random";
  bool other_than_by_weight = false;
  for (std::uint64_t seed = 1; seed <= 3; ++seed) {
    Learner l(s, seed, referee(), marked_population(20));
    l.breed(1);
    std::multiset<int> used;
    for (std::size_t slot = 10; slot < 20; slot += 2) {
      const auto& kid = l.population().agents[slot];
      const int a = parent_of(kid.rules[0], 0, 20), b = parent_of(kid.rules[1], 1, 20);
      used.insert(a);
      used.insert(b);
      other_than_by_weight = other_than_by_weight || b != a + 1 || a % 2 != 0;
    }
    EXPECT_EQ(used, (std::multiset<int>{0, 1, 2, 3, 4, 5, 6, 7, 8, 9}));
  }
  EXPECT_TRUE(other_than_by_weight);
}

TEST(Breeding, AccumulatedMutationMakesTheNextRuleMutateMoreOften) {
  // Two parents of 100 marked rules; a child's rule is mutated when it is neither parent's.
  // Plain mutation 0.05: each rule independently, P(next | this one mutated) = 0.05. With
  // accumulation 0.5 the chain p(i+1) = 0.05 + 0.45 p(i) tends to 0.05 / 0.55 = 0.0909, and
  // P(next | this one mutated) = 0.5. With accumulation 1 a mutation runs to the last rule.
  auto parent = [](std::size_t id) {
    Agent a;
    for (std::size_t k = 0; k < 100; ++k) {
      Rule r = marked(id, k % 4);
      r.priority = static_cast<std::uint8_t>(k / 25);  // rules 0-99 distinct per parent
      r.weight = static_cast<int>(k);
      a.rules.push_back(r);
    }
    return a;
  };
  const Agent a = parent(1), b = parent(2);
  struct Stats {
    double rate = 0, after_mutation = 0;
    bool suffixes = true;
  };
  auto measure = [&](bool accumulated, double accumulation) {
    auto s = original(4, 100);
    s.mutation = 0.05;
    s.accumulated_mutation = accumulated;
    s.accumulation = accumulation;
    Population pop;
    pop.agents = {a, b, a, b};
    const Learner l(s, 3, referee(), pop);
    Rng rng(11);
    long mutated = 0, total = 0, pairs = 0, both = 0;
    Stats out;
    for (int child = 0; child < 400; ++child) {
      const Agent kid = l.child(a, b, child % 2, 1, rng);
      bool previous = false, seen = false;
      for (std::size_t k = 0; k < 100; ++k) {
        const Rule& expected =
            (k + static_cast<std::size_t>(child % 2)) % 2 == 0 ? a.rules[k] : b.rules[k];
        const bool m = !(kid.rules[k] == expected);
        mutated += m;
        ++total;
        if (previous) {
          ++pairs;
          both += m;
        }
        if (seen && !m) out.suffixes = false;
        seen = seen || m;
        previous = m;
      }
    }
    out.rate = static_cast<double>(mutated) / static_cast<double>(total);
    out.after_mutation = static_cast<double>(both) / static_cast<double>(pairs);
    return out;
  };
  const auto plain = measure(false, 0.5);
  EXPECT_NEAR(plain.rate, 0.05, 0.008);
  EXPECT_NEAR(plain.after_mutation, 0.05, 0.02);
  EXPECT_FALSE(plain.suffixes);
  const auto half = measure(true, 0.5);
  EXPECT_NEAR(half.rate, 0.05 / 0.55, 0.012);
  EXPECT_NEAR(half.after_mutation, 0.5, 0.05);
  const auto all = measure(true, 1.0);
  EXPECT_TRUE(all.suffixes) << "with accumulation 1 a mutation runs to the last rule";
  EXPECT_NEAR(all.after_mutation, 1.0, 1e-12);
}

TEST(Breeding, IdenticalParentsMakeChildrenOfMutationsOnly) {
  Agent a;
  for (std::size_t k = 0; k < 4; ++k) a.rules.push_back(marked(3, k));
  Agent twin = a;
  twin.weight = 5;  // weights do not matter: the same rules
  for (auto& r : twin.rules) r.weight = 2;
  Agent almost = a;
  almost.rules[3] = marked(4, 3);
  for (bool option : {false, true}) {
    auto s = original(4, 4);
    s.identical_parents_mutate = option;
    Population pop;
    pop.agents = {a, twin, a, twin};
    const Learner l(s, 1, referee(), pop);
    Rng rng(2);
    for (int which = 0; which < 2; ++which) {
      const Agent kid = l.child(a, twin, which, 1, rng);
      for (std::size_t k = 0; k < 4; ++k)
        EXPECT_EQ(kid.rules[k].same_move(a.rules[k]), !option) << option << " rule " << k;
      // Parents that differ in one rule have children of their rules (mutation 0).
      const Agent other = l.child(a, almost, which, 1, rng);
      for (std::size_t k = 0; k < 3; ++k) EXPECT_TRUE(other.rules[k].same_move(a.rules[k]));
    }
  }
}

TEST(Breeding, HeavierInheritanceTakesTheHeavierRule) {
  // Rule weights a: 5 0 2 2, b: 1 3 2 2. Heavier: a, b, then the ties alternate (child 0: a at
  // even positions; child 1: b).
  Agent a, b;
  const int wa[] = {5, 0, 2, 2}, wb[] = {1, 3, 2, 2};
  for (std::size_t k = 0; k < 4; ++k) {
    a.rules.push_back(marked(1, k));
    a.rules.back().weight = wa[k];
    b.rules.push_back(marked(2, k));
    b.rules.back().weight = wb[k];
  }
  auto s = original(4, 4);
  Population pop;
  pop.agents = {a, b, a, b};
  for (const char* inheritance : {"alternate", "heavier"}) {
    s.inheritance = inheritance;
    const Learner l(s, 1, referee(), pop);
    Rng rng(1);
    const Agent c0 = l.child(a, b, 0, 1, rng), c1 = l.child(a, b, 1, 1, rng);
    const std::vector<int> expect0 = {1, 2, 1, 2};  // the same under both
    const std::vector<int> expect1 =
        s.inheritance == "heavier" ? std::vector{1, 2, 2, 1} : std::vector{2, 1, 2, 1};
    for (std::size_t k = 0; k < 4; ++k) {
      EXPECT_EQ(parent_of(c0.rules[k], k, 4), expect0[k]) << inheritance << " child 0 rule " << k;
      EXPECT_EQ(parent_of(c1.rules[k], k, 4), expect1[k]) << inheritance << " child 1 rule " << k;
    }
    // The rule keeps its weight.
    EXPECT_EQ(c1.rules[0].weight, s.inheritance == "heavier" ? 5 : 1);
  }
}

TEST(Breeding, RepeatedRulesAreReplacedByMutations) {
  const Rule r = parse_rule("V*CP*****", 1, 2, 0);
  Agent a;
  a.rules.assign(6, r);
  Agent b = a;
  b.rules[5] = marked(1, 0);  // not identical parents
  for (bool option : {false, true}) {
    auto s = original(4, 6);
    s.replace_repeated = option;
    Population pop;
    pop.agents = {a, b, a, b};
    const Learner l(s, 1, referee(), pop);
    Rng rng(4);
    const Agent kid = l.child(a, b, 0, 1, rng);
    int repeats = 0;
    for (std::size_t i = 0; i < kid.rules.size(); ++i)
      for (std::size_t j = 0; j < i; ++j) repeats += kid.rules[i].same_move(kid.rules[j]);
    EXPECT_TRUE(kid.rules[0].same_move(r)) << "the first copy stays";
    // Without the option rules 0-4 are the same rule: 10 repeated pairs.
    EXPECT_EQ(repeats, option ? 0 : 10);
  }
}

TEST(Sharing, SimilarAgentsLoseWeightPerSimilarAgent) {
  // Similarity: the share of a's rules that b also has. a: rules 0-3 of marked agent 1; b: its
  // rules 0 and 2 and one of agent 2: a has 2 of 4 in b (0.5), b 2 of 3 in a.
  Agent a, b;
  for (std::size_t k = 0; k < 4; ++k) a.rules.push_back(marked(1, k));
  b.rules = {marked(1, 0), marked(2, 1), marked(1, 2)};
  const auto keys = sorted_keys({a, b});
  EXPECT_DOUBLE_EQ(similarity(keys[0], keys[1]), 0.5);
  EXPECT_DOUBLE_EQ(similarity(keys[1], keys[0]), 2.0 / 3);
  EXPECT_DOUBLE_EQ(similarity(keys[0], keys[0]), 1.0);
  // Three copies of a (weights 10, 9, 8) and b (7.5). With sharing (threshold 0.9, penalty 1)
  // each copy loses 2 for the two others: 8, 7, 6 and b 7.5, so b sorts second.
  for (bool sharing : {false, true}) {
    auto s = original(4, 4);
    s.sharing = sharing;
    s.sharing_threshold = 0.9;
    s.sharing_penalty = 1;
    Population pop;
    pop.agents = {a, a, a, b};
    const double weights[] = {10, 9, 8, 7.5};
    for (std::size_t i = 0; i < 4; ++i) pop.agents[i].weight = weights[i];
    Learner l(s, 1, referee(), pop);
    l.sort_agents();
    std::vector<double> sorted;
    for (const auto& agent : l.population().agents) sorted.push_back(agent.weight);
    EXPECT_EQ(sorted, sharing ? std::vector<double>({10, 7.5, 9, 8})
                              : std::vector<double>({10, 9, 8, 7.5}));
    EXPECT_EQ(l.last_stats().best, sharing ? 8 : 10) << "the best weight after the penalty";
    EXPECT_EQ(l.last_stats().worst, sharing ? 6 : 7.5);
    if (!sharing) {
      // Diversity: 1 - similarity over the pairs (i < j) of the sorted population a, a, a, b:
      // three pairs of copies (0) and three (a, b) (0.5): 1.5 / 6.
      Workers workers(1);
      EXPECT_DOUBLE_EQ(l.record(workers, 0).value().diversity, 0.25);
    }
  }
}

TEST(Culling, RulesAtOrBelowTheWeightBecomeNewRulesEveryNCycles) {
  auto s = original(4, 5);
  s.cull_weight = -3;
  s.cull_every = 2;
  Agent a;
  const int weights[] = {-5, -3, -2, 0, 4};
  for (std::size_t k = 0; k < 5; ++k) {
    a.rules.push_back(marked(k, 0));
    a.rules.back().weight = weights[k];
  }
  Population pop;
  pop.agents.assign(4, a);
  Learner l(s, 1, referee(), pop);
  EXPECT_FALSE(l.cull(1)) << "cycle 1 is not a multiple of 2";
  EXPECT_EQ(l.population().agents[0].rules, a.rules);
  EXPECT_TRUE(l.cull(2));
  for (const auto& agent : l.population().agents) {
    for (std::size_t k = 0; k < 2; ++k) {  // weights -5 and -3: new rules of weight 0
      EXPECT_FALSE(agent.rules[k].same_move(a.rules[k])) << k;
      EXPECT_EQ(agent.rules[k].weight, 0);
    }
    for (std::size_t k = 2; k < 5; ++k) EXPECT_EQ(agent.rules[k], a.rules[k]) << k;
  }
}

namespace {

// Two deterministic players made of full-board rules (one rule per position they meet, so rule
// weights cannot change their moves):
//   the drawn line  X5 O1 X3 O7 X4 O6 X8 O2 X9 (nobody completes a line);
//   the lost line   X1 O5 X9 O3 X2 O7: X's 2 does not block 7, O wins on 3-5-7.
// W plays X in the drawn line and O in the lost line; L plays X in the lost line and O in the
// drawn line. W against L: a draw when W starts, a win for W (as O) when L starts.
std::vector<Rule> w_as_x() {
  return {at("", 5), at("51", 3), at("5137", 4), at("513746", 8), at("51374682", 9)};
}
std::vector<Rule> w_as_o() { return {at("1", 5), at("159", 3), at("15932", 7)}; }
std::vector<Rule> l_as_x() { return {at("", 1), at("15", 9), at("1593", 2)}; }
std::vector<Rule> l_as_o() { return {at("5", 1), at("513", 7), at("51374", 6), at("5137468", 2)}; }

Agent made_of(std::vector<std::vector<Rule>> parts, std::size_t size) {
  Agent a;
  for (const auto& p : parts) a.rules.insert(a.rules.end(), p.begin(), p.end());
  while (a.rules.size() < size) a.rules.push_back(kNever);
  return a;
}

// Agents 0-1: W and L. Agents 2-3: C and D, who both play the drawn line in both seats (all
// their games are draws) and hold a copy of one of W's rules (C: "after X1, play 5") and of
// one of L's (D: the blunder "after X1 O5 X9 O3, play 2"), which never fire in their games.
Population game_population() {
  Population p;
  p.agents = {made_of({w_as_x(), w_as_o()}, 10), made_of({l_as_x(), l_as_o()}, 10),
              made_of({w_as_x(), l_as_o(), {at("1", 5)}}, 10),
              made_of({w_as_x(), l_as_o(), {at("1593", 2)}}, 10)};
  return p;
}

int weight_of(const Agent& a, const Rule& r) {
  for (const auto& x : a.rules)
    if (x.same_move(r)) return x.weight;
  ADD_FAILURE() << "rule not found: " << r.pattern();
  return 0;
}

}  // namespace

TEST(Games, PointsRuleWeightsSecondPlayerWinsAndSharedKnowledge) {
  // 5 games per pair, the pair's first agent starts games 0, 2, 4: W-L gives draws in games 0,
  // 2, 4 (W starts) and W wins games 1 and 3 as O. W: +2 wins x points; L: -2; the 3 rules W
  // used as O +2 each, the 3 rules L used as X -2 each; W's X rules and L's O rules (drawn
  // games) unchanged. C-D: 5 draws. Shared knowledge: C's copy of W's rule +2, D's copy of L's
  // blunder -2.
  for (double second : {1.0, 3.0}) {
    for (bool shared : {false, true}) {
      auto s = original(4, 10);
      s.second_win_points = second;
      s.shared_knowledge = shared;
      Learner l(s, 1, referee(), game_population());
      Workers workers(2);
      l.play_pairs(1, workers);
      const auto& a = l.population().agents;
      EXPECT_EQ(a[0].weight, 2 * second);
      EXPECT_EQ(a[1].weight, -2);
      EXPECT_EQ(a[2].weight, 0);
      EXPECT_EQ(a[3].weight, 0);
      for (const auto& r : w_as_o()) EXPECT_EQ(weight_of(a[0], r), 2) << r.pattern();
      for (const auto& r : w_as_x()) EXPECT_EQ(weight_of(a[0], r), 0) << r.pattern();
      for (const auto& r : l_as_x()) EXPECT_EQ(weight_of(a[1], r), -2) << r.pattern();
      for (const auto& r : l_as_o()) EXPECT_EQ(weight_of(a[1], r), 0) << r.pattern();
      EXPECT_EQ(weight_of(a[2], at("1", 5)), shared ? 2 : 0);
      EXPECT_EQ(weight_of(a[3], at("1593", 2)), shared ? -2 : 0);
      for (const auto& r : w_as_x()) EXPECT_EQ(weight_of(a[2], r), 0);
      EXPECT_EQ(l.last_stats().games, 10u);
      EXPECT_EQ(l.last_stats().draws, 8u);
      // Every move of these games is a rule's: 3 draws of 9 moves and 2 games of 6 moves,
      // and 5 draws of 9.
      EXPECT_EQ(l.last_stats().moves, 3u * 9 + 2 * 6 + 5 * 9);
      EXPECT_EQ(l.last_stats().rule_moves, l.last_stats().moves);
    }
  }
}

TEST(Games, WhoStartsAlternates) {
  // One game: W starts, a draw. Two games: L starts the second and loses it.
  for (int games : {1, 2}) {
    auto s = original(4, 10);
    s.games_per_pair = games;
    Learner l(s, 1, referee(), game_population());
    Workers workers(1);
    l.play_pairs(1, workers);
    EXPECT_EQ(l.population().agents[0].weight, games - 1);
    EXPECT_EQ(l.population().agents[1].weight, 1 - games);
  }
  // The same pair the other way round (L first): L starts game 0 and loses it.
  auto s = original(4, 10);
  s.games_per_pair = 1;
  auto pop = game_population();
  std::swap(pop.agents[0], pop.agents[1]);
  Learner l(s, 1, referee(), pop);
  Workers workers(1);
  l.play_pairs(1, workers);
  EXPECT_EQ(l.population().agents[0].weight, -1);
  EXPECT_EQ(l.population().agents[1].weight, 1);
}

TEST(ThePerfectPlayer, ItsRulesAndTheirOrder) {
  const Agent p = perfect_agent(referee());
  EXPECT_EQ(p.rules.size(), 507u);
  // By ply, both seats interleaved: the empty board (X), then X's 9 first moves (O's view)...
  int previous = 0;
  for (const auto& r : p.rules) {
    const int ply = std::popcount(static_cast<unsigned>(r.mine | r.theirs));
    EXPECT_GE(ply, previous);
    previous = ply;
  }
  EXPECT_EQ(p.rules[0].mine | p.rules[0].theirs, 0);
  int o_first = 0;
  for (std::size_t i = 1; i <= 9; ++i)
    o_first += std::popcount(static_cast<unsigned>(p.rules[i].theirs)) == 1 && p.rules[i].mine == 0;
  EXPECT_EQ(o_first, 9) << "O's rule for each of X's 9 openings";
}

TEST(ThePerfectPlayer, JoinsAfterBreedingAndBreedsTheNextCycle) {
  // The original preset (40 agents of 100 rules, lifetime weights, 50-50): the perfect player
  // joins at cycle 3 with the highest weight, is alive after that cycle, then plays, stays in
  // the best half (it never loses, so its weight cannot fall) and breeds at cycle 4.
  LearnSettings s;
  s.inject_perfect = 3;
  Workers workers(2);
  Learner l(s, 4, referee(), workers);
  for (int c = 0; c < 3; ++c) l.run_cycle(workers);
  const auto& agents = l.population().agents;
  ASSERT_TRUE(agents.back().perfect) << "in the last slot, after the children of cycle 3";
  double top = agents.front().weight;
  for (const auto& a : agents) top = std::max(top, a.weight);
  EXPECT_EQ(agents.back().weight, top);
  EXPECT_EQ(agents.back().born, 3u);
  const double joined = agents.back().weight;
  const Agent perfect = perfect_agent(referee());
  auto from_perfect = [&](const Agent& a) {
    int n = 0;
    for (const auto& r : a.rules)
      for (const auto& q : perfect.rules) n += r.same_move(q);
    return n;
  };
  l.run_cycle(workers);
  std::size_t where = agents.size();
  for (std::size_t i = 0; i < agents.size(); ++i)
    if (agents[i].perfect) where = i;
  ASSERT_LT(where, 20u) << "alive, among the parents";
  EXPECT_GE(agents[where].weight, joined);
  int children = 0, inherited = 0;
  for (const auto& a : agents) {
    if (a.born != 4) continue;
    ++children;
    const int n = from_perfect(a);
    if (n > 0) ++inherited;
    EXPECT_LE(n, 100);
  }
  EXPECT_EQ(children, 20);
  EXPECT_GE(inherited, 2) << "its two children at least";
}

TEST(ThePerfectPlayer, PanelFitnessEvaluatesIt) {
  LearnSettings s = LearnSettings::preset_named("strong");
  s.agents = 6;
  s.rules = 20;
  s.inject_perfect = 1;
  s.until_unbeatable = false;
  Workers workers(1);
  Learner l(s, 2, referee(), workers);
  l.run_cycle(workers);
  const auto& agents = l.population().agents;
  // Evaluated like any agent: it never loses, so it is first (the others can lose to the
  // adversary) unless another never loses too.
  ASSERT_TRUE(agents.front().perfect || never_loses(agents.front(), true, referee()));
  bool alive = false;
  for (const auto& a : agents) alive = alive || a.perfect;
  EXPECT_TRUE(alive);
}

TEST(UntilUnbeatable, StopsAtTheFirstCycleWhoseBestNeverLoses) {
  // [E, P, P, P]: E plays at random and starts at weight -1, P is the perfect player. The first
  // agent is E: not unbeatable. After one cycle E has at most -1 (it cannot beat P) and every P
  // at least 0: a P is first, and learning stops at that cycle.
  Agent e;
  e.rules = {kNever};
  e.weight = -1;
  const Agent p = perfect_agent(referee());
  Population pop;
  pop.cycle = 4;
  pop.agents = {e, p, p, p};
  for (bool until : {true, false}) {
    auto s = original(4, 1);
    s.until_unbeatable = until;
    s.cycles = 7;
    s.eval_games = 20;
    s.inject_perfect = 1;  // the perfect agents are allowed (and this does not inject again)
    Workers workers(1);
    Learner l(s, 1, referee(), pop);
    History h;
    const auto out = learn(l, h, workers, {});
    EXPECT_EQ(out.unbeatable, until);
    EXPECT_EQ(l.cycle(), until ? 5u : 7u);
    if (until) {
      EXPECT_EQ(out.unbeatable_cycle, 5u);
      EXPECT_TRUE(l.population().agents.front().perfect);
      ASSERT_FALSE(h.empty());
      EXPECT_EQ(h.back().generation, 5u) << "the stopping cycle is measured";
    }
  }
  // Already unbeatable: no cycle is run.
  auto s = original(4, 1);
  s.until_unbeatable = true;
  s.cycles = 7;
  pop.agents = {p, e, p, p};
  Workers workers(1);
  Learner l(s, 1, referee(), pop);
  History h;
  const auto out = learn(l, h, workers, {});
  EXPECT_TRUE(out.unbeatable);
  EXPECT_EQ(out.unbeatable_cycle, 4u);
  EXPECT_EQ(l.cycle(), 4u);
  EXPECT_TRUE(h.empty());
}

TEST(Measures, ExpectedRuleMovesAreExact) {
  const PanelPlayer random{PanelKind::kRandom, nullptr};
  {
    // No rule fires: no move by rule.
    Agent none;
    none.rules = {kNever};
    const AgentPolicy policy(none, false);
    PolicyCache cache(policy, referee());
    const auto m = walk_seat(cache, 0, random, referee()).moves;
    EXPECT_EQ(m.rule_moves, 0);
    EXPECT_GT(m.moves, 3);
    EXPECT_LE(m.moves, 5);
  }
  {
    // "Cell 1 if empty": as X it fires at the first move only (then cell 1 is X's).
    Agent corner;
    corner.rules = {parse_rule("V********", 1, 0, 0)};
    const AgentPolicy policy(corner, false);
    PolicyCache cache(policy, referee());
    EXPECT_NEAR(walk_seat(cache, 0, random, referee()).moves.rule_moves, 1.0, 1e-12);
  }
  {
    // The perfect player has a rule for every position it faces.
    const Agent p = perfect_agent(referee());
    const AgentPolicy policy(p, false);
    PolicyCache cache(policy, referee());
    for (int seat = 0; seat < 2; ++seat) {
      const auto m = walk_seat(cache, seat, random, referee()).moves;
      EXPECT_NEAR(m.rule_moves, m.moves, 1e-9);
    }
  }
}

TEST(Measures, HistoryColumnsAreWhatRecordWrites) {
  for (int inject : {0, 5}) {
    LearnSettings s;
    s.agents = 4;
    s.rules = 10;
    s.eval_games = 10;
    s.inject_perfect = inject;
    Workers workers(1);
    Learner l(s, 1, referee(), workers);
    const auto r = l.record(workers, 0).value();
    std::vector<std::string> names;
    for (const auto& [name, value] : r.extra) names.push_back(name);
    EXPECT_EQ(names, history_columns(s));
    // Random agents can lose: the population's means say so.
    EXPECT_GT(r.extra_value("mean_x_lost_lines"), 0);
    EXPECT_GT(r.extra_value("mean_x_perfect_loss"), 0);
    EXPECT_GE(r.extra_value("mean_agree_faced"), 0);
    EXPECT_LE(r.extra_value("mean_rule_moves"), 100);
  }
}
