// Capture-the-flag bots: every kind only ever plays legal actions (thousands of random games and
// games of every search bot), alpha-beta returns minimax's value at equal depth on many
// positions and needs at most a fifth of its nodes at depth 4 on the medium maps, quiescence
// sees past the horizon, a time-limited search returns its deepest complete iteration, the
// document's bot beats random play, and a tournament gives the same games at any number of
// threads.
#include <gtest/gtest.h>

#include "evoplay/games/flags/bots.hpp"
#include "evoplay/games/flags/map.hpp"
#include "evoplay/games/flags/state.hpp"
#include "evoplay/search/alphabeta.hpp"
#include "evoplay/search/minimax.hpp"
#include "evoplay/search/tournament.hpp"
#include "search/conformance.hpp"
#include "search/test_clocks.hpp"
#include "support/process.hpp"

using namespace evoplay;
using namespace evoplay::games::flags;
using evoplay::test_support::source_path;

namespace {

State start_of(const std::string& name) {
  return State(load_map(source_path("data/flags/" + name + ".map")));
}

// Plays `games` games of `spec` against random (sides alternating) and checks every action on
// replay; returns the games `spec` won.
int play_checked(const std::string& spec, const State& start, int games, std::uint64_t seed) {
  const auto factory = bots();
  int won = 0;
  for (int g = 0; g < games; ++g) {
    const int seat = g % 2;
    auto bot = factory.make(spec, Rng(seed).split({static_cast<std::uint64_t>(g), 0}));
    auto other = factory.make("random", Rng(seed).split({static_cast<std::uint64_t>(g), 1}));
    std::array<search::Bot<State>*, 2> players = {bot.get(), other.get()};
    if (seat == 1) std::swap(players[0], players[1]);
    const auto record =
        search::play_game(start, players, [](const State&, State::Move, const auto&) {});
    State s = start;
    for (const auto m : record.moves) {
      EXPECT_TRUE(s.is_legal(m)) << spec << " game " << g << " ply " << s.ply() << ": "
                                 << State::move_name(m) << " " << s.why_illegal(m);
      s.play(m);
    }
    EXPECT_TRUE(s.is_terminal()) << spec << ": the game must end by the ply limit";
    won += record.winner == seat;
  }
  return won;
}

}  // namespace

// 600 random games on each of three maps; play_checked checks every action and the end.
TEST(FlagsBots, RandomGamesOnlyEverPlayLegalActions) {
  for (const char* map : {"01-duel", "02-marsh", "03-twins"}) {
    play_checked("random", start_of(map), 600, 11);
  }
}

TEST(FlagsBots, EverySearchBotOnlyPlaysLegalActions) {
  const State duel = start_of("01-duel"), twins = start_of("03-twins");
  const State dig = State(parse_map("energy: 40\nturns: 80\nA.%b\n%%%.\n.%%%\na%.B\n", "dig.map"));
  for (const auto& [spec, games] : std::vector<std::pair<std::string, int>>{
           {"greedy", 30}, {"minimax:2", 6}, {"alphabeta:3", 6}, {"mcts:20", 2}}) {
    for (const State* start : {&duel, &twins, &dig}) play_checked(spec, *start, games, 5);
  }
  // The time-limited paths (abandoned iterations) too, on the short map only: nothing here
  // depends on how deep they get, only that every action is legal.
  for (const char* spec : {"minimax:5ms", "alphabeta:5ms", "mcts:5ms"})
    play_checked(spec, dig, 2, 5);
}

TEST(FlagsBots, TheDocumentsBotBeatsRandomPlay) {
  for (const char* map : {"01-duel", "03-twins"}) {
    EXPECT_EQ(play_checked("alphabeta:3", start_of(map), 4, 21), 4) << map;
  }
}

TEST(FlagsSearch, AlphaBetaMatchesMinimaxAtEqualDepth) {
  namespace c = evoplay::search::conformance;
  for (const char* map : {"01-duel", "02-marsh", "03-twins", "04-crossroads"}) {
    auto positions = c::random_states(start_of(map), 3, Rng(7));
    std::vector<State> sample;
    for (std::size_t i = 0; i < positions.size(); i += 13) sample.push_back(positions[i]);
    sample.resize(std::min<std::size_t>(sample.size(), 12));
    for (int depth : {1, 2, 3}) c::check_alphabeta_matches_minimax(sample, depth);
  }
  auto duel = c::random_states(start_of("01-duel"), 1, Rng(8));
  duel.resize(4);
  c::check_alphabeta_matches_minimax(duel, 4);
}

TEST(FlagsSearch, AlphaBetaNeedsAFifthOfMinimaxsNodesAtDepthFourOnMediumMaps) {
  // The goal of docs/flags.md, on the start and a few random positions of two medium maps: the
  // bot's alpha-beta without quiescence and with the exact-depth table rule (so that it must
  // return minimax's value) against the document's plain minimax. Node counts are exact: no
  // clock is involved.
  namespace c = evoplay::search::conformance;
  for (const char* map : {"04-crossroads", "06-bastion"}) {
    auto positions = c::random_states(start_of(map), 2, Rng(9), 30);
    std::vector<State> sample;
    for (std::size_t i = 0; i < positions.size(); i += 10) {
      if (!positions[i].is_terminal()) sample.push_back(positions[i]);
    }
    ASSERT_GE(sample.size(), 5u) << map;
    std::uint64_t minimax_nodes = 0, alphabeta_nodes = 0;
    for (const State& p : sample) {
      search::Minimax<State> minimax({4});
      const auto m = minimax.search(p);
      search::AlphaBetaSettings s;
      s.depth = 4;
      s.quiescence = false;
      s.table_depth_rule = search::TableDepthRule::kExact;
      s.table_mib = 4;
      search::AlphaBeta<State> ab(s);
      const auto a = ab.search(p);
      EXPECT_EQ(a.value, m.value) << map << " ply " << p.ply();
      minimax_nodes += m.stats.nodes;
      alphabeta_nodes += a.stats.nodes;
    }
    EXPECT_LE(5 * alphabeta_nodes, minimax_nodes)
        << map << ": alpha-beta " << alphabeta_nodes << " nodes, minimax " << minimax_nodes;
  }
}

TEST(FlagsSearch, QuiescenceSeesTheAttackBeyondTheHorizon) {
  // A (10 energy) can step east, one step nearer b, but then stands next to B, whose attack
  // (10 damage) kills A's only player: B wins at once. Searched one ply deep, alpha-beta without
  // quiescence sees only the step's gain; with quiescence it follows B's attack at the horizon
  // and keeps away.
  const State s = State(parse_map("energy: 10\nturns: 40\nA.B.b\n.....\na....\n", "horizon.map"));
  const State::Move east = State::make_move(0, kMoveEast);
  const State::Move attack = State::make_move(0, kAttack);
  {  // What the rules say about the step: B's attack wins.
    State after = s;
    after.play(east);
    ASSERT_TRUE(after.is_legal(attack));
    after.play(attack);
    ASSERT_TRUE(after.is_terminal());
    ASSERT_EQ(after.result(), 1);
  }
  search::AlphaBetaSettings flat;
  flat.depth = 1;
  flat.quiescence = false;
  search::AlphaBeta<State> blind(flat);
  const auto without = blind.search(s);
  EXPECT_EQ(without.move, east) << State::move_name(without.move);
  search::AlphaBetaSettings deep = flat;
  deep.quiescence = true;
  search::AlphaBeta<State> seeing(deep);
  const auto with = seeing.search(s);
  EXPECT_NE(with.move, east) << State::move_name(with.move);
  // And its move is better: no reply of B wins at once.
  State after = s;
  after.play(with.move);
  search::MoveList<State::Move, State::kMaxMoves> replies;
  after.legal_moves(replies);
  for (const auto r : replies) {
    State next = after;
    next.play(r);
    EXPECT_FALSE(next.is_terminal() && next.result() == 1)
        << State::move_name(with.move) << " then B " << State::move_name(r);
  }
}

TEST(FlagsSearch, ATimedSearchReturnsItsDeepestCompleteIteration) {
  // alphabeta:TIME deepens until the time runs out and abandons the iteration it is in: its
  // answer must be exactly that of a search to the depth it reports (the same iterations, with
  // no clock), never a half-searched deeper one.
  const auto factory = bots();
  const State bastion = start_of("06-bastion");
  std::vector<State> positions = {bastion};
  auto more = search::conformance::random_states(bastion, 1, Rng(4), 20);
  positions.push_back(more.back());
  auto same_as_fixed_depth = [](const State& p, const search::SearchResult<State::Move>& timed) {
    ASSERT_TRUE(timed.has_move);
    if (timed.depth == 0) return;  // a machine too busy to finish depth 1: the fallback move
    EXPECT_LT(timed.depth, 64) << "stopped by the clock, not by the depth limit";
    search::AlphaBetaSettings s;
    s.table_mib = 16;  // the bot's table
    s.depth = timed.depth;
    search::AlphaBeta<State> fixed(s);
    const auto reference = fixed.search(p);
    EXPECT_EQ(reference.depth, timed.depth);
    EXPECT_EQ(reference.value, timed.value) << "depth " << timed.depth;
    EXPECT_EQ(reference.move, timed.move) << "depth " << timed.depth;
  };
  for (const State& p : positions) {
    ASSERT_FALSE(p.is_terminal());
    // The bot as it plays, on the real clock (no new iteration after half the time).
    auto bot = factory.make("alphabeta:20ms", Rng(1));
    same_as_fixed_depth(p, bot->choose(p));
    // New iterations until the limit itself, so that the last one is cut off half-way; on a clock
    // of 2 us a node, so that it is cut off at the same node on every machine.
    search::AlphaBetaSettings s;
    s.table_mib = 16;
    s.seconds = s.soft_seconds = 0.02;
    search::AlphaBeta<State> engine(s);
    engine.set_clock(search::test::node_clock(engine, 2e-6));
    const auto cut = engine.search(p);
    EXPECT_TRUE(engine.stopped()) << "the last iteration was abandoned at the limit";
    ASSERT_GE(cut.depth, 2);
    same_as_fixed_depth(p, cut);
  }
}

TEST(FlagsTournament, GivesTheSameGamesAtAnyNumberOfThreads) {
  const std::vector<State> starts = {start_of("01-duel"), start_of("03-twins")};
  const std::vector<std::string> specs = {"random", "greedy", "alphabeta:2"};
  const auto factory = bots();
  auto describe = [](const State& s) {
    return std::vector<std::pair<std::string, std::string>>{
        {"energy", std::to_string(s.total_energy(0)) + "/" + std::to_string(s.total_energy(1))}};
  };
  std::array<std::vector<search::TournamentGame>, 2> runs;
  for (int threads : {1, 2}) {
    auto& games = runs[static_cast<std::size_t>(threads - 1)];
    games = search::round_robin_schedule(3, 2, 1);
    search::play_tournament_games<State>(games, starts, factory, specs, Rng(3), threads, describe);
  }
  ASSERT_EQ(runs[0].size(), 12u);
  for (std::size_t k = 0; k < runs[0].size(); ++k) {
    EXPECT_EQ(runs[0][k].winner, runs[1][k].winner) << k;
    EXPECT_EQ(runs[0][k].plies, runs[1][k].plies) << k;
    EXPECT_EQ(runs[0][k].extra, runs[1][k].extra) << k;
    EXPECT_FALSE(runs[0][k].overran[0] || runs[0][k].overran[1]) << "no time limit, no overrun";
  }
  const auto r = search::summarize_tournament(specs, {"duel", "twins"}, runs[0], Rng(4), 100);
  EXPECT_EQ(r.standings[2].max_points, 24);
  EXPECT_GT(r.standings[2].points, r.standings[0].points) << "alphabeta:2 above random";
}
