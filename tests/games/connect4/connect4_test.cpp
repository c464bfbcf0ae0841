// Connect Four: the game passes the engine's conformance battery, move sequences and distinct
// positions per ply match the published counts, and the solver gives Pascal Pons' exact scores
// on samples of his four test sets (data/connect4/, copied from the shared data; the benchmark
// checks every line).
#include <gtest/gtest.h>

#include <filesystem>
#include <set>
#include <string>

#include "evoplay/core/error.hpp"
#include "evoplay/core/text.hpp"
#include "evoplay/games/connect4/board.hpp"
#include "evoplay/games/connect4/bots.hpp"
#include "evoplay/games/connect4/positions.hpp"
#include "evoplay/games/connect4/solver.hpp"
#include "search/conformance.hpp"
#include "support/process.hpp"

using namespace evoplay;
using namespace evoplay::games::connect4;
using evoplay::test_support::source_path;

namespace {

struct Line {
  std::string moves;
  int score;
};

// Every `step`-th line of a test set, starting with the first.
std::vector<Line> sample(const std::string& set, int step) {
  const std::string path = source_path("data/connect4/" + set);
  const std::string text = read_text(path);
  std::vector<Line> out;
  int n = 0;
  for (auto line : split_lines(text)) {
    line = trim(line);
    if (line.empty()) continue;
    if (n++ % step != 0) continue;
    const auto space = line.find(' ');
    out.push_back({std::string(line.substr(0, space)),
                   static_cast<int>(parse_int(line.substr(space + 1), path, n, "score"))});
  }
  return out;
}

}  // namespace

TEST(Connect4, PassesTheConformanceBattery) {
  namespace c = evoplay::search::conformance;
  c::check_random_playouts(Board{}, 300, Rng(1));
  c::check_undo(Board{}, 30, Rng(2));
  c::check_hashes(c::random_states(Board{}, 40, Rng(3)));
  // Every 5th position of 20 random games: openings, middle games and endings alike.
  const auto states = c::random_states(Board{}, 20, Rng(4));
  std::vector<Board> positions;
  for (std::size_t i = 0; i < states.size(); i += 5) positions.push_back(states[i]);
  ASSERT_GE(positions.size(), 80u);
  for (int depth : {1, 2, 3, 4}) c::check_alphabeta_matches_minimax(positions, depth);
}

// Move ordering is used: at the same depth, searches that order their moves visit far fewer nodes
// than the same searches in the order the moves are generated (already centre first, so the
// hints alone change nothing here), and find the same values. Killer moves alone, with no table;
// and the table's move first with killers, history and hints, against the same table and
// iterative deepening without them.
TEST(Connect4, MoveOrderingCutsTheNodes) {
  search::AlphaBetaSettings none;
  none.depth = 7;
  none.iterative_deepening = none.aspiration = none.pvs = false;
  none.table = none.table_move = false;
  none.quiescence = false;
  none.hints = none.killers = none.history = false;
  none.table_mib = 4;
  search::AlphaBetaSettings killers = none;
  killers.killers = true;
  search::AlphaBetaSettings table = none;
  table.table = table.iterative_deepening = true;
  search::AlphaBetaSettings ordered = table;
  ordered.table_move = ordered.hints = ordered.killers = ordered.history = true;
  const std::vector<std::pair<search::AlphaBetaSettings, search::AlphaBetaSettings>> pairs = {
      {none, killers}, {table, ordered}};
  for (std::size_t i = 0; i < pairs.size(); ++i) {
    std::uint64_t nodes_off = 0, nodes_on = 0;
    for (const char* moves : {"", "4", "44", "4453", "3344", "1234567", "445536"}) {
      const Board b = Board::from_moves(moves);
      search::AlphaBeta<Board> off(pairs[i].first), on(pairs[i].second);
      const auto a = off.search(b), o = on.search(b);
      ASSERT_EQ(a.value, o.value) << moves;
      nodes_off += a.stats.nodes;
      nodes_on += o.stats.nodes;
    }
    // Measured: 59,515 against 187,663 nodes, and 33,095 against 97,682.
    EXPECT_LT(nodes_on * 2, nodes_off)
        << "pair " << i << ": " << nodes_on << " nodes ordered, " << nodes_off << " not";
  }
}

TEST(Connect4, TranspositionsReachTheSamePositionAndKey) {
  const Board a = Board::from_moves("1234"), b = Board::from_moves("3214");
  EXPECT_TRUE(a == b);
  EXPECT_EQ(a.key(), b.key());
  EXPECT_FALSE(Board::from_moves("4435") ==
               Board::from_moves("4453"));  // the stones differ in colour
}

// The solver's table keeps a position and its mirror image in one entry: the image's key is the
// key with the columns reversed, and the image has the position's score (Pons' sets) with the
// table shared between the two, its best move mirrored.
TEST(Connect4, MirrorImagesShareTheKeyAndTheScore) {
  EXPECT_EQ(mirrored_columns(Board{}.key()), Board{}.key());
  Solver solver(16);
  int checked = 0;
  for (const Line& line : sample("Test_L2_R1", 20)) {
    std::string image = line.moves;
    for (char& c : image) c = static_cast<char>('1' + '7' - c);
    const Board board = Board::from_moves(line.moves), mirror = Board::from_moves(image);
    ASSERT_EQ(mirrored_columns(board.key()), mirror.key()) << line.moves;
    ASSERT_EQ(mirrored_columns(mirror.key()), board.key()) << line.moves;
    const auto r = solver.solve(board, false, true);
    ASSERT_EQ(r.score, line.score) << line.moves;
    const auto m = solver.solve(mirror, false, true);  // the table still holds `board`'s entries
    ASSERT_EQ(m.score, line.score) << image;
    ASSERT_TRUE(mirror.can_play(m.column)) << image;
    Board next = mirror;
    next.play(static_cast<Board::Move>(m.column));
    EXPECT_EQ(-solver.solve(next).score, line.score) << image << " then " << m.column + 1;
    ++checked;
  }
  EXPECT_GE(checked, 40);
}

// Mirror entries only for roots whose mirror image can be met below them: a position holding both
// the root's stones and its image's needs no cell where the two differ in colour.
TEST(Connect4, MirrorEntriesOnlyWhereAnImageCanBeMet) {
  EXPECT_TRUE(mirror_reachable(Board{}));
  EXPECT_TRUE(mirror_reachable(Board::from_moves("44")));  // symmetric
  EXPECT_TRUE(mirror_reachable(Board::from_moves("43")));  // its image adds a stone in column 5
  EXPECT_TRUE(mirror_reachable(Board::from_moves("31")));  // its image: 5 and 7, both free
  EXPECT_TRUE(mirror_reachable(Board::from_moves("1")));
  EXPECT_FALSE(mirror_reachable(Board::from_moves("435")));   // 3 and 5: second and first player
  EXPECT_FALSE(mirror_reachable(Board::from_moves("3544")));  // 3 and 5: first and second player
  EXPECT_FALSE(mirror_reachable(Board::from_moves("4453")));
  Solver solver(16);
  int off = 0;
  for (const Line& line : sample("Test_L2_R1", 40)) {
    const Board board = Board::from_moves(line.moves);
    EXPECT_EQ(solver.solve(board).score, line.score) << line.moves;
    off += !solver.engine().policy().mirror;
    EXPECT_EQ(solver.engine().policy().mirror, mirror_reachable(board)) << line.moves;
  }
  EXPECT_GT(off, 0);  // most of a middle-game set
}

TEST(Connect4, MoveSequencesPerPly) {
  // A line stops when four are made (shared data, data-and-peers.md).
  const std::uint64_t expected[] = {1, 7, 49, 343, 2401, 16807, 117649, 823536};
  for (int ply = 0; ply < 8; ++ply) EXPECT_EQ(perft(Board{}, ply), expected[ply]) << ply;
}

TEST(Connect4, DistinctPositionsPerPly) {
  // OEIS A212693.
  const std::vector<std::uint64_t> expected = {1, 7, 49, 238, 1120, 4263, 16422, 54859};
  EXPECT_EQ(distinct_positions(7), expected);
}

TEST(Connect4, SequencesAreCheckedMoveByMove) {
  EXPECT_EQ(Board::from_moves("").moves(), 0);
  EXPECT_EQ(Board::from_moves("4444").cell(3, 3), 2);
  try {
    Board::from_moves("4444444", "f.txt", 3);
    FAIL();
  } catch (const Error& e) {
    EXPECT_EQ(e.line(), 3);
    EXPECT_EQ(e.column(), 7);
    EXPECT_NE(e.message().find("column 4 is full"), std::string::npos) << e.what();
  }
  EXPECT_THROW(Board::from_moves("48"), Error);
  EXPECT_THROW(Board::from_moves("40"), Error);
  EXPECT_THROW(Board::from_moves("4x"), Error);
  EXPECT_NO_THROW(Board::from_moves("1212121"));  // the first player makes four with the last move
  EXPECT_THROW(Board::from_moves("12121212"), Error);  // a move after the game ended
  EXPECT_TRUE(Board::from_moves("1212121").is_terminal());
}

TEST(Connect4, PositionLinesAsSolveReadsThem) {
  EXPECT_FALSE(parse_position_line("", "f.txt", 1));
  EXPECT_FALSE(parse_position_line("  # a comment 44", "f.txt", 1));
  const auto p = parse_position_line("  4455 -3 extra", "f.txt", 2);
  ASSERT_TRUE(p);
  EXPECT_EQ(p->moves, "4455");
  EXPECT_EQ(p->board.moves(), 4);
  EXPECT_EQ(p->score, -3);
  EXPECT_FALSE(parse_position_line("4455", "f.txt", 3)->score);
  EXPECT_FALSE(parse_position_line("4455\tx", "f.txt", 3)->score);
  const auto empty = parse_position_line(" . 1", "f.txt", 4);  // the empty board
  ASSERT_TRUE(empty);
  EXPECT_EQ(empty->moves, ".");
  EXPECT_EQ(empty->board.moves(), 0);
  EXPECT_EQ(empty->board.key(), Board{}.key());
  EXPECT_EQ(empty->score, 1);
  EXPECT_THROW(parse_position_line("4.", "f.txt", 6), Error);  // "." alone, not among moves
  try {
    parse_position_line("\t 4448", "f.txt", 5);
    FAIL();
  } catch (const Error& e) {
    EXPECT_EQ(e.line(), 5);
    EXPECT_EQ(e.column(), 6);  // counted from the start of the line as written
    EXPECT_NE(e.message().find("found '8'"), std::string::npos) << e.what();
  }
}

TEST(Connect4, PonsScoringConventions) {
  Solver solver(4);
  // X has three in column 1 and moves: wins with its 4th stone, 22 - 4 = 18.
  const auto win = solver.solve(Board::from_moves("121212"), false, true);
  EXPECT_EQ(win.score, 18);
  EXPECT_EQ(win.column, 0);
  // The game is over: the side to move lost to a four made with the winner's 4th stone.
  EXPECT_EQ(solver.solve(Board::from_moves("1212121")).score, -18);
  // Weak solving gives the sign only.
  EXPECT_EQ(solver.solve(Board::from_moves("121212"), true).score, 1);
}

class PonsSet : public ::testing::TestWithParam<std::pair<const char*, int>> {};

TEST_P(PonsSet, ExactScoresOnASample) {
  const auto [set, step] = GetParam();
  Solver solver(16);
  int checked = 0;
  for (const Line& line : sample(set, step)) {
    const Board board = Board::from_moves(line.moves);
    solver.clear();
    const auto r = solver.solve(board);
    ASSERT_TRUE(r.complete);
    ASSERT_EQ(r.score, line.score) << set << ": " << line.moves;
    ++checked;
  }
  EXPECT_GE(checked, 100);
}

INSTANTIATE_TEST_SUITE_P(Connect4, PonsSet,
                         ::testing::Values(std::pair{"Test_L3_R1", 4}, std::pair{"Test_L2_R1", 4},
                                           std::pair{"Test_L1_R1", 4}, std::pair{"Test_L2_R2", 10}),
                         [](const auto& info) { return std::string(info.param.first); });

TEST(Connect4, WeakScoresAndBestMovesOnASample) {
  Solver solver(16);
  for (const char* set : {"Test_L2_R1", "Test_L1_R1"}) {
    for (const Line& line : sample(set, 25)) {
      const Board board = Board::from_moves(line.moves);
      const auto weak = solver.solve(board, true);
      ASSERT_EQ(weak.score, (line.score > 0) - (line.score < 0)) << line.moves;
      // The move the solver gives achieves the score: the opponent's exact score after it is
      // its negation (Pons' scores count stones, not plies, so no shift).
      const auto strong = solver.solve(board, false, true);
      ASSERT_EQ(strong.score, line.score);
      ASSERT_GE(strong.column, 0) << line.moves;
      ASSERT_TRUE(board.can_play(strong.column));
      ASSERT_FALSE(board.is_winning_move(strong.column));  // the sets hold no win in one
      Board next = board;
      next.play(static_cast<Board::Move>(strong.column));
      EXPECT_EQ(-solver.solve(next).score, line.score)
          << line.moves << " then " << strong.column + 1;
    }
  }
}

// The early positions (data/connect4/early_100: 4-10 plies, scores from the solver on one thread,
// all checked against Pons' solver) on two and three threads give the same exact and weak
// scores as the file. Under the sanitizers only the dozen that take about a million nodes or
// fewer are run; the benchmark solves all hundred on one and two threads.
TEST(Connect4, ThreadsGiveTheSameScoresOnEarlyPositions) {
  const std::set<std::string> quick = {"2161122252", "5416332465", "4517262",    "7524147355",
                                       "25232231",   "5414732",    "1253564666", "163525223",
                                       "415525133",  "15715725",   "7434614136", "4314756126"};
  Solver two(16, 2), three(16, 3);
  std::size_t checked = 0;
  for (const Line& line : sample("early_100", 1)) {
    if (!quick.count(line.moves)) continue;
    const Board board = Board::from_moves(line.moves);
    for (Solver* solver : {&two, &three}) {
      solver->clear();
      const auto r = solver->solve(board);
      ASSERT_TRUE(r.complete);
      ASSERT_EQ(r.score, line.score) << line.moves;
      const auto weak = solver->solve(board, true);
      ASSERT_EQ(weak.score, (line.score > 0) - (line.score < 0)) << line.moves;
    }
    ++checked;
  }
  EXPECT_EQ(checked, quick.size());
}

TEST(Connect4, AlphaBetaExploresAtMostATenthOfMinimax) {
  const Board board = Board::from_moves("4453");
  search::Minimax<Board> minimax({6});
  const auto reference = minimax.search(board);
  search::AlphaBetaSettings s;
  s.depth = 6;
  s.quiescence = false;
  search::AlphaBeta<Board> ab(s);
  const auto r = ab.search(board);
  EXPECT_LE(r.stats.nodes * 10, reference.stats.nodes)
      << r.stats.nodes << " vs " << reference.stats.nodes;
}

TEST(Connect4, BotsPlayLegalGames) {
  auto factory = bots();
  for (const char* spec :
       {"random", "greedy", "minimax:2", "alphabeta:3", "alphabeta:5ms", "mcts:200"}) {
    auto a = factory.make(spec, Rng(1));
    auto b = factory.make("random", Rng(2));
    const auto record = search::play_game(Board{}, {a.get(), b.get()},
                                          [](const Board&, Board::Move, const auto&) {});
    EXPECT_TRUE(record.finished) << spec;
  }
  EXPECT_THROW(factory.make("perfect:fast", Rng(1)), Error);
  // The perfect bot in a late position plays a move that keeps the exact score.
  const Board late = Board::from_moves("5554224333234511764415115");
  PerfectBot perfect("perfect", 0);  // no time limit: the exact answer on any machine
  const auto r = perfect.choose(late);
  Solver solver(4);
  const int score = solver.solve(late).score;
  EXPECT_EQ(r.value, score);
  EXPECT_EQ(-solver.solve(search::after(late, r.move)).score, score);
}
