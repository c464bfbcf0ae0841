#include "evoplay/core/json_input.hpp"

#include <algorithm>
#include <cstddef>
#include <iterator>
#include <string_view>
#include <utility>
#include <vector>

#include "evoplay/core/error.hpp"

namespace evoplay {

namespace {

/// How far the reader has gone: the line it has reached and the next character it will read.
struct ReadPosition {
  int line = 1;
  const char* next = nullptr;
};

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
  LineCountingIterator(const char* at, ReadPosition* read) : at_(at), read_(read) {}
  reference operator*() const { return *at_; }
  LineCountingIterator& operator++() {
    if (*at_ == '\n') ++read_->line;
    ++at_;
    read_->next = at_;
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
  ReadPosition* read_ = nullptr;
};

/// "[json.exception.parse_error.101] parse error at line 3, column 5: syntax error ..." ->
/// "syntax error ..."; "[json.exception.out_of_range.406] number overflow ..." -> "number
/// overflow ...".
std::string plain_message(const std::string& what) {
  const auto column = what.find("column ");
  if (column == std::string::npos) {
    const auto bracket = what.find("] ");
    return bracket == std::string::npos ? what : what.substr(bracket + 2);
  }
  const auto colon = what.find(": ", column);
  return colon == std::string::npos ? what : what.substr(colon + 2);
}

/// The 1-based line and column of the character at `index` of `text`. At the end of a text that
/// ends with a line break: the end of the last line (there is no line after it).
std::pair<int, int> line_and_column(std::string_view text, std::size_t index) {
  index = std::min(index, text.size());
  if (index == text.size() && index > 0 && text[index - 1] == '\n') --index;
  int line = 1, column = 1;
  for (std::size_t i = 0; i < index; ++i) {
    if (text[i] == '\n') {
      ++line;
      column = 1;
    } else {
      ++column;
    }
  }
  return {line, column};
}

/// Parses `text` with `parse`, which reads it through LineCountingIterators updating `read`,
/// and turns nlohmann-json's exceptions into Errors located in `file`.
template <class Parse>
nlohmann::json located(std::string_view text, const std::string& file, const ReadPosition& read,
                       Parse parse) {
  try {
    return parse();
  } catch (const nlohmann::json::parse_error& e) {
    // e.byte is the 1-based index of the character where parsing stopped.
    const auto [line, column] = line_and_column(text, e.byte > 0 ? e.byte - 1 : 0);
    throw Error(file, line, column, "malformed JSON: " + plain_message(e.what()));
  } catch (const nlohmann::json::out_of_range& e) {
    // A number beyond double ("number overflow parsing '1e400'"): the reader has read the whole
    // number and perhaps a character or two after it; point at the number's first character,
    // found by its text (the message quotes it) searching back from where the reader stopped.
    const std::string what = e.what();
    const auto open = what.find('\'');
    const auto close = open == std::string::npos ? open : what.find('\'', open + 1);
    const std::size_t end =
        read.next == nullptr ? text.size() : static_cast<std::size_t>(read.next - text.data());
    std::size_t start = std::min(end, text.size());
    if (close != std::string::npos) {
      const auto number = std::string_view(what).substr(open + 1, close - open - 1);
      const auto found = text.substr(0, std::min(text.size(), end + 1)).rfind(number);
      if (!number.empty() && found != std::string_view::npos) start = found;
    }
    const auto [line, column] = line_and_column(text, start);
    throw Error(
        file, line, column,
        "malformed JSON: " + plain_message(e.what()) + " (numbers must be within +-1.8e308)");
  }
}

}  // namespace

nlohmann::json parse_json_with_lines(std::string_view text, const std::string& file) {
  ReadPosition read;
  std::vector<int> starts;
  const auto callback = [&](int /*depth*/, nlohmann::json::parse_event_t event,
                            nlohmann::json& parsed) {
    if (event == nlohmann::json::parse_event_t::object_start) {
      starts.push_back(read.line);
    } else if (event == nlohmann::json::parse_event_t::object_end) {
      parsed[kJsonLineKey] = starts.back();
      starts.pop_back();
    }
    return true;
  };
  return located(text, file, read, [&] {
    return nlohmann::json::parse(LineCountingIterator(text.data(), &read),
                                 LineCountingIterator(text.data() + text.size(), &read), callback);
  });
}

nlohmann::json parse_json(std::string_view text, const std::string& file) {
  ReadPosition read;
  return located(text, file, read, [&] {
    return nlohmann::json::parse(LineCountingIterator(text.data(), &read),
                                 LineCountingIterator(text.data() + text.size(), &read));
  });
}

int json_line(const nlohmann::json& value) {
  if (!value.is_object()) return 0;
  const auto it = value.find(kJsonLineKey);
  return it != value.end() && it->is_number_integer() ? it->get<int>() : 0;
}

}  // namespace evoplay
