// Capture-the-flag bots: every kind only ever plays legal actions (thousands of random games and
// games of every search bot), alpha-beta returns minimax's value at equal depth on many
// positions, the document's bot beats random play, and a tournament gives the same games at any
// number of threads.
#include <gtest/gtest.h>

#include "evoplay/games/flags/bots.hpp"
#include "evoplay/games/flags/map.hpp"
#include "evoplay/games/flags/state.hpp"
#include "evoplay/search/tournament.hpp"
#include "search/conformance.hpp"
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

TEST(FlagsBots, RandomGamesOnlyEverPlayLegalActions) {
  int games = 0;
  for (const char* map : {"01-duel", "02-marsh", "03-twins"}) {
    const State start = start_of(map);
    const int n = 600;
    play_checked("random", start, n, 11);
    games += n;
  }
  EXPECT_EQ(games, 1800);
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
