#include "evoplay/core/json_input.hpp"

#include <algorithm>
#include <cstddef>
#include <iterator>
#include <vector>

#include "evoplay/core/error.hpp"

namespace evoplay {

namespace {

/// Walks the text a character at a time, counting the newlines it steps over, so that the
/// parser's callbacks can tell which line the reader has reached.
class LineCountingIterator {
 public:
  using iterator_category = std::forward_iterator_tag;
  using value_type = char;
  using difference_type = std::ptrdiff_t;
  using pointer = const char*;
  using reference = const char&;

  LineCountingIterator() = default;
  LineCountingIterator(const char* at, int* line) : at_(at), line_(line) {}
  reference operator*() const { return *at_; }
  LineCountingIterator& operator++() {
    if (*at_ == '\n') ++*line_;
    ++at_;
    return *this;
  }
  LineCountingIterator operator++(int) {
    LineCountingIterator before = *this;
    ++*this;
    return before;
  }
  bool operator==(const LineCountingIterator& o) const { return at_ == o.at_; }

 private:
  const char* at_ = nullptr;
  int* line_ = nullptr;
};

/// "[json.exception.parse_error.101] parse error at line 3, column 5: syntax error ..." ->
/// "syntax error ...".
std::string plain_message(const std::string& what) {
  const auto column = what.find("column ");
  const auto colon = what.find(": ", column == std::string::npos ? 0 : column);
  return colon == std::string::npos ? what : what.substr(colon + 2);
}

}  // namespace

namespace {

// Parses with the line counted as the reader advances, and turns nlohmann's exceptions into
// Errors that say where: a syntax error at its line and column, a number beyond a double at
// the line the reader had reached.
nlohmann::json parse_counting(std::string_view text, const std::string& file, bool keep_lines) {
  int line = 1;
  std::vector<int> starts;
  const auto callback = [&](int /*depth*/, nlohmann::json::parse_event_t event,
                            nlohmann::json& parsed) {
    if (!keep_lines) return true;
    if (event == nlohmann::json::parse_event_t::object_start) {
      starts.push_back(line);
    } else if (event == nlohmann::json::parse_event_t::object_end) {
      parsed[kJsonLineKey] = starts.back();
      starts.pop_back();
    }
    return true;
  };
  try {
    return nlohmann::json::parse(LineCountingIterator(text.data(), &line),
                                 LineCountingIterator(text.data() + text.size(), &line), callback);
  } catch (const nlohmann::json::parse_error& e) {
    // e.byte is the 1-based index of the character where parsing stopped.
    const std::size_t end = std::min(text.size(), e.byte > 0 ? e.byte - 1 : 0);
    int at_line = 1, column = 1;
    for (std::size_t i = 0; i < end; ++i) {
      if (text[i] == '\n') {
        ++at_line;
        column = 1;
      } else {
        ++column;
      }
    }
    throw Error(file, at_line, column, "malformed JSON: " + plain_message(e.what()));
  } catch (const nlohmann::json::out_of_range& e) {
    const std::string what = e.what();  // "[json.exception.out_of_range.406] number overflow ..."
    const auto bracket = what.find("] ");
    throw Error(file, line,
                (bracket == std::string::npos ? what : what.substr(bracket + 2)) +
                    ": expected a number within the range of a double (about 1.8e308)");
  }
}

}  // namespace

nlohmann::json parse_json(std::string_view text, const std::string& file) {
  return parse_counting(text, file, false);
}

nlohmann::json parse_json_with_lines(std::string_view text, const std::string& file) {
  return parse_counting(text, file, true);
}

int json_line(const nlohmann::json& value) {
  if (!value.is_object()) return 0;
  const auto it = value.find(kJsonLineKey);
  return it != value.end() && it->is_number_integer() ? it->get<int>() : 0;
}

}  // namespace evoplay
