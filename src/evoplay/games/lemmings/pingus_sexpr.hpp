#pragma once
// S-expressions as Pingus writes its files (.pingus levels, .prefab, .sprite, .levelset):
// lists, symbols, "strings" with \n \t \" \\ escapes, integers, reals, #t and #f, ';' comments.
//
// Why it exists: the Pingus level reader reads these files and must say where a file is broken
// (file, line and column) and where an unsupported object sits; the tokens follow the game's own
// lexer (src/lisp/lexer.cpp of Pingus 0.7.6), so that a number or a symbol means what the game
// reads.

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace evoplay::games::lemmings {

struct SExpr {
  enum class Kind : std::uint8_t { kList, kSymbol, kString, kInt, kReal, kBool };
  Kind kind = Kind::kList;
  std::string text;  // symbol or string
  long long integer = 0;
  float real = 0;
  bool boolean = false;
  int line = 0, column = 0;
  std::vector<SExpr> items;  // kList

  bool is_list() const { return kind == Kind::kList; }
  bool is_number() const { return kind == Kind::kInt || kind == Kind::kReal; }
  /// The head symbol of a list ("" if it has none).
  std::string_view head() const;
  /// The first sub-list whose head is `name`, or null.
  const SExpr* find(std::string_view name) const;
  /// As the game's get_float: an integer or a real.
  float number() const { return kind == Kind::kInt ? static_cast<float>(integer) : real; }
};

/// Parses every top-level expression of `text`; Error(file, line, column, ...) on a broken one.
std::vector<SExpr> parse_sexprs(std::string_view text, const std::string& file);

}  // namespace evoplay::games::lemmings
