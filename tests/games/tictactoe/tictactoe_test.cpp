// Tic-tac-toe: the game passes the engine's conformance battery, and every known fact of the
// game (docs of the shared data: ../shared/docs/data-and-peers.md) comes out of the search.
#include <gtest/gtest.h>

#include <vector>

#include "evoplay/core/error.hpp"
#include "evoplay/games/tictactoe/board.hpp"
#include "evoplay/games/tictactoe/perfect.hpp"
#include "evoplay/search/alphabeta.hpp"
#include "evoplay/search/minimax.hpp"
#include "search/conformance.hpp"

using namespace evoplay;
using namespace evoplay::games::tictactoe;
using evoplay::search::AlphaBeta;
using evoplay::search::AlphaBetaSettings;
using evoplay::search::Minimax;

namespace {

const PerfectTable& table() {
  static const PerfectTable t;
  return t;
}

/// Every board of 3^9 fillings that the parser accepts as a legal position.
std::vector<Board> legal_boards() {
  std::vector<Board> boards;
  for (int i = 0; i < 19683; ++i) {
    std::uint16_t x = 0, o = 0;
    for (int cell = 0, n = i; cell < 9; ++cell, n /= 3) {
      if (n % 3 == 1) x |= static_cast<std::uint16_t>(1u << cell);
      if (n % 3 == 2) o |= static_cast<std::uint16_t>(1u << cell);
    }
    try {
      boards.push_back(Board::parse(Board(x, o).to_cells()));
    } catch (const Error&) {
    }
  }
  return boards;
}

}  // namespace

TEST(TicTacToe, PassesTheConformanceBattery) {
  namespace c = evoplay::search::conformance;
  c::check_random_playouts(Board{}, 300, Rng(1));
  c::check_undo(Board{}, 50, Rng(2));
  c::check_hashes(c::random_states(Board{}, 200, Rng(3)));
  const auto positions = c::random_states(Board{}, 12, Rng(4));
  for (int depth : {1, 2, 3, 4}) c::check_alphabeta_matches_minimax(positions, depth);
}

TEST(TicTacToe, CountsOfPositionsAndGames) {
  const Census c = census(table());
  EXPECT_EQ(c.positions, 5478u);
  EXPECT_EQ(c.terminal, 958u);
  EXPECT_EQ(c.terminal_x_wins, 626u);
  EXPECT_EQ(c.terminal_o_wins, 316u);
  EXPECT_EQ(c.terminal_draws, 16u);
  EXPECT_EQ(c.symmetry_classes, 765u);
  const std::array<std::uint64_t, 10> per_ply = {1, 9, 72, 252, 756, 1260, 1520, 1140, 390, 78};
  EXPECT_EQ(c.positions_per_ply, per_ply);
  EXPECT_EQ(c.games, 255168u);
  EXPECT_EQ(c.games_x_wins, 131184u);
  EXPECT_EQ(c.games_o_wins, 77904u);
  EXPECT_EQ(c.games_draws, 46080u);
  const std::array<std::uint64_t, 10> nodes = {1,     9,     72,     504,    3024,
                                               15120, 54720, 148176, 200448, 127872};
  EXPECT_EQ(c.nodes_per_ply, nodes);
  EXPECT_EQ(c.tree_nodes, 549946u);
  EXPECT_EQ(c.value_x_wins, 2936u);
  EXPECT_EQ(c.value_draws, 1068u);
  EXPECT_EQ(c.value_o_wins, 1474u);
  EXPECT_EQ(table().positions(), 5478);
}

TEST(TicTacToe, PerfectPlayFacts) {
  EXPECT_EQ(table().value(Board{}), 0);
  EXPECT_EQ(table().optimal_moves(Board{}).size(), 9) << "every first move draws";
  for (int corner : {0, 2, 6, 8}) {
    Board b;
    b.play(static_cast<Board::Move>(corner));
    const auto replies = table().optimal_moves(b);
    ASSERT_EQ(replies.size(), 1) << "after X takes a corner only the centre draws";
    EXPECT_EQ(replies[0], 4);
  }
}

TEST(TicTacToe, SearchSolvesTheGame) {
  Minimax<Board> minimax({9});
  const auto reference = minimax.search(Board{});
  EXPECT_EQ(reference.value, 0);
  EXPECT_EQ(reference.stats.nodes, 549946u) << "minimax visits the whole game tree";
  AlphaBetaSettings s;
  s.depth = 9;
  AlphaBeta<Board> ab(s);
  const auto r = ab.search(Board{});
  EXPECT_EQ(r.value, 0);
  EXPECT_LE(r.stats.nodes * 10, reference.stats.nodes)
      << "alpha-beta with ordering: at most 10% of minimax's nodes";
  // Every non-terminal position: alpha-beta's value agrees with the perfect table.
  AlphaBeta<Board> solver(s);
  int checked = 0;
  for (const Board& b : legal_boards()) {
    ++checked;
    if (b.is_terminal()) continue;
    const auto v = solver.search(b).value;
    const int sign = (v > 0) - (v < 0);
    ASSERT_EQ(sign, table().value(b)) << b.to_cells();
  }
  EXPECT_EQ(checked, 5478) << "the legal boards are exactly the reachable positions";
}

TEST(TicTacToe, ParsingRejectsImpossibleBoards) {
  EXPECT_EQ(Board::parse("X.O......").x(), 1);
  EXPECT_EQ(Board::parse("x.o/.../...").o(), 4);
  EXPECT_THROW(Board::parse("XX......."), Error);  // X two ahead
  EXPECT_THROW(Board::parse("XXXOOO..."), Error);  // two winners
  EXPECT_THROW(Board::parse("XXXOO.O.."), Error);  // O moved after X won
  EXPECT_THROW(Board::parse("X?......."), Error);
  EXPECT_THROW(Board::parse("X........."), Error);
  EXPECT_EQ(Board::from_moves("519").to_cells(), "O...X...X");
  EXPECT_THROW(Board::from_moves("55"), Error);
  EXPECT_THROW(Board::from_moves("0"), Error);
  EXPECT_THROW(Board::from_moves("1425367"), Error);  // X won at move 5... then more moves
}

TEST(TicTacToe, PerfectAndSearchBotsNeverLoseToRandom) {
  auto factory = bots();
  Rng master(7);
  for (const char* spec : {"perfect", "alphabeta", "minimax:9"}) {
    for (int seat = 0; seat < 2; ++seat) {
      const int games = std::string(spec) == "minimax:9" ? 4 : 40;
      for (int g = 0; g < games; ++g) {
        auto strong = factory.make(spec, master.split({static_cast<std::uint64_t>(g), 1}));
        auto random = factory.make("random", master.split({static_cast<std::uint64_t>(g), 2}));
        std::array<search::Bot<Board>*, 2> players{strong.get(), random.get()};
        if (seat == 1) std::swap(players[0], players[1]);
        const auto record =
            search::play_game(Board{}, players, [](const Board&, Board::Move, const auto&) {});
        ASSERT_TRUE(record.finished);
        ASSERT_NE(record.winner, 1 - seat) << spec << " lost as " << (seat == 0 ? "X" : "O");
      }
    }
  }
}

TEST(TicTacToe, MistakePositions) {
  // Non-terminal positions where at least one move changes the perfect-play result.
  EXPECT_EQ(census(table()).mistake_positions, 3191u);
}

namespace {

// Whether the side to move, after `m`, lets the opponent complete three at once.
bool allows_immediate_loss(const Board& b, Board::Move m) {
  const Board next = search::after(b, m);
  if (next.is_terminal()) return false;
  search::MoveList<Board::Move, 9> replies;
  next.legal_moves(replies);
  for (auto r : replies) {
    if (search::after(next, r).winner() == next.to_move()) return true;
  }
  return false;
}

}  // namespace

TEST(TicTacToe, QuiescenceSeesImmediateThreatsBeyondTheHorizon) {
  // Depth 1: the static evaluation alone sometimes walks into a win in one for the opponent;
  // quiescence (stability search over winning and blocking moves) never does when it can help.
  int blunders_without = 0, positions = 0;
  for (const Board& b : legal_boards()) {
    if (b.is_terminal()) continue;
    search::MoveList<Board::Move, 9> moves;
    b.legal_moves(moves);
    bool avoidable = false;
    for (auto m : moves) avoidable = avoidable || !allows_immediate_loss(b, m);
    if (!avoidable) continue;
    ++positions;
    AlphaBetaSettings s;
    s.depth = 1;
    s.table = false;
    s.quiescence = true;
    const auto with = AlphaBeta<Board>(s).search(b);
    ASSERT_FALSE(allows_immediate_loss(b, with.move))
        << b.to_cells() << " plays " << int(with.move) + 1;
    s.quiescence = false;
    blunders_without += allows_immediate_loss(b, AlphaBeta<Board>(s).search(b).move);
  }
  EXPECT_GT(positions, 1000);
  EXPECT_GT(blunders_without, 0)
      << "the static evaluation alone never blunders: this test shows nothing";
}
