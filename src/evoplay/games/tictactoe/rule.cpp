#include "evoplay/games/tictactoe/rule.hpp"

#include <fmt/format.h>

#include "evoplay/core/error.hpp"
#include "evoplay/games/tictactoe/board.hpp"

namespace evoplay::games::tictactoe {

char symbol_char(Symbol s) { return "PCV*"[static_cast<int>(s)]; }

Symbol Rule::symbol(int cell) const {
  if (mine >> cell & 1) return Symbol::kMine;
  if (theirs >> cell & 1) return Symbol::kTheirs;
  if (empty >> cell & 1) return Symbol::kEmpty;
  return Symbol::kAny;
}

void Rule::set_symbol(int cell, Symbol s) {
  const auto bit = static_cast<std::uint16_t>(1u << cell);
  mine = static_cast<std::uint16_t>(mine & ~bit);
  theirs = static_cast<std::uint16_t>(theirs & ~bit);
  empty = static_cast<std::uint16_t>(empty & ~bit);
  if (s == Symbol::kMine) mine |= bit;
  if (s == Symbol::kTheirs) theirs |= bit;
  if (s == Symbol::kEmpty) empty |= bit;
}

std::string Rule::pattern() const {
  std::string out(9, '*');
  for (int i = 0; i < 9; ++i) out[static_cast<std::size_t>(i)] = symbol_char(symbol(i));
  return out;
}

Rule Rule::transformed(int s) const {
  Rule out = *this;
  out.mine = out.theirs = out.empty = 0;
  for (int i = 0; i < 9; ++i) out.set_symbol(symmetric_cell(s, i), symbol(i));
  out.action = static_cast<std::uint8_t>(symmetric_cell(s, action));
  return out;
}

void Rule::validate(const std::string& what) const {
  if ((mine & theirs) || (mine & empty) || (theirs & empty) || ((mine | theirs | empty) >> 9))
    throw Error(what + ": the cell masks overlap");
  if (action > 8) throw Error(fmt::format("{}: action {} is not a cell 1-9", what, action + 1));
  if (!(empty >> action & 1))
    throw Error(
        fmt::format("{}: the action cell {} must be V (empty) in the pattern", what, action + 1));
  if (priority > kMaxPriority)
    throw Error(fmt::format("{}: priority {} is not 0-{}", what, priority, kMaxPriority));
}

Rule parse_rule(std::string_view pattern, int action_cell, int priority, int weight) {
  if (pattern.size() != 9)
    throw Error(fmt::format("pattern '{}': expected 9 symbols P, C, V or *", pattern));
  Rule r;
  for (int i = 0; i < 9; ++i) {
    switch (pattern[static_cast<std::size_t>(i)]) {
      case 'P':
      case 'p':
        r.set_symbol(i, Symbol::kMine);
        break;
      case 'C':
      case 'c':
        r.set_symbol(i, Symbol::kTheirs);
        break;
      case 'V':
      case 'v':
        r.set_symbol(i, Symbol::kEmpty);
        break;
      case '*':
        break;
      default:
        throw Error(fmt::format("pattern '{}': symbol {} is '{}', expected P, C, V or *", pattern,
                                i + 1, pattern[static_cast<std::size_t>(i)]));
    }
  }
  if (action_cell < 1 || action_cell > 9)
    throw Error(fmt::format("action {}: expected a cell from 1 to 9", action_cell));
  if (priority < 0 || priority > Rule::kMaxPriority)
    throw Error(fmt::format("priority {}: expected 0 to {}", priority, Rule::kMaxPriority));
  r.action = static_cast<std::uint8_t>(action_cell - 1);
  r.priority = static_cast<std::uint8_t>(priority);
  r.weight = weight;
  r.validate(fmt::format("rule {} {}", pattern, action_cell));
  return r;
}

int random_cell(std::uint16_t mask, Rng& rng) {
  int pick = static_cast<int>(rng.below(static_cast<std::uint64_t>(std::popcount(mask))));
  for (int i = 0; i < 9; ++i) {
    if (mask >> i & 1 && pick-- == 0) return i;
  }
  throw InternalError("random_cell: empty mask");
}

namespace {

Symbol random_symbol(double wildcard, Rng& rng) {
  if (rng.chance(wildcard)) return Symbol::kAny;
  return static_cast<Symbol>(rng.below(3));
}

}  // namespace

Rule random_rule(const RuleMaker& maker, Rng& rng) {
  Rule r;
  std::uint16_t fixed = 0;
  if (maker.line_bias > 0 && rng.chance(maker.line_bias)) {
    const auto line = kLines[rng.index(kLines.size())];
    const Symbol two = rng.below(2) == 0 ? Symbol::kMine : Symbol::kTheirs;
    int cells[3], n = 0;
    for (int i = 0; i < 9; ++i) {
      if (line >> i & 1) cells[n++] = i;
    }
    const int gap = static_cast<int>(rng.below(3));
    for (int k = 0; k < 3; ++k) r.set_symbol(cells[k], k == gap ? Symbol::kEmpty : two);
    r.action = static_cast<std::uint8_t>(cells[gap]);
    fixed = line;
  } else {
    r.action = static_cast<std::uint8_t>(rng.below(9));
    r.set_symbol(r.action, Symbol::kEmpty);
    fixed = static_cast<std::uint16_t>(1u << r.action);
  }
  for (int i = 0; i < 9; ++i) {
    if (!(fixed >> i & 1)) r.set_symbol(i, random_symbol(maker.wildcard, rng));
  }
  r.priority = static_cast<std::uint8_t>(rng.below(Rule::kMaxPriority + 1));
  return r;
}

Rule covering_rule(const Board& b, double wildcard, Rng& rng) {
  Rule r;
  const int me = b.to_move();
  r.action = static_cast<std::uint8_t>(random_cell(b.empty(), rng));
  for (int i = 0; i < 9; ++i) {
    if (i == r.action) {
      r.set_symbol(i, Symbol::kEmpty);
    } else if (!rng.chance(wildcard)) {
      r.set_symbol(i, b.stones(me) >> i & 1       ? Symbol::kMine
                      : b.stones(1 - me) >> i & 1 ? Symbol::kTheirs
                                                  : Symbol::kEmpty);
    }
  }
  r.priority = Rule::kMaxPriority;
  return r;
}

void mutate_symbol(Rule& rule, Rng& rng) {
  rule.weight = 0;
  auto what = rng.below(10);  // 0-7: a cell other than the action; 8: action; 9: priority
  const auto open =
      static_cast<std::uint16_t>(0777 & ~(rule.mine | rule.theirs) & ~(1u << rule.action));
  if (what == 8 && open == 0) what = 9;  // no other cell can be the action: change the priority
  if (what < 8) {
    int cell = static_cast<int>(what);
    if (cell >= rule.action) ++cell;
    const auto old = static_cast<std::uint64_t>(rule.symbol(cell));
    auto next = rng.below(3);  // one of the three other symbols
    if (next >= old) ++next;
    rule.set_symbol(cell, static_cast<Symbol>(next));
  } else if (what == 8) {
    rule.action = static_cast<std::uint8_t>(random_cell(open, rng));
    rule.set_symbol(rule.action, Symbol::kEmpty);
  } else {
    auto next = rng.below(Rule::kMaxPriority);
    if (next >= rule.priority) ++next;
    rule.priority = static_cast<std::uint8_t>(next);
  }
}

}  // namespace evoplay::games::tictactoe
