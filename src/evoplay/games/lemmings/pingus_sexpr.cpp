#include "evoplay/games/lemmings/pingus_sexpr.hpp"

#include <fmt/format.h>

#include <cctype>
#include <cstdlib>
#include <cstring>

#include "evoplay/core/error.hpp"

namespace evoplay::games::lemmings {

std::string_view SExpr::head() const {
  if (kind != Kind::kList || items.empty() || items[0].kind != Kind::kSymbol) return {};
  return items[0].text;
}

const SExpr* SExpr::find(std::string_view name) const {
  if (kind != Kind::kList) return nullptr;
  for (std::size_t i = 1; i < items.size(); ++i) {
    if (items[i].head() == name) return &items[i];
  }
  return nullptr;
}

namespace {

constexpr std::size_t kMaxDepth = 200;

class Parser {
 public:
  Parser(std::string_view text, const std::string& file) : s_(text), file_(file) {}

  std::vector<SExpr> all() {
    std::vector<SExpr> out;
    while (true) {
      skip();
      if (pos_ >= s_.size()) return out;
      out.push_back(expr(0));
    }
  }

 private:
  [[noreturn]] void fail(int line, int column, const std::string& what) const {
    throw Error(file_, line, column, what);
  }

  void advance() {
    if (s_[pos_] == '\n') {
      ++line_;
      col_ = 1;
    } else {
      ++col_;
    }
    ++pos_;
  }

  void skip() {
    while (pos_ < s_.size()) {
      const char c = s_[pos_];
      if (std::isspace(static_cast<unsigned char>(c))) {
        advance();
      } else if (c == ';') {
        while (pos_ < s_.size() && s_[pos_] != '\n') advance();
      } else {
        return;
      }
    }
  }

  static bool delimiter(char c) {
    return std::isspace(static_cast<unsigned char>(c)) || std::strchr("\"();", c) != nullptr;
  }

  SExpr expr(std::size_t depth) {
    SExpr e;
    e.line = line_;
    e.column = col_;
    const char c = s_[pos_];
    if (c == '(') {
      if (depth >= kMaxDepth) fail(line_, col_, "lists nested too deeply");
      advance();
      e.kind = SExpr::Kind::kList;
      while (true) {
        skip();
        if (pos_ >= s_.size()) {
          fail(e.line, e.column,
               "this '(' is never closed: expected ')' before the end of the file");
        }
        if (s_[pos_] == ')') {
          advance();
          return e;
        }
        e.items.push_back(expr(depth + 1));
      }
    }
    if (c == ')') fail(line_, col_, "unexpected ')': no list is open here");
    if (c == '"') {
      e.kind = SExpr::Kind::kString;
      advance();
      while (true) {
        if (pos_ >= s_.size()) fail(e.line, e.column, "this string is never closed: expected '\"'");
        char ch = s_[pos_];
        if (ch == '"') {
          advance();
          return e;
        }
        if (ch == '\\' && pos_ + 1 < s_.size()) {
          advance();
          ch = s_[pos_];
          ch = ch == 'n' ? '\n' : ch == 't' ? '\t' : ch;
        }
        e.text += ch;
        advance();
      }
    }
    std::string token;
    while (pos_ < s_.size() && !delimiter(s_[pos_])) {
      token += s_[pos_];
      advance();
    }
    if (c == '#') {
      e.kind = SExpr::Kind::kBool;
      if (token == "#t") {
        e.boolean = true;
      } else if (token != "#f") {
        fail(e.line, e.column, fmt::format("unknown constant '{}': expected #t or #f", token));
      }
      return e;
    }
    if (std::isdigit(static_cast<unsigned char>(c)) || c == '-' || c == '.') {
      bool digits = false, other = false;
      int points = 0;
      for (char ch : token) {
        if (std::isdigit(static_cast<unsigned char>(ch))) {
          digits = true;
        } else if (ch == '.') {
          ++points;
        } else if (std::isalnum(static_cast<unsigned char>(ch)) || ch == '_') {
          other = true;
        }
      }
      if (digits && !other && points <= 1) {
        if (points == 1) {
          e.kind = SExpr::Kind::kReal;
          e.real = std::strtof(token.c_str(), nullptr);  // as the game's sscanf("%f")
        } else {
          e.kind = SExpr::Kind::kInt;
          e.integer = std::strtoll(token.c_str(), nullptr, 10);
        }
        return e;
      }
    }
    e.kind = SExpr::Kind::kSymbol;
    e.text = token;
    return e;
  }

  std::string_view s_;
  const std::string& file_;
  std::size_t pos_ = 0;
  int line_ = 1, col_ = 1;
};

}  // namespace

std::vector<SExpr> parse_sexprs(std::string_view text, const std::string& file) {
  return Parser(text, file).all();
}

}  // namespace evoplay::games::lemmings
