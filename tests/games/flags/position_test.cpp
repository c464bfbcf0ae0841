// A capture-the-flag position as plain values and back (what a copy in another process carries):
// every state a game reaches comes back equal, with the same hash, moves and result, on a map
// read again from its text; values no game on the map can reach are refused.
#include <gtest/gtest.h>

#include "evoplay/core/error.hpp"
#include "evoplay/core/rng.hpp"
#include "evoplay/core/text.hpp"
#include "evoplay/games/flags/map.hpp"
#include "evoplay/games/flags/state.hpp"
#include "search/conformance.hpp"
#include "support/process.hpp"

using namespace evoplay;
using namespace evoplay::games::flags;
using evoplay::test_support::source_path;

namespace {

std::vector<int> moves_of(const State& s) {
  search::MoveList<State::Move, State::kMaxMoves> moves;
  s.legal_moves(moves);
  return {moves.begin(), moves.end()};
}

}  // namespace

TEST(FlagsPosition, EveryReachedStateComesBackEqualOnTheMapReadAgain) {
  // A map where random games dig and capture, and a shipped one.
  const std::string small = "energy: 30\nturns: 60\nA.%b\n%%%.\n.%%%\na%.B\n";
  const std::string duel = read_text(source_path("data/flags/01-duel.map"));
  for (const std::string& text : {small, duel}) {
    const State start(parse_map(text, "a.map"));
    const auto again = parse_map(text, "a.map");  // the same text, read again
    int checked = 0;
    for (const State& s : search::conformance::random_states(start, 20, Rng(7))) {
      const State copy = State::from_position(again, s.position());
      ASSERT_TRUE(copy == s) << s.to_text();
      EXPECT_EQ(copy.hash(), s.hash());
      EXPECT_EQ(copy.is_terminal(), s.is_terminal());
      EXPECT_EQ(copy.to_move(), s.to_move());
      EXPECT_EQ(moves_of(copy), moves_of(s));
      EXPECT_EQ(copy.to_text(), s.to_text());
      ++checked;
    }
    EXPECT_GT(checked, 40);
  }
}

TEST(FlagsPosition, UnreachableValuesAreRefused) {
  const std::string text = "A...b\nA.#..\na...B\n....B\n";
  const auto map = parse_map(text, "t.map");
  const State start(map);
  const State::Position good = start.position();
  EXPECT_NO_THROW(State::from_position(map, good));

  State::Position on_wall = good;
  on_wall.players[0].cell = static_cast<std::int16_t>(1 * map->width + 2);  // the '#'
  EXPECT_THROW(State::from_position(map, on_wall), Error);

  State::Position energy = good;
  energy.players[0].energy = -5;
  EXPECT_THROW(State::from_position(map, energy), Error);

  State::Position side = good;
  side.side = 2;
  EXPECT_THROW(State::from_position(map, side), Error);

  State::Position two_on_one = good;
  two_on_one.players[1].cell = two_on_one.players[0].cell;
  EXPECT_THROW(State::from_position(map, two_on_one), Error);

  State::Position terrain = good;
  terrain.terrain.pop_back();
  EXPECT_THROW(State::from_position(map, terrain), Error);
}

TEST(FlagsPosition, MapsAreTheSameByContentNotByFile) {
  const std::string text = "name: twin\nA...b\nA....\na...B\n....B\n";
  EXPECT_TRUE(same_map(*parse_map(text, "one.map"), *parse_map(text, "two.map")));
  EXPECT_FALSE(same_map(*parse_map(text, "one.map"), *parse_map("energy: 7\n" + text, "one.map")));
  // Without a name line a map is named after its file.
  EXPECT_FALSE(same_map(*parse_map("A.b\na.B\n", "one.map"), *parse_map("A.b\na.B\n", "two.map")));
}
