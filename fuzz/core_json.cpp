// Fuzzing harness: JSON input files, read by core/json_input.hpp parse_json_with_lines (the
// composites catalogue is read through it; nlohmann::json::parse reads run folders' config.json).
// Every object read must carry a line of the text, and the value must survive a dump and a parse.

#include "evoplay/core/json_input.hpp"
#include "fuzz/harness.hpp"

using evoplay::fuzz::require;

namespace {

void check_lines(const nlohmann::json& j, int lines) {
  if (j.is_object()) {
    const int line = evoplay::json_line(j);
    require(line >= 1 && line <= lines, "an object's line is out of the file", j.dump());
  }
  if (j.is_structured()) {
    for (const auto& child : j) check_lines(child, lines);
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string file = "input.json";
  const std::string_view text = evoplay::fuzz::as_text(data, size);
  const auto read = evoplay::fuzz::read_or_refuse(
      text, file, [&] { return evoplay::parse_json_with_lines(text, file); });
  if (!read) return 0;
  const auto& j = *read;
  check_lines(j, evoplay::fuzz::line_count(text));
  const std::string dumped = j.dump();
  require(nlohmann::json::parse(dumped) == j, "JSON reads back changed", dumped);
  return 0;
}
