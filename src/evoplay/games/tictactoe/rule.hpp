#pragma once
// A rule of the tic-tac-toe learning program: "if I see this board, I play there".
//
// Why it exists: the learning agents (docs/tictactoe-learning.md) are lists of rules. The left
// side has one symbol per cell, seen from the agent's side: P (my piece), C (the opponent's), V
// (empty) or * (anything); the right side is the cell to play; a priority 0-3 and a weight decide
// between rules that fire together. A rule is stored as three 9-bit masks so that matching a
// board is three ANDs. Generated and mutated rules are always valid: the action cell is V.

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

#include "evoplay/core/rng.hpp"

namespace evoplay::games::tictactoe {

class Board;

enum class Symbol : std::uint8_t { kMine, kTheirs, kEmpty, kAny };  // P, C, V, *

/// The letter of a symbol: P, C, V or *.
char symbol_char(Symbol s);

struct Rule {
  std::uint16_t mine = 0;    // cells that must hold my piece (P)
  std::uint16_t theirs = 0;  // cells that must hold the opponent's piece (C)
  std::uint16_t empty = 0;   // cells that must be empty (V); '*' everywhere else
  std::uint8_t action = 0;   // the cell to play, 0-8 (always one of `empty`)
  std::uint8_t priority = 0;
  int weight = 0;

  static constexpr int kMaxPriority = 3;

  Symbol symbol(int cell) const;
  void set_symbol(int cell, Symbol s);
  /// True when the left side matches a board where the agent has `me` and the opponent `opp`.
  bool matches(std::uint16_t me, std::uint16_t opp) const {
    const auto free = static_cast<std::uint16_t>(0777 & ~(me | opp));
    return (me & mine) == mine && (opp & theirs) == theirs && (free & empty) == empty;
  }
  /// The left side as 9 letters, row by row, e.g. "PCV*V****".
  std::string pattern() const;
  /// Same left side and action (what "repeated rule" and shared knowledge compare).
  bool same_move(const Rule& o) const {
    return mine == o.mine && theirs == o.theirs && empty == o.empty && action == o.action;
  }
  /// Left side and action packed into one number (sorting, comparing agents).
  std::uint64_t key() const {
    return static_cast<std::uint64_t>(mine) | static_cast<std::uint64_t>(theirs) << 9 |
           static_cast<std::uint64_t>(empty) << 18 | static_cast<std::uint64_t>(action) << 27;
  }
  /// The rule under symmetry `s` (0-7, as Board::transformed).
  Rule transformed(int s) const;
  /// Checks the invariants (action cell is V, symbols exclusive, priority range); throws
  /// Error with `what` otherwise.
  void validate(const std::string& what) const;

  bool operator==(const Rule&) const = default;
};

/// Parses a left side of 9 letters (P, C, V, * in either case); throws Error saying what was
/// expected. The action and priority are checked by Rule::validate.
Rule parse_rule(std::string_view pattern, int action_cell, int priority, int weight);

/// A uniformly chosen cell of a non-empty 9-bit mask (one draw from `rng`).
int random_cell(std::uint16_t mask, Rng& rng);

/// How new rules are made.
struct RuleMaker {
  double wildcard = 0.25;  // probability of '*' in a cell (the rest: P, C, V equally likely)
  double line_bias = 0;    // probability of a "two in a line" rule (two P or two C and the V)
};

/// A new random rule: a uniform action cell (marked V), each other cell '*' with probability
/// `wildcard` or else P, C or V; a uniform priority; weight 0. With probability `line_bias` the
/// cells of a random line are first set to two P (or two C, equally likely) and the action.
Rule random_rule(const RuleMaker& maker, Rng& rng);

/// A rule made to fire in position `b` (the side to move's view): each cell's symbol as it is
/// there, or '*' with probability `wildcard`; a random empty cell as the action; the highest
/// priority. ("Covering", as learning classifier systems make rules for what they meet.)
Rule covering_rule(const Board& b, double wildcard, Rng& rng);

/// Changes one thing of a rule: one cell's symbol (not the action's), the action (to a cell that
/// is V or '*', then marked V), or the priority; the weight goes back to 0.
void mutate_symbol(Rule& rule, Rng& rng);

}  // namespace evoplay::games::tictactoe
