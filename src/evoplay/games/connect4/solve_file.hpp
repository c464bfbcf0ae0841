#pragma once
// `connect4 solve` as one library call: the positions of a file (one move sequence a line, as in
// Pascal Pons' test sets) solved exactly, in line order, each result handed to the caller as
// soon as it is known.
//
// Why it exists: the command line, Python and a server solve files the same way (same settings
// checks, same output records); the command line only prints what this call hands it. An
// early position can take minutes, so the call streams its results, can show the running
// search (status), limits each position's time if asked (then the bounds proven so far are
// the result), and stops within a fraction of a second when cancelled, with the lines it
// finished.

#include <cstdint>
#include <functional>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "evoplay/core/control.hpp"
#include "evoplay/core/error.hpp"
#include "evoplay/core/fields.hpp"
#include "evoplay/core/limits.hpp"

namespace evoplay::games::connect4 {

struct SolveSettings {
  bool weak = false;      // only win, draw or loss (-1, 0, 1): a narrower search
  bool check = false;     // compare each score with the one written after the moves
  double table_mib = 64;  // transposition table, MiB (1 to 65536)
  int threads = 1;        // threads searching each position (1 to 1024)
  double seconds = 0;     // time limit per position (0 = none); then bounds may be the result
  // Off (the default): the table is cleared before each line, so that each line's node count
  // stands alone (it does not depend on the lines before). On: the table is kept from line to
  // line, as Pons' solver does, and a line may reuse what earlier lines proved (positions of
  // one game, or one opening). The scores are the same either way. Not faster on Pons' sets or
  // random_290: a kept table is large and cold where a cleared one starts small and stays in
  // the cache (docs/results/connect4-solver.md).
  bool keep_table = false;

  /// Throws Error naming the setting (e.g. "threads: ...").
  void validate() const;
  nlohmann::json to_json() const;

  template <class S, class V>
  static void fields(S& s, V& v) {
    v(s.weak, {.name = "weak", .help = "only win, draw or loss (faster)"});
    v(s.check, {.name = "check",
                .help = "compare with the score after the moves (Pons' test sets), mark wrong "
                        "lines and exit with status 3 if any"});
    v(s.table_mib, {.name = "table-mib",
                    .help = "transposition table size in MiB",
                    .lo = 1,
                    .hi = 65536,
                    .value_name = "MIB"});
    v(s.threads, {.name = "threads",
                  .help = "threads searching each position (0: every core): the same scores, "
                          "sooner on early positions; node counts differ from run to run",
                  .lo = 0,
                  .hi = limits::kThreads});
    v(s.keep_table, {.name = "keep-table",
                     .help = "keep the table from line to line (as Pons' solver does): faster on "
                             "related lines (one game's positions), not on unrelated ones; off: "
                             "each line's node count stands alone"});
    v(s.seconds, {.name = "time-limit",
                  .help = "time limit per position in seconds (0: none); a position not solved in "
                          "time is printed with the bounds proven so far (LOW..HIGH ... "
                          "unfinished)",
                  .lo = 0,
                  .hi = limits::kSeconds,
                  .value_name = "S"});
  }
};

/// One line of the file, solved (or stopped at its time limit).
struct PositionResult {
  int line = 0;       // 1-based line number in the file
  std::string moves;  // the moves as written
  bool complete = true;
  int score = 0;          // Pons' score for the side to move (weak: -1, 0, 1); when complete
  int low = 0, high = 0;  // the bounds proven: low <= score <= high (equal when complete)
  std::optional<long long> expected;  // with check: the score the line gives (weak: its sign)
  std::uint64_t nodes = 0;
  double seconds = 0;

  /// With check, a complete result that differs from the expected score.
  bool wrong() const { return complete && expected && *expected != score; }
  /// "moves score nodes micros", " WRONG (expected N)" after a wrong one; weak: win/draw/loss;
  /// unfinished: "moves low..high nodes micros unfinished".
  std::string to_text(bool weak) const;
  /// {line, moves, score, result, nodes, micros[, correct]}; unfinished: complete false, low and
  /// high instead of score and result.
  nlohmann::json to_json(bool check) const;
};

/// What a whole file gave.
struct SolveFileResult {
  int solved = 0;                // lines searched (complete or not)
  int unfinished = 0;            // of which stopped at the time limit
  int bad = 0;                   // lines that could not be read (reported to the sink)
  std::vector<int> wrong_lines;  // with check: lines whose score differs from the expected one
  std::uint64_t nodes = 0;
  double seconds = 0;      // searching (not reading)
  bool cancelled = false;  // stopped by the control's cancel: the lines after were not solved

  nlohmann::json to_json() const;
  /// "N positions solved in S s (mean U us, K nodes)[, B bad lines][, W wrong]".
  std::string summary(bool check) const;
};

/// The search of one position as it runs, for a progress display.
struct SolveStatus {
  int line = 0;
  std::string_view moves;
  int low = 0, high = 0;  // the score lies in [low, high]
  int probe = 0;          // the null-window probe running: "is the score above probe?"
  std::uint64_t nodes = 0;
  double seconds = 0;  // since the position started

  /// "line L (MOVES): score in [low, high], probing P, N M nodes, R M nodes/s".
  std::string text() const;
};

/// Where solve_positions hands what it finds, in line order, from the calling thread.
struct PositionSink {
  std::function<void(const PositionResult&)> solved;
  std::function<void(const Error&)> bad_line;  // a line that cannot be read; the run goes on
  // When a position starts, then about every status_seconds while it is searched.
  std::function<void(const SolveStatus&)> status;
  double status_seconds = 0.25;
};

/// Solves every position of `text` (the contents of file `name`, for messages). Cancelling the
/// control stops the running search within a fraction of a second; that line is not reported
/// and the result says cancelled. control.progress(lines done, lines) after each line.
/// Throws Error when the settings are invalid or the table cannot be allocated.
SolveFileResult solve_positions(std::string_view text, const std::string& name,
                                const SolveSettings& settings, const PositionSink& sink,
                                const Control& control = {});

}  // namespace evoplay::games::connect4
