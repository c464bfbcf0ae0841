// Fuzzing harness: CSV tables, read by core/history.hpp parse_csv (history.csv of every run, read
// back by `evoplay plot` and the commands that draw their histories). The table read is written
// back with to_csv and read again; the same text is read once more with a text column.

#include <cmath>

#include "evoplay/core/history.hpp"
#include "fuzz/harness.hpp"

using evoplay::fuzz::require;

namespace {

bool same(const evoplay::CsvTable& a, const evoplay::CsvTable& b) {
  if (a.columns != b.columns || a.rows.size() != b.rows.size()) return false;
  for (std::size_t r = 0; r < a.rows.size(); ++r) {
    if (a.rows[r].size() != b.rows[r].size()) return false;
    for (std::size_t c = 0; c < a.rows[r].size(); ++c) {
      const double x = a.rows[r][c], y = b.rows[r][c];
      if (!(x == y || (std::isnan(x) && std::isnan(y)))) return false;
    }
  }
  return true;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string file = "history.csv";
  const std::string_view text = evoplay::fuzz::as_text(data, size);
  const auto read =
      evoplay::fuzz::read_or_refuse(text, file, [&] { return evoplay::parse_csv(text, file); });
  if (!read) return 0;
  const auto& table = *read;
  for (const auto& row : table.rows) {
    require(row.size() == table.columns.size(), "a row of the wrong width");
  }
  // A one-column row whose cell is empty is written as a blank line, which readers skip: the
  // program writes no one-column table.
  const std::string written = evoplay::to_csv(table);
  require(table.columns.size() < 2 || same(evoplay::parse_csv(written, file), table),
          "a written table reads back changed", written);
  if (!table.columns.empty()) {
    const std::string_view text_column = table.columns.front();
    const auto with_text = evoplay::parse_csv(text, file, {&text_column, 1});
    require(with_text.rows.size() == table.rows.size(), "a text column changes the rows");
  }
  return 0;
}
