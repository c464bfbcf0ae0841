// Capture the flag: the map format and its errors, every rule of docs/flags.md on small
// hand-made maps, the evaluation's terms and parameters, the shipped maps (symmetric, sizes),
// and the engine's conformance battery.
#include <gtest/gtest.h>

#include <filesystem>
#include <set>

#include "evoplay/core/error.hpp"
#include "evoplay/core/input_files.hpp"
#include "evoplay/core/text.hpp"
#include "evoplay/games/flags/map.hpp"
#include "evoplay/games/flags/state.hpp"
#include "search/conformance.hpp"
#include "support/process.hpp"

using namespace evoplay;
using namespace evoplay::games::flags;
using evoplay::test_support::source_path;
using M = State::Move;

namespace {

State from(const std::string& text) { return State(parse_map(text, "test.map")); }

M mv(int player, int action) { return State::make_move(player - 1, action); }

bool legal(const State& s, M m) { return s.is_legal(m); }

// The error parse_map throws for `text`, as "file:line:col: message".
std::string error_of(const std::string& text) {
  try {
    (void)parse_map(text, "bad.map");
  } catch (const Error& e) {
    return e.what();
  }
  return "no error";
}

std::vector<std::string> shipped_maps() {
  std::vector<std::string> files;
  for (const auto& f : evoplay::files_with_extension(source_path("data/flags"), ".map")) {
    files.push_back(f.string());
  }
  return files;
}

}  // namespace

TEST(FlagsMap, ReadsTheHeaderAndTheGrid) {
  const auto m = parse_map("name: little\nenergy: 20\nturns: 50\n\nA.~%b\n.....\na#..B\n", "x.map");
  EXPECT_EQ(m->name, "little");
  EXPECT_EQ(m->energy, 20);
  EXPECT_EQ(m->turns, 50);
  EXPECT_EQ(m->width, 5);
  EXPECT_EQ(m->height, 3);
  EXPECT_EQ(m->cells[static_cast<std::size_t>(m->index(0, 2))], Cell::kMud);
  EXPECT_EQ(m->cells[static_cast<std::size_t>(m->index(0, 3))], Cell::kRock);
  EXPECT_EQ(m->cells[static_cast<std::size_t>(m->index(2, 1))], Cell::kWall);
  EXPECT_EQ(m->cells[static_cast<std::size_t>(m->index(0, 0))], Cell::kFloor);  // under a player
  EXPECT_EQ(m->flags[0], (std::vector<int>{m->index(2, 0)}));
  EXPECT_EQ(m->flags[1], (std::vector<int>{m->index(0, 4)}));
  EXPECT_EQ(m->players[0], (std::vector<int>{m->index(0, 0)}));
  EXPECT_EQ(m->players[1], (std::vector<int>{m->index(2, 4)}));
  // Defaults, and the text form reads back the same.
  const auto d = parse_map("Ab\naB\n", "maps/duel-2.map");
  EXPECT_EQ(d->name, "duel-2");
  EXPECT_EQ(d->energy, 100);
  EXPECT_EQ(d->turns, 200);
  const auto again = parse_map(to_text(*m), "again.map");
  EXPECT_EQ(to_text(*again), to_text(*m));
  EXPECT_EQ(again->cells, m->cells);
}

TEST(FlagsMap, BadMapsSayWhereAndWhatWasExpected) {
  EXPECT_NE(error_of("A.x\n..B\nab.\n").find("bad.map:1:3: unknown character 'x'"),
            std::string::npos)
      << error_of("A.x\n..B\nab.\n");
  EXPECT_NE(error_of("A..\n..B\nab\n").find("bad.map:3:3: ragged map: expected a row of 3 cells"),
            std::string::npos)
      << error_of("A..\n..B\nab\n");
  EXPECT_NE(error_of("...\n..B\nab.\n").find("bad.map:1: no players of team A"), std::string::npos)
      << error_of("...\n..B\nab.\n");
  EXPECT_NE(error_of("A..\n..B\n...\n").find("no flags of team A"), std::string::npos);
  // A flag shut in by walls cannot be captured: refused, at the flag.
  const std::string walled = "energy: 9\nA.#b#\n..###\na...B\n";
  EXPECT_NE(error_of(walled).find("bad.map:2:4: flag 'b' at row 1, column 4 is walled in"),
            std::string::npos)
      << error_of(walled);
  // Rock around it is fine: it can be dug.
  EXPECT_NO_THROW(parse_map("A.%b%\n..%%%\na...B\n", "ok.map"));
  EXPECT_NE(error_of("size: 3\nAb\naB\n").find("bad.map:1:1: unknown header key 'size'"),
            std::string::npos);
  EXPECT_NE(error_of("energy: lots\nAb\naB\n").find("bad.map:1:9: energy: expected a whole number"),
            std::string::npos)
      << error_of("energy: lots\nAb\naB\n");
  EXPECT_NE(error_of("turns: 0\nAb\naB\n").find("turns: expected a number from 1 to"),
            std::string::npos);
  EXPECT_NE(error_of("turns: 9\nturns: 8\nAb\naB\n").find("bad.map:2:1: 'turns' given twice"),
            std::string::npos);
  EXPECT_NE(error_of("AAAAA\nb....\na...B\n").find("bad.map:1:5: too many players 'A'"),
            std::string::npos);
  EXPECT_NE(error_of("Ab\n\naB\n").find("bad.map:2:1: blank line inside the map"),
            std::string::npos);
  EXPECT_NE(error_of("name: empty\n\n").find("expected the map's rows"), std::string::npos);
  EXPECT_NE(error_of("energy 5\nAb\naB\n").find("header lines are written 'key: value'"),
            std::string::npos);
  EXPECT_THROW(load_map(source_path("data/flags/no-such.map")), Error);
}

TEST(FlagsMap, ShippedMapsRangeFromSmallToLargeAndAreSymmetric) {
  const auto files = shipped_maps();
  ASSERT_GE(files.size(), 8u);
  bool small = false, large = false;
  for (const auto& f : files) {
    const auto m = load_map(f);
    // Turning the board half a turn and swapping the teams gives the same map.
    const int h = m->height, w = m->width;
    const std::string text = to_text(*m);
    const auto lines = split_lines(text);
    const std::size_t first = lines.size() - static_cast<std::size_t>(h);
    auto swap = [](char c) {
      return c == 'a' ? 'b' : c == 'b' ? 'a' : c == 'A' ? 'B' : c == 'B' ? 'A' : c;
    };
    for (int r = 0; r < h; ++r) {
      for (int c = 0; c < w; ++c) {
        ASSERT_EQ(lines[first + static_cast<std::size_t>(r)][static_cast<std::size_t>(c)],
                  swap(lines[first + static_cast<std::size_t>(h - 1 - r)]
                            [static_cast<std::size_t>(w - 1 - c)]))
            << f << " is not symmetric at row " << r + 1 << ", column " << c + 1;
      }
    }
    EXPECT_EQ(m->players[0].size(), m->players[1].size()) << f;
    EXPECT_EQ(m->flags[0].size(), m->flags[1].size()) << f;
    small = small || (h == 7 && w == 7 && m->players[0].size() == 1 && m->flags[0].size() == 1);
    if (h == 20 && w == 30 && m->players[0].size() == 3 && m->flags[0].size() == 3) {
      const std::set<Cell> kinds(m->cells.begin(), m->cells.end());
      large = kinds.contains(Cell::kRock) && kinds.contains(Cell::kMud);
    }
  }
  EXPECT_TRUE(small) << "no 7x7 map with one player and one flag each";
  EXPECT_TRUE(large) << "no 20x30 map with three players, three flags, rock and mud";
}

TEST(FlagsRules, MovesCostTheCellsEnergyAndSetTheFacing) {
  State s = from("energy: 20\nA.~%b\n.....\na...B\n");
  EXPECT_EQ(s.player(0, 0).facing, kEast);  // towards the enemy flags
  EXPECT_EQ(s.player(1, 0).facing, kWest);
  ASSERT_TRUE(legal(s, mv(1, kMoveEast)));
  EXPECT_FALSE(legal(s, mv(1, kMoveNorth)));  // the edge
  EXPECT_FALSE(legal(s, mv(1, kMoveWest)));
  EXPECT_FALSE(legal(s, mv(1, kAttack)));  // nobody next to it
  EXPECT_FALSE(legal(s, mv(1, kDig)));     // no rock in front
  EXPECT_FALSE(legal(s, mv(2, kRest)));    // team A has one player
  s.play(mv(1, kMoveSouth));
  EXPECT_EQ(s.player(0, 0).cell, s.map().index(1, 0));
  EXPECT_EQ(s.player(0, 0).energy, 19);
  EXPECT_EQ(s.player(0, 0).facing, kSouth);
  EXPECT_EQ(s.to_move(), 1);
  EXPECT_TRUE(legal(s, mv(1, kMoveNorth)));  // B's player 1 now
  s.play(mv(1, kRest));                      // B at full energy: still 20
  EXPECT_EQ(s.player(1, 0).energy, 20);
  s.play(mv(1, kMoveNorth));
  s.play(mv(1, kMoveNorth));
  s.play(mv(1, kMoveEast));
  s.play(mv(1, kRest));
  s.play(mv(1, kMoveEast));  // into the mud: 3
  EXPECT_EQ(s.player(0, 0).energy, 20 - 1 - 1 - 1 - 3);
  s.play(mv(1, kRest));
  s.play(mv(1, kRest));  // +3
  EXPECT_EQ(s.player(0, 0).energy, 17);
  s.play(mv(1, kRest));
  s.play(mv(1, kRest));  // at most the starting energy
  EXPECT_EQ(s.player(0, 0).energy, 20);
  EXPECT_EQ(s.ply(), 11);
}

TEST(FlagsRules, WallsRockAndPlayersBlockAndDiggingOpensRock) {
  State s = from("energy: 20\nA.%.b\n.#...\naB...\n");
  s.play(mv(1, kMoveEast));                   // A faces east, rock in front
  EXPECT_FALSE(legal(s, mv(1, kMoveNorth)));  // B: a wall
  s.play(mv(1, kMoveEast));                   // B steps east
  EXPECT_FALSE(legal(s, mv(1, kMoveEast)));   // rock
  EXPECT_FALSE(legal(s, mv(1, kMoveSouth)));  // wall
  ASSERT_TRUE(legal(s, mv(1, kDig)));
  const double far = s.terms(0).distance;
  s.play(mv(1, kDig));
  EXPECT_EQ(s.cell(s.map().index(0, 2)), Cell::kFloor);
  EXPECT_EQ(s.player(0, 0).energy, 19 - 5);
  EXPECT_GT(s.terms(0).distance, far) << "digging shortens the way to the flag";
  EXPECT_EQ(s.map().base_distances().at(s.map().flag_id(1, 0), s.map().index(0, 1)), 1 + 6 + 1);
  s.play(mv(1, kRest));
  ASSERT_TRUE(legal(s, mv(1, kMoveEast)));
  // Players block each other, teammates included.
  State t = from("energy: 20\nAA..b\n.....\na..BB\n");
  EXPECT_FALSE(legal(t, mv(1, kMoveEast)));
  EXPECT_TRUE(legal(t, mv(2, kMoveEast)));
}

TEST(FlagsRules, AttacksHitEveryAdjacentEnemyAndZeroEnergyKills) {
  State s = from("energy: 15\na....\n.BAB.\n....b\n");
  ASSERT_TRUE(legal(s, mv(1, kAttack)));
  s.play(mv(1, kAttack));
  EXPECT_EQ(s.player(0, 0).energy, 13);
  EXPECT_EQ(s.player(1, 0).energy, 5);
  EXPECT_EQ(s.player(1, 1).energy, 5);
  s.play(mv(1, kAttack));
  EXPECT_EQ(s.player(0, 0).energy, 3);
  EXPECT_EQ(s.player(1, 0).energy, 3);
  s.play(mv(1, kAttack));  // both B players drop to 0: they leave the board, B has nobody left
  EXPECT_FALSE(s.player(1, 0).alive());
  EXPECT_FALSE(s.player(1, 1).alive());
  EXPECT_EQ(s.occupant(s.map().index(1, 1)), -1);
  EXPECT_TRUE(s.is_terminal());
  EXPECT_EQ(s.result(), 0);
  search::MoveList<M, State::kMaxMoves> none;
  s.legal_moves(none);
  EXPECT_TRUE(none.empty());
  // Undo brings them back.
  s.undo(mv(1, kAttack));
  EXPECT_TRUE(s.player(1, 0).alive());
  EXPECT_EQ(s.occupant(s.map().index(1, 1)), kMaxPlayers);
  EXPECT_FALSE(s.is_terminal());
}

TEST(FlagsRules, AnActionCostingMoreEnergyThanLeftIsIllegal) {
  State s = from("energy: 4\nA~%.b\n.....\na...B\n");
  s.play(mv(1, kMoveSouth));  // 3 left
  s.play(mv(1, kRest));
  s.play(mv(1, kMoveNorth));  // 2 left, facing north
  s.play(mv(1, kRest));
  EXPECT_FALSE(legal(s, mv(1, kMoveEast))) << "mud costs 3";
  EXPECT_NE(s.why_illegal(mv(1, kMoveEast)).find("mud costs 3 energy"), std::string::npos);
  // A move costing exactly what is left is legal, and the player dies of it.
  State t = from("energy: 1\nA....\nb...a\n....B\n");
  ASSERT_TRUE(legal(t, mv(1, kMoveEast)));
  t.play(mv(1, kMoveEast));
  EXPECT_FALSE(t.player(0, 0).alive());
  EXPECT_TRUE(t.is_terminal());
  EXPECT_EQ(t.result(), 1) << "team A has nobody left";
}

TEST(FlagsRules, CapturingTheLastEnemyFlagWins) {
  State s = from("energy: 1\nAb.\n...\n.aB\n");
  s.play(mv(1, kMoveEast));  // captures with its last energy: the capture counts
  EXPECT_TRUE(s.is_terminal());
  EXPECT_EQ(s.result(), 0);
  EXPECT_EQ(s.captured(0), 1);
  EXPECT_TRUE(search::is_win_score(s.evaluate(0)));
  EXPECT_TRUE(search::is_loss_score(s.evaluate(1)));
  // With two flags, one capture is not the end; the flag leaves the board.
  State t = from("Ab.b\n....\n.a.B\n");
  t.play(mv(1, kMoveEast));
  EXPECT_FALSE(t.is_terminal());
  EXPECT_EQ(t.captured(0), 1);
  EXPECT_EQ(t.cell(t.map().index(0, 1)), Cell::kFloor);
  t.undo(mv(1, kMoveEast));
  EXPECT_EQ(t.cell(t.map().index(0, 1)), Cell::kFlagB);
  EXPECT_EQ(t.captured(0), 0);
}

TEST(FlagsRules, ThePlyLimitGoesToFlagsThenEnergyElseADraw) {
  State draw = from("turns: 2\nA...b\n.....\na...B\n");
  draw.play(mv(1, kRest));
  draw.play(mv(1, kRest));
  EXPECT_TRUE(draw.is_terminal());
  EXPECT_EQ(draw.result(), State::kDraw);
  EXPECT_EQ(draw.evaluate(0), 0);
  State energy = from("turns: 1\nA...b\n.....\na...B\n");
  energy.play(mv(1, kMoveSouth));  // A spends 1: B has more energy at the end
  EXPECT_EQ(energy.result(), 1);
  State f = from("turns: 3\nAb.b.\n.....\n.a.aB\n");
  f.play(mv(1, kMoveEast));  // one of two flags, 1 energy spent
  f.play(mv(1, kRest));
  f.play(mv(1, kMoveEast));
  EXPECT_EQ(f.result(), 0) << "more flags beats more energy";
}

TEST(FlagsEvaluation, ParametersFollowTheMap) {
  const auto m = parse_map("A....b\na....B\n", "p.map");
  EXPECT_DOUBLE_EQ(m->params.flag_value, 10000);
  EXPECT_DOUBLE_EQ(m->params.start_distance, 5);  // each player is 5 steps from its target
  EXPECT_DOUBLE_EQ(m->params.distance_scale, 2.5);
  EXPECT_DOUBLE_EQ(m->params.distance_value, 4000);
  EXPECT_NEAR(m->params.energy_value, 4000 / 2.5 * std::exp(-2.0) / 8, 1e-9);
  EXPECT_NEAR(m->distance_decay(5), 4000 * std::exp(-2.0), 1e-9);
  EXPECT_EQ(m->distance_decay(kFar), 0);
  // Three flags a team: each is worth a third.
  const auto three = parse_map("Abbb\n....\naaaB\n", "three.map");
  EXPECT_NEAR(three->params.flag_value, 10000.0 / 3, 1e-9);

  State s(m);
  const auto t = s.terms(0);
  EXPECT_NEAR(t.distance, 4000 * std::exp(-2.0), 1e-9);
  EXPECT_NEAR(t.energy, 100 * m->params.energy_value, 1e-9);
  EXPECT_EQ(t.flags, 0);
  EXPECT_EQ(s.evaluate(0), 0);  // symmetric start
  s.play(mv(1, kMoveEast));     // A: one step closer, one energy spent
  EXPECT_GT(s.evaluate(0), 0);
  EXPECT_EQ(s.evaluate(0), -s.evaluate(1));
}

TEST(FlagsEvaluation, PathsCountTheFacingThatDiggingNeeds) {
  // A reaches b only through the rock at row 3, column 3. To dig it, A must stand above it facing
  // south, so it must step into that cell from the north: counted by hand, 13 energy (seven
  // moves of 1 and the dig and step of 6) in nine actions from A's start, where a count that
  // ignored the facing would say 11 (two steps west, dig, three steps).
  const auto m = parse_map("energy: 40\n.....\n....A\n##%##\nb...B\na....\n", "facing.map");
  const Distances& d = m->base_distances();
  const int b = m->flag_id(1, 0);
  ASSERT_EQ(m->facing[0], kNorth);
  EXPECT_EQ(d.at(b, m->index(1, 4), kNorth), 13);
  EXPECT_EQ(d.steps(b, m->index(1, 4), kNorth), 9);
  EXPECT_EQ(d.at(b, m->index(1, 2), kSouth), 6 + 3);  // facing the rock already
  EXPECT_EQ(d.steps(b, m->index(1, 2), kSouth), 2 + 3);
  EXPECT_EQ(d.at(b, m->index(1, 2), kEast), 1 + 1 + 6 + 3);  // north and back south first
  EXPECT_EQ(d.at(b, m->index(1, 2)), 9);                     // the best facing
  EXPECT_EQ(m->params.start_distance, (13 + 5) / 2.0);       // B walks 5 along the bottom row
  // A rock that no player can ever face (the cell in front of it is entered only sideways) is a
  // wall for the player: the flag behind it is walled in.
  EXPECT_NE(error_of("A..\n#%#\n.b.\na.B\n").find("is walled in"), std::string::npos);
}

TEST(FlagsEvaluation, AFlagOutOfReachBeforeThePlyLimitIsWorthNothing) {
  // A is 5 steps from b. With 10 plies A has 5 moves: the flag counts; with 8 plies, 4: it
  // does not (and neither does B's way to a).
  const State in_time = from("turns: 10\nA....b\na....B\n");
  EXPECT_EQ(in_time.moves_left(0), 5);
  EXPECT_EQ(in_time.moves_left(1), 5);
  EXPECT_NEAR(in_time.terms(0).distance, 4000 * std::exp(-2.0), 1e-9);
  const State late = from("turns: 8\nA....b\na....B\n");
  EXPECT_EQ(late.moves_left(0), 4);
  EXPECT_EQ(late.terms(0).distance, 0);
  EXPECT_EQ(late.terms(1).distance, 0);
  // A guard on the flag costs the attackers one attack per 10 of its energy: B stands on its
  // own flag with 19 energy, so A needs 2 steps and 2 attacks, 4 moves.
  State guarded = from("energy: 20\nturns: 9\nA.b\n..B\na..\n");
  guarded.play(mv(1, kRest));
  guarded.play(mv(1, kMoveNorth));  // B onto its flag
  ASSERT_EQ(guarded.occupant(guarded.map().index(0, 2)), kMaxPlayers);
  EXPECT_EQ(guarded.moves_left(0), 4);
  EXPECT_GT(guarded.terms(0).distance, 0);
  guarded.play(mv(1, kRest));
  guarded.play(mv(1, kRest));
  EXPECT_EQ(guarded.moves_left(0), 3);
  EXPECT_EQ(guarded.terms(0).distance, 0);
  // A player too weak to walk there rests on the way, 3 energy a rest: 6 steps with 4 energy
  // need 1 rest, 7 moves.
  const State tired = from("energy: 4\nturns: 12\nA.....b\na.....B\n");
  EXPECT_EQ(tired.moves_left(0), 6);
  EXPECT_EQ(tired.terms(0).distance, 0);
  const State rested = from("energy: 4\nturns: 14\nA.....b\na.....B\n");
  EXPECT_EQ(rested.moves_left(0), 7);
  EXPECT_GT(rested.terms(0).distance, 0);
}

TEST(FlagsEvaluation, TerminalUtilityPrefersBiggerWins) {
  // Win by capture with full energy against a win by capture after a long walk.
  State quick = from("Ab...\n.....\n...aB\n");
  quick.play(mv(1, kMoveEast));
  State slow = from("A...b\n.....\na...B\n");
  for (int k = 0; k < 3; ++k) {
    slow.play(mv(1, kMoveEast));
    slow.play(mv(1, kRest));
  }
  slow.play(mv(1, kMoveEast));
  ASSERT_TRUE(quick.is_terminal());
  ASSERT_TRUE(slow.is_terminal());
  EXPECT_GT(quick.evaluate(0), slow.evaluate(0));
  EXPECT_GE(slow.evaluate(0), search::kWinBound + 128);
  EXPECT_LE(quick.evaluate(0), search::kWin - 100);
}

TEST(FlagsState, NoisyMovesAreAttacksCapturesAndMovesNextToAnEnemy) {
  State s = from("energy: 20\n.b...\nAb.B.\n...a.\n");
  search::MoveList<M, State::kMaxMoves> noisy;
  s.noisy_moves(noisy);
  // A can capture east... (1,1) is a flag b: capture; north (0,0): quiet; south (2,0): quiet.
  EXPECT_TRUE(noisy.contains(mv(1, kMoveEast)));
  EXPECT_FALSE(noisy.contains(mv(1, kMoveNorth)));
  EXPECT_FALSE(noisy.contains(mv(1, kRest)));
  State t = from("energy: 20\na....\n.A.B.\n....b\n");
  noisy.clear();
  t.noisy_moves(noisy);
  EXPECT_TRUE(noisy.contains(mv(1, kMoveEast)));  // next to B
  EXPECT_EQ(noisy.size(), 1);
  t.play(mv(1, kMoveEast));
  noisy.clear();
  t.noisy_moves(noisy);
  EXPECT_TRUE(noisy.contains(mv(1, kAttack)));
  EXPECT_GT(t.move_hint(mv(1, kAttack)), t.move_hint(mv(1, kRest)));
}

TEST(FlagsState, TextShowsTheBoardAndThePlayers) {
  const State s = from("energy: 20\nA.~%b\n.....\na#..B\n");
  const std::string text = s.to_text();
  EXPECT_NE(text.find("ply 0 of 200, A to move"), std::string::npos) << text;
  EXPECT_NE(text.find("  1A1 . ~%% b"), std::string::npos) << text;
  EXPECT_NE(text.find("  3 a## . .B1"), std::string::npos) << text;
  EXPECT_NE(text.find("A1 energy 20 facing e"), std::string::npos) << text;
  EXPECT_EQ(State::move_name(mv(2, kDig)), "2dig");
  EXPECT_EQ(State::move_name(mv(1, kMoveNorth)), "1n");
}

TEST(FlagsState, PassesTheConformanceBattery) {
  namespace c = evoplay::search::conformance;
  for (const char* file : {"data/flags/01-duel.map", "data/flags/03-twins.map"}) {
    const State start(load_map(source_path(file)));
    c::check_random_playouts(start, 100, Rng(1));
    c::check_undo(start, 8, Rng(2));
    c::check_hashes(c::random_states(start, 5, Rng(3)));
  }
  // Digging and captures along the way: a small map where random games do both.
  const State small = from("energy: 30\nturns: 60\nA.%b\n%%%.\n.%%%\na%.B\n");
  c::check_random_playouts(small, 200, Rng(4));
  c::check_undo(small, 20, Rng(5));
  c::check_hashes(c::random_states(small, 20, Rng(6)));
}

TEST(FlagsState, TranspositionsGiveEqualStatesAndHashes) {
  const State start = from("A...b\nA....\na...B\n....B\n");
  State u = start, v = start;
  for (M m : {mv(1, kMoveEast), mv(1, kMoveNorth), mv(2, kMoveEast), mv(2, kMoveWest)}) u.play(m);
  for (M m : {mv(2, kMoveEast), mv(2, kMoveWest), mv(1, kMoveEast), mv(1, kMoveNorth)}) v.play(m);
  EXPECT_TRUE(u == v);
  EXPECT_EQ(u.hash(), v.hash());
}

// A character of more than one byte (é) made its row look ragged: it is an unknown character,
// at its column.
TEST(FlagsMap, AMultiByteCharacterIsAnUnknownCharacterAtItsColumn) {
  const std::string e = error_of(
      "A..\n.\xC3\xA9"
      "B\nab.\n");
  EXPECT_NE(e.find("bad.map:2:2: unknown character '\xC3\xA9' (expected . floor"),
            std::string::npos)
      << e;
  const std::string first = error_of("A\xC3\xA9\n..B\nab.\n");
  EXPECT_NE(first.find("bad.map:1:2: unknown character"), std::string::npos) << first;
  // A row short of cells is still ragged.
  EXPECT_NE(error_of("A..\n..B\nab\n").find("ragged map"), std::string::npos);
}
