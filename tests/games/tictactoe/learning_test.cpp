// The tic-tac-toe learning program: rules, the agents' choice, the measures (checked against the
// game's known facts), the learning cycle (same seed same history at any thread count; resume
// gives the same history as an uninterrupted run), and the saved population.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <cmath>
#include <map>

#include "evoplay/core/error.hpp"
#include "evoplay/core/text.hpp"
#include "evoplay/games/tictactoe/learner.hpp"
#include "evoplay/games/tictactoe/population_io.hpp"
#include "support/history.hpp"
#include "support/tictactoe.hpp"

using namespace evoplay;
using namespace evoplay::games::tictactoe;
using namespace evoplay::test_support;

namespace {

// The rows of two history.csv texts as text without `elapsed` (an empty cell, NaN, equals
// itself here, unlike in a comparison of doubles).
Agent agent_of(std::initializer_list<Rule> rules) {
  Agent a;
  a.rules = rules;
  return a;
}

// A small original-style run, quick under the sanitizers.
LearnSettings small_original() {
  LearnSettings s;
  s.agents = 8;
  s.rules = 30;
  s.cycles = 6;
  s.measure_every = 2;
  s.eval_games = 40;
  return s;
}

LearnSettings small_strong() {
  LearnSettings s = LearnSettings::preset_named("strong");
  s.agents = 8;
  s.rules = 20;
  s.cycles = 6;
  s.measure_every = 2;
  s.eval_games = 40;
  s.until_unbeatable = false;
  return s;
}

History run(const LearnSettings& s, std::uint64_t seed, int threads, std::string* saved = nullptr) {
  Workers workers(threads);
  Learner learner(s, seed, referee(), workers);
  History h;
  learn(learner, h, workers, {});
  if (saved) *saved = population_text(learner.population(), s.symmetry);
  return h;
}

// population.txt without its `seconds` line (wall-clock time).
}  // namespace

TEST(Rules, ParseMatchAndPrint) {
  const Rule r = parse_rule("PCV*V****", 3, 2, -4);
  EXPECT_EQ(r.pattern(), "PCV*V****");
  EXPECT_EQ(r.action, 2);
  EXPECT_EQ(r.priority, 2);
  EXPECT_EQ(r.weight, -4);
  // Me on 1, the opponent on 2, cells 3 and 5 empty.
  EXPECT_TRUE(r.matches(0b000000001, 0b000000010));
  EXPECT_TRUE(r.matches(0b100001001, 0b010000010));   // '*' cells hold anything
  EXPECT_FALSE(r.matches(0b000000001, 0b000000110));  // cell 3 not empty
  EXPECT_FALSE(r.matches(0b000000000, 0b000000010));  // cell 1 not mine
  EXPECT_FALSE(r.matches(0b000010001, 0b000000010));  // cell 5 not empty
  EXPECT_THROW(parse_rule("PCV*V****", 1, 0, 0), Error) << "the action must be a V cell";
  EXPECT_THROW(parse_rule("PCV*V***", 3, 0, 0), Error);
  EXPECT_THROW(parse_rule("PCX*V****", 3, 0, 0), Error);
  EXPECT_THROW(parse_rule("PCV*V****", 3, 4, 0), Error);
  EXPECT_THROW(parse_rule("PCV*V****", 10, 0, 0), Error);
}

TEST(Rules, GeneratedAndMutatedRulesAreAlwaysValid) {
  Rng rng(5);
  RuleMaker plain;
  RuleMaker biased{0.25, 1.0};
  int lines = 0;
  for (int i = 0; i < 3000; ++i) {
    Rule r = random_rule(i % 2 ? plain : biased, rng);
    ASSERT_NO_THROW(r.validate("generated")) << r.pattern();
    if (i % 2 == 0) {
      // Biased: two P or two C and the action V on one line.
      bool found = false;
      for (auto line : kLines) {
        if (!(line >> r.action & 1)) continue;
        const auto others = static_cast<std::uint16_t>(line & ~(1u << r.action));
        found = found || (r.mine & others) == others || (r.theirs & others) == others;
      }
      lines += found;
    }
    for (int k = 0; k < 5; ++k) {
      const Rule before = r;
      mutate_symbol(r, rng);
      ASSERT_NO_THROW(r.validate("mutated")) << before.pattern() << " -> " << r.pattern();
      int changes = r.action != before.action || r.priority != before.priority;
      for (int c = 0; c < 9; ++c) changes += r.symbol(c) != before.symbol(c) && c != r.action;
      ASSERT_GE(changes, 1) << "a mutation changes something";
    }
  }
  EXPECT_EQ(lines, 1500) << "every biased rule is a two-in-a-line rule";
  // Plain generation: the four symbols about equally often.
  std::map<char, int> count;
  for (int i = 0; i < 2000; ++i) {
    const Rule r = random_rule(plain, rng);
    for (int c = 0; c < 9; ++c)
      if (c != r.action) ++count[r.pattern()[static_cast<std::size_t>(c)]];
  }
  for (char s : {'P', 'C', 'V', '*'}) EXPECT_NEAR(count[s], 4000, 300) << s;
}

TEST(Rules, SymmetryAgreesWithTheBoard) {
  Rng rng(9);
  for (int i = 0; i < 300; ++i) {
    const Rule r = random_rule(RuleMaker{0.5, 0.3}, rng);
    Board b;
    for (int k = 0, n = static_cast<int>(rng.below(7)); k < n && !b.is_terminal(); ++k) {
      search::MoveList<Board::Move, 9> moves;
      b.legal_moves(moves);
      b.play(moves[static_cast<int>(rng.index(static_cast<std::size_t>(moves.size())))]);
    }
    for (int s = 0; s < 8; ++s) {
      const Board t = b.transformed(s);
      const int me = b.to_move();
      EXPECT_EQ(r.matches(b.stones(me), b.stones(1 - me)),
                r.transformed(s).matches(t.stones(me), t.stones(1 - me)));
    }
  }
}

TEST(Agents, TheOriginalChoiceOfRule) {
  Rng rng(1);
  // No rule fires: a random legal move, every one equally likely.
  const Agent none = agent_of({parse_rule("PPPPPPPPV", 9, 3, 0)});
  const AgentPolicy p0(none, false);
  const auto d0 = p0.distribution(Board::from_moves("5"));
  EXPECT_FALSE(d0.by_rule);
  EXPECT_DOUBLE_EQ(d0.p[4], 0);
  for (int c : {0, 1, 2, 3, 5, 6, 7, 8})
    EXPECT_DOUBLE_EQ(d0.p[static_cast<std::size_t>(c)], 1.0 / 8);
  EXPECT_EQ(p0.choose(Board::from_moves("5"), rng).rule, -1);

  // Highest priority first, then highest weight, then at random among the rest.
  const Agent a = agent_of({
      parse_rule("V********", 1, 1, 50),  // low priority, heavy
      parse_rule("**V******", 3, 2, 1), parse_rule("******V**", 7, 2, 1),
      parse_rule("********V", 9, 2, 0),  // same priority, lighter
      parse_rule("P***V****", 5, 3, 0),  // top priority, does not fire on the empty board
  });
  const AgentPolicy p(a, false);
  const auto d = p.distribution(Board{});
  EXPECT_TRUE(d.by_rule);
  EXPECT_DOUBLE_EQ(d.p[2], 0.5);
  EXPECT_DOUBLE_EQ(d.p[6], 0.5);
  std::map<int, int> seen;
  for (int i = 0; i < 400; ++i) {
    const auto c = p.choose(Board{}, rng);
    ++seen[c.cell];
    EXPECT_EQ(c.rule, c.cell == 2 ? 1 : 2);
  }
  EXPECT_EQ(seen.size(), 2u);
  EXPECT_GT(seen[2], 150);
  EXPECT_GT(seen[6], 150);
  // With X on 1 and O to move, nothing of priority 3 fires for O (the P is X's, not O's).
  const auto o_view = p.distribution(Board::from_moves("1"));
  EXPECT_DOUBLE_EQ(o_view.p[2] + o_view.p[6], 1.0);
  // As X with a stone on 1, the priority-3 rule fires.
  const auto x_view = p.distribution(Board::from_moves("12"));
  EXPECT_DOUBLE_EQ(x_view.p[4], 1.0);
}

TEST(Agents, RulesUnderTheEightSymmetries) {
  // "Take a corner": one rule, with symmetry, proposes the four corners equally.
  const Agent a = agent_of({parse_rule("V********", 1, 0, 0)});
  const auto plain = AgentPolicy(a, false).distribution(Board{});
  EXPECT_DOUBLE_EQ(plain.p[0], 1.0);
  const auto sym = AgentPolicy(a, true).distribution(Board{});
  for (int c : {0, 2, 6, 8}) EXPECT_DOUBLE_EQ(sym.p[static_cast<std::size_t>(c)], 0.25);
  // "Block": two of the opponent's on the top row, play the third; with symmetry it also blocks
  // the left column.
  const Agent block = agent_of({parse_rule("CCV******", 3, 3, 0)});
  const Board x_threat = Board::from_moves("152");  // X 1, 2; O 5: O to move, must block 3
  EXPECT_DOUBLE_EQ(AgentPolicy(block, false).distribution(x_threat).p[2], 1.0);
  const Board column = Board::from_moves("154");  // X 1, 4; O 5: O must block 7
  EXPECT_FALSE(AgentPolicy(block, false).distribution(column).by_rule);
  EXPECT_DOUBLE_EQ(AgentPolicy(block, true).distribution(column).p[6], 1.0);
}

TEST(Measures, TheRefereeKnowsTheGame) {
  EXPECT_EQ(referee().positions(), 5478);
  EXPECT_EQ(referee().mistake_positions().size(), 3191u);
  EXPECT_EQ(referee().id(Board{}), 0);
  EXPECT_EQ(referee().moves(PanelKind::kPerfect, referee().id(Board::from_moves("1"))), 1u << 4);
}

TEST(Measures, AnAgentWithoutRulesPlaysLikeRandom) {
  // Known answers: random against random, and the whole game tree.
  const Agent none = agent_of({parse_rule("PPPPPPPPV", 9, 0, 0)});
  const AgentPolicy policy(none, false);
  PolicyCache cache(policy, referee());
  const auto x = exact_outcome(cache, 0, {PanelKind::kRandom, nullptr}, referee());
  EXPECT_NEAR(100 * x.win, 58.5, 0.05);
  EXPECT_NEAR(100 * x.loss, 28.8, 0.05);
  EXPECT_NEAR(100 * x.draw, 12.7, 0.05);
  const auto o = exact_outcome(cache, 1, {PanelKind::kRandom, nullptr}, referee());
  EXPECT_NEAR(o.win, x.loss, 1e-12);
  const auto vs_perfect = exact_outcome(cache, 0, {PanelKind::kPerfect, nullptr}, referee());
  EXPECT_EQ(vs_perfect.win, 0);
  EXPECT_GT(vs_perfect.loss, 0.5);
  // Every game of tic-tac-toe is a line of the exhaustive walk.
  const auto cx = exhaustive_check(cache, 0, referee());
  EXPECT_EQ(cx.lines, 255168u);
  EXPECT_EQ(cx.lost_lines, 77904u) << "O wins 77,904 of the games";
  EXPECT_TRUE(cx.can_lose);
  const auto co = exhaustive_check(cache, 1, referee());
  EXPECT_EQ(co.lost_lines, 131184u) << "X wins 131,184";
  EXPECT_EQ(cx.faced + co.faced, 4520) << "a random player can face every non-terminal position";
  // Sampled games agree with the exact figures.
  const auto series = play_series(policy, 0, PanelKind::kRandom, 1000, Rng(3), referee());
  EXPECT_NEAR(series.wins / 10.0, 58.5, 5.0);
  EXPECT_EQ(series.rule_moves, 0u);
}

TEST(Measures, ThePerfectPlayerAsRulesNeverLoses) {
  const Agent perfect = perfect_agent(referee());
  EXPECT_TRUE(perfect.perfect);
  EXPECT_TRUE(never_loses(perfect, false, referee()));
  const auto m = measure_agent(perfect, false, 200, Rng(4), referee());
  EXPECT_EQ(m.random[0].losses + m.random[1].losses + m.perfect[0].losses + m.perfect[1].losses, 0);
  EXPECT_EQ(m.perfect[0].draws, 200);
  EXPECT_DOUBLE_EQ(m.agree_faced, 1.0);
  EXPECT_DOUBLE_EQ(m.rule_moves, 1.0);
  EXPECT_LT(m.agree_mistakes, 1.0) << "it has rules only for the positions it can face";
  // One wrong rule is found by the exhaustive check: after X's corner, an edge loses.
  Agent broken = perfect;
  for (auto& r : broken.rules) {
    if (r.mine == 0 && r.theirs == 1) {  // O to move after X took cell 1
      r.empty = static_cast<std::uint16_t>(0777 & ~1u);
      r.action = 1;
    }
  }
  const AgentPolicy policy(broken, false);
  PolicyCache cache(policy, referee());
  EXPECT_FALSE(exhaustive_check(cache, 0, referee()).can_lose);
  const auto o = exhaustive_check(cache, 1, referee());
  EXPECT_TRUE(o.can_lose);
  EXPECT_GT(o.lost_lines, 0u);
}

TEST(Learning, SameSeedSameHistoryAtAnyThreadCount) {
  auto s = small_original();
  s.shared_knowledge = true;
  s.player_pairing = "random";
  s.parent_pairing = "random";
  const auto one = run(s, 7, 1), two = run(s, 7, 2);
  EXPECT_EQ(rows_text(one.to_csv()), rows_text(two.to_csv()));
  EXPECT_EQ(one.rows.size(), 4u) << "cycles 0, 2, 4, 6";
  EXPECT_NE(rows_text(one.to_csv()), rows_text(run(s, 8, 1).to_csv()))
      << "another seed, another run";
  const auto strong = small_strong();
  EXPECT_EQ(rows_text(run(strong, 3, 1).to_csv()), rows_text(run(strong, 3, 2).to_csv()));
}

TEST(Learning, ResumingGivesTheSameHistoryAsAnUninterruptedRun) {
  for (auto s : {small_original(), small_strong()}) {
    s.sharing = true;
    s.hall_of_fame = s.fitness == "panel" ? 2 : 0;
    s.restart_every = s.fitness == "panel" ? 4 : 0;  // after the resume point (cycle 3)
    s.cull_every = 2;
    s.cull_weight = -1;
    std::string whole_pop;
    const History whole = run(s, 11, 2, &whole_pop);
    // First session: stop at cycle 3 (between two measured cycles), save, read back, go on.
    LearnSettings first = s;
    first.cycles = 3;
    Workers workers(1);
    History h;
    std::string text;
    {
      Learner l(first, 11, referee(), workers);
      learn(l, h, workers, {});
      text = population_text(l.population(), s.symmetry);
    }
    EXPECT_EQ(h.back().generation, 3u) << "the end of a session is measured";
    const auto saved = parse_population(text, "population.txt");
    History reread = h;
    Learner l(s, 11, referee(), saved.population);
    learn(l, reread, workers, {});
    EXPECT_EQ(rows_text(reread.to_csv()), rows_text(whole.to_csv())) << s.preset;
    EXPECT_EQ(without_seconds(population_text(l.population(), s.symmetry)),
              without_seconds(whole_pop));
  }
}

TEST(Learning, APanelTeachesFasterThanTheOriginal) {
  // Ten cycles of the strong preset's panel fitness lower the best agent's chance of losing to
  // a random player, exactly computed; it starts from random rules.
  auto s = small_strong();
  s.cycles = 10;
  s.measure_every = 10;
  const auto h = run(s, 2, 2);
  ASSERT_EQ(h.rows.size(), 2u);
  EXPECT_GT(h.rows[1].best, h.rows[0].best);
  EXPECT_LT(
      h.rows[1].extra_value("mean_x_random_loss") + h.rows[1].extra_value("mean_o_random_loss"),
      h.rows[0].extra_value("mean_x_random_loss") + h.rows[0].extra_value("mean_o_random_loss"));
}

TEST(Learning, ThePerfectPlayerJoinsAtTheChosenCycle) {
  auto s = small_original();
  s.inject_perfect = 2;
  s.measure_every = 1;
  s.cycles = 2;
  const auto h = run(s, 1, 1);
  ASSERT_EQ(h.rows.size(), 3u);
  EXPECT_EQ(h.rows[1].extra_value("perfect_alive"), 0);
  EXPECT_EQ(h.rows[2].extra_value("perfect_alive"), 1);
}

TEST(Learning, ARestartReplacesTheWholePopulationAtTheChosenCycle) {
  for (int every : {0, 2}) {
    auto s = small_strong();
    s.restart_every = every;
    Workers workers(1);
    Learner l(s, 5, referee(), workers);
    l.run_cycle(workers);
    l.run_cycle(workers);
    int born_now = 0;
    for (const auto& a : l.population().agents) born_now += a.born == 2;
    if (every == 2)
      EXPECT_EQ(born_now, s.agents) << "every agent is new at cycle 2";
    else
      EXPECT_LT(born_now, s.agents) << "the elite survive without restarts";
  }
}

TEST(Learning, OriginalCycleBookkeeping) {
  // One cycle of 8 agents: 4 pairs x 5 games; the games' moves by rule are counted.
  auto s = small_original();
  s.cycles = 1;
  Workers workers(1);
  Learner l(s, 5, referee(), workers);
  l.run_cycle(workers);
  EXPECT_EQ(l.last_stats().games, 20u);
  EXPECT_EQ(l.population().evaluations, 20u);
  EXPECT_GE(l.last_stats().moves, 20u * 5);
  EXPECT_LE(l.last_stats().rule_moves, l.last_stats().moves);
  // Sorted best first; the best half survives, the other half are the children of cycle 1.
  const auto& agents = l.population().agents;
  for (std::size_t i = 0; i < 4; ++i) EXPECT_EQ(agents[i].born, 0u);
  for (std::size_t i = 4; i < 8; ++i) {
    EXPECT_EQ(agents[i].born, 1u);
    EXPECT_EQ(agents[i].weight, 0);
    EXPECT_EQ(agents[i].rules.size(), 30u);
  }
  for (std::size_t i = 1; i < 4; ++i) EXPECT_GE(agents[i - 1].weight, agents[i].weight);
}

TEST(Population, SavedAndReadBackExactly) {
  Population p;
  p.cycle = 12;
  p.evaluations = 345;
  p.seconds = 0.1 + 0.2;
  Agent a = agent_of({parse_rule("PCV*V****", 3, 2, -4), parse_rule("********V", 9, 0, 7)});
  a.weight = 1.0 / 3;
  a.born = 4;
  Agent b = a;
  b.perfect = true;
  b.weight = -2;
  p.agents = {a, b};
  p.hall_of_fame = {a};
  const auto text = population_text(p, true);
  const auto back = parse_population(text, "population.txt");
  EXPECT_TRUE(back.symmetry);
  EXPECT_EQ(back.population.cycle, 12u);
  EXPECT_EQ(back.population.seconds, 0.1 + 0.2);
  ASSERT_EQ(back.population.agents.size(), 2u);
  EXPECT_EQ(back.population.agents[0].weight, 1.0 / 3);
  EXPECT_EQ(back.population.agents[0].rules, a.rules);
  EXPECT_TRUE(back.population.agents[1].perfect);
  EXPECT_EQ(back.population.hall_of_fame.size(), 1u);
  EXPECT_EQ(population_text(back.population, true), text);
}

TEST(Population, BrokenFilesSayWhereAndWhat) {
  Population p;
  p.agents = {agent_of({parse_rule("PCV*V****", 3, 2, 0)})};
  const auto good = population_text(p, false);
  auto expect_error = [](const std::string& text, int line, const std::string& what) {
    try {
      parse_population(text, "pop.txt");
      ADD_FAILURE() << "accepted:\n" << text;
    } catch (const Error& e) {
      EXPECT_EQ(e.file(), "pop.txt");
      EXPECT_EQ(e.line(), line) << e.what();
      EXPECT_NE(std::string(e.what()).find(what), std::string::npos) << e.what();
    }
  };
  auto replace = [&](const std::string& from, const std::string& to) {
    auto t = good;
    t.replace(t.find(from), from.size(), to);
    return t;
  };
  expect_error("", 1, "header");
  expect_error(replace("evoplay-tictactoe-population 1", "hello"), 1, "header");
  expect_error(replace("cycle 0", "cycle x"), 2, "cycle");
  expect_error(replace("symmetry off", "symmetry maybe"), 5, "symmetry");
  expect_error(replace("PCV*V**** 3", "PCV*V**** 1"), 9, "must be V");
  expect_error(replace("PCV*V**** 3 2", "PCV*V**** 3 7"), 9, "priority");
  expect_error(replace("PCV*V****", "PCQ*V****"), 9, "expected P, C, V or *");
  expect_error(good.substr(0, good.find("PCV")), 8, "ends early");
  expect_error(good + "agent 2 weight 0 born 0 perfect no rules 1\n", 10, "unexpected text");
}

TEST(Settings, NamesValuesAndErrors) {
  LearnSettings s;
  s.set("agents", "20");
  s.set("shared-knowledge", "on");
  s.set("selection", "40+10-50");
  s.set("mutation", "0.05");
  EXPECT_EQ(s.agents, 20);
  EXPECT_TRUE(s.shared_knowledge);
  EXPECT_NO_THROW(s.validate());
  const auto back = LearnSettings::from_json(s.to_json(), "config.json");
  EXPECT_EQ(back.to_json(), s.to_json());
  EXPECT_THROW(s.set("agents", "many"), Error);
  EXPECT_THROW(s.set("symmetry", "perhaps"), Error);
  EXPECT_THROW(s.set("no-such-setting", "1"), Error);
  LearnSettings bad;
  bad.selection = "best";
  EXPECT_THROW(bad.validate(), Error);
  bad = {};
  bad.mutation = 1.5;
  EXPECT_THROW(bad.validate(), Error);
  bad = {};
  bad.panel = "random,wizard";
  EXPECT_THROW(bad.validate(), Error);
  EXPECT_THROW(LearnSettings::preset_named("fast"), Error);
  // Every setting has a name, a help text and a value.
  for (const auto& info : setting_list()) {
    EXPECT_FALSE(info.help.empty()) << info.name;
    EXPECT_FALSE(setting_text(LearnSettings{}, info.name).empty()) << info.name;
  }
}
