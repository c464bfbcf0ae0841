#include "evoplay/core/history.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "evoplay/core/error.hpp"
#include "evoplay/core/text.hpp"

namespace evoplay {

nlohmann::json GenerationRecord::to_json() const {
  nlohmann::json j = {
      {"generation", generation}, {"evaluations", evaluations}, {"best", best},      {"mean", mean},
      {"worst", worst},           {"diversity", nullptr},       {"elapsed", elapsed}};
  if (std::isfinite(diversity)) j["diversity"] = diversity;
  for (const auto& [name, value] : extra)
    j[name] = std::isfinite(value) ? nlohmann::json(value) : nlohmann::json(nullptr);
  return j;
}

double GenerationRecord::extra_value(std::string_view name) const {
  for (const auto& [key, value] : extra) {
    if (key == name) return value;
  }
  return std::numeric_limits<double>::quiet_NaN();
}

std::string format_number(double value) {
  if (std::isnan(value)) return "";
  if (value == std::floor(value) && std::fabs(value) < 1e15) {
    return fmt::format("{}", static_cast<long long>(value));
  }
  return fmt::format("{}", value);
}

std::string History::csv_header(const GenerationRecord* first) {
  std::string out = "generation,evaluations,best,mean,worst,diversity,elapsed";
  if (first) {
    for (const auto& [name, value] : first->extra) {
      out += ',';
      out += name;
    }
  }
  out += '\n';
  return out;
}

std::string History::csv_line(const GenerationRecord& r) {
  std::string out =
      fmt::format("{},{},{},{},{},{},{}", r.generation, r.evaluations, format_number(r.best),
                  format_number(r.mean), format_number(r.worst), format_number(r.diversity),
                  fmt::format("{:.6f}", r.elapsed));
  for (const auto& [name, value] : r.extra) {
    out += ',';
    out += format_number(value);
  }
  out += '\n';
  return out;
}

std::string History::to_csv() const {
  std::string out = csv_header(rows.empty() ? nullptr : &rows.front());
  for (const auto& r : rows) out += csv_line(r);
  return out;
}

CsvTable History::table() const {
  CsvTable t;
  t.columns.assign(std::begin(kHistoryColumns), std::end(kHistoryColumns));
  if (!rows.empty()) {
    for (const auto& [name, value] : rows.front().extra) t.columns.push_back(name);
  }
  for (const auto& r : rows) {
    std::vector<double> row = {static_cast<double>(r.generation),
                               static_cast<double>(r.evaluations),
                               r.best,
                               r.mean,
                               r.worst,
                               r.diversity,
                               r.elapsed};
    for (const auto& [name, value] : r.extra) row.push_back(value);
    t.rows.push_back(std::move(row));
  }
  return t;
}

GenerationRecord GenerationRecord::from_row(std::span<const std::string> columns,
                                            std::span<const double> row) {
  GenerationRecord r;
  r.generation = static_cast<std::size_t>(row[0]);
  r.evaluations = static_cast<std::uint64_t>(row[1]);
  r.best = row[2];
  r.mean = row[3];
  r.worst = row[4];
  r.diversity = row[5];
  r.elapsed = row[6];
  for (std::size_t c = std::size(kHistoryColumns); c < row.size(); ++c)
    r.extra.emplace_back(columns[c], row[c]);
  return r;
}

History History::from_table(const CsvTable& table) {
  const std::size_t fixed = std::size(kHistoryColumns);
  if (table.columns.size() < fixed ||
      !std::equal(std::begin(kHistoryColumns), std::end(kHistoryColumns), table.columns.begin())) {
    throw Error(
        "a history table must start with the columns generation, evaluations, best, mean, "
        "worst, diversity, elapsed");
  }
  History h;
  for (const auto& row : table.rows) {
    if (row.size() != table.columns.size()) {
      throw Error(fmt::format("a history row has {} values for {} columns", row.size(),
                              table.columns.size()));
    }
    h.add(GenerationRecord::from_row(table.columns, row));
  }
  return h;
}

std::string to_csv(const CsvTable& table) {
  std::string out;
  for (std::size_t i = 0; i < table.columns.size(); ++i) {
    if (i > 0) out += ',';
    out += table.columns[i];
  }
  out += '\n';
  for (const auto& row : table.rows) {
    for (std::size_t i = 0; i < row.size(); ++i) {
      if (i > 0) out += ',';
      out += format_number(row[i]);
    }
    out += '\n';
  }
  return out;
}

std::string csv_row(const std::vector<std::string>& fields) {
  std::string out;
  for (std::size_t i = 0; i < fields.size(); ++i) {
    if (i > 0) out += ',';
    const std::string& f = fields[i];
    if (f.find_first_of(",\"\r\n") == std::string::npos) {
      out += f;
      continue;
    }
    out += '"';
    for (char c : f) {
      if (c == '"') out += '"';
      out += c;
    }
    out += '"';
  }
  out += '\n';
  return out;
}

int CsvTable::column(std::string_view name) const {
  for (std::size_t i = 0; i < columns.size(); ++i) {
    if (columns[i] == name) return static_cast<int>(i);
  }
  return -1;
}

std::vector<double> CsvTable::values(std::string_view name) const {
  std::vector<double> out;
  const int c = column(name);
  if (c < 0) return out;
  out.reserve(rows.size());
  for (const auto& row : rows) out.push_back(row[static_cast<std::size_t>(c)]);
  return out;
}

CsvTable parse_csv(std::string_view text, const std::string& file,
                   std::span<const std::string_view> text_columns) {
  CsvTable table;
  const auto lines = split_lines(text);
  std::size_t i = 0;
  while (i < lines.size() && trim(lines[i]).empty()) ++i;
  if (i == lines.size()) throw Error(file, 0, "empty file: expected a CSV header line");
  for (auto name : split(lines[i], ',')) table.columns.emplace_back(trim(name));
  std::vector<bool> is_text;
  for (const auto& name : table.columns) {
    is_text.push_back(std::ranges::find(text_columns, name) != text_columns.end());
  }
  for (++i; i < lines.size(); ++i) {
    if (trim(lines[i]).empty()) continue;
    const auto cells = split(lines[i], ',');
    const int line = static_cast<int>(i + 1);
    if (cells.size() != table.columns.size()) {
      throw Error(file, line,
                  fmt::format("expected {} comma-separated fields, found {}", table.columns.size(),
                              cells.size()));
    }
    std::vector<double> row;
    row.reserve(cells.size());
    int column = 1;  // 1-based character position of the cell in the line
    for (std::size_t c = 0; c < cells.size(); ++c) {
      const std::string_view cell = cells[c];
      double v = std::numeric_limits<double>::quiet_NaN();  // text and empty cells stay NaN
      if (!is_text[c] && !trim(cell).empty() && !try_parse_double(cell, v)) {
        throw Error(file, line, column,
                    fmt::format("'{}' in column {}: expected a number (or an empty cell)",
                                trim(cell), table.columns[c]));
      }
      row.push_back(v);
      column += static_cast<int>(cell.size()) + 1;
    }
    table.rows.push_back(std::move(row));
  }
  return table;
}

}  // namespace evoplay
