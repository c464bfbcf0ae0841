#pragma once
// Per-generation records of an optimiser, and the observer that receives them.
//
// Every algorithm of the evo engine reports one GenerationRecord per generation (epoch,
// cycle). The History is what goes to history.csv and what `evoplay plot` draws.

#include <cmath>
#include <cstdint>
#include <limits>
#include <nlohmann/json.hpp>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace evoplay {

/// The columns every history starts with, in history.csv's order.
inline constexpr std::string_view kHistoryColumns[] = {
    "generation", "evaluations", "best", "mean", "worst", "diversity", "elapsed"};

struct GenerationRecord {
  std::size_t generation = 0;
  std::uint64_t evaluations = 0;  // cumulative
  double best = 0;
  double mean = 0;
  double worst = 0;
  double diversity = std::numeric_limits<double>::quiet_NaN();  // NaN: no distance defined
  double elapsed = 0;                                           // seconds since the start
  /// Algorithm-specific columns (e.g. occupancy for CRO); the same names in every record.
  std::vector<std::pair<std::string, double>> extra;

  double extra_value(std::string_view name) const;
  /// The record as every front end shows it: generation, evaluations, best, mean, worst,
  /// diversity (null when undefined), elapsed, then the extra columns by name.
  nlohmann::json to_json() const;
  /// The record of a row of numbers under `columns`: kHistoryColumns first, then the extra
  /// columns (named by the rest of `columns`). The sizes must match.
  static GenerationRecord from_row(std::span<const std::string> columns,
                                   std::span<const double> row);
};

/// Receives each record as it is made (progress display, live logging, Ctrl-C checks).
class Observer {
 public:
  virtual ~Observer() = default;
  virtual void on_generation(const GenerationRecord& record) = 0;
};

struct CsvTable;

/// A table of records, with CSV output and input.
class History {
 public:
  std::vector<GenerationRecord> rows;

  void add(GenerationRecord record) { rows.push_back(std::move(record)); }
  bool empty() const { return rows.empty(); }
  const GenerationRecord& back() const { return rows.back(); }

  /// CSV with header: generation,evaluations,best,mean,worst,diversity,elapsed[,extra...].
  std::string to_csv() const;
  /// to_csv()'s header line (with its newline), the extra columns named by `first` (none when
  /// null), and one record's line: to_csv() is the header then every line.
  static std::string csv_header(const GenerationRecord* first);
  static std::string csv_line(const GenerationRecord& record);
  /// The same columns as a table of numbers (what parse_csv(to_csv()) gives, without the text).
  CsvTable table() const;
  /// The inverse of table(): the records of a table with table()'s columns (the first seven in
  /// its order, the rest extra columns). Throws Error for a table of other columns.
  static History from_table(const CsvTable& table);
};

/// A CSV file as named numeric columns (empty cells are NaN).
struct CsvTable {
  std::vector<std::string> columns;
  std::vector<std::vector<double>> rows;

  /// Index of a column, or -1.
  int column(std::string_view name) const;
  std::vector<double> values(std::string_view name) const;
};

/// Parses CSV text (comma-separated, header first). Every cell must be a number or empty (NaN),
/// except in the `text_columns` (names, read as NaN). Throws Error naming `file`, the line and
/// the column for a row of the wrong width or a cell that is not a number.
CsvTable parse_csv(std::string_view text, const std::string& file,
                   std::span<const std::string_view> text_columns = {});

/// The table as CSV text (header first; numbers as format_number writes them), the inverse of
/// parse_csv: for per-game or per-item records that are not generations.
std::string to_csv(const CsvTable& table);

/// Formats a number for CSV and JSON-like output: shortest round-trip form, "" for NaN.
std::string format_number(double value);

/// One CSV line (with its newline) of text fields, for tables with names in them: a field with
/// a comma, a double quote or a line break is quoted, its quotes doubled (RFC 4180).
std::string csv_row(const std::vector<std::string>& fields);

}  // namespace evoplay
