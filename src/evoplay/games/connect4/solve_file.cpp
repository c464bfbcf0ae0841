#include "evoplay/games/connect4/solve_file.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <new>
#include <tuple>

#include "evoplay/core/parallel.hpp"
#include "evoplay/core/text.hpp"
#include "evoplay/games/connect4/positions.hpp"
#include "evoplay/games/connect4/solver.hpp"

namespace evoplay::games::connect4 {

namespace {

const char* outcome(int score) { return score > 0 ? "win" : score < 0 ? "loss" : "draw"; }

std::string score_text(int score, bool weak) {
  return weak ? outcome(score) : std::to_string(score);
}

/// --check: the line's score is a whole number a position of its moves can have (Pons' scores:
/// Solver::score_range, or the score of a finished game), refused before any search.
void check_score(const PositionLine& p, const std::string& file, int line) {
  if (p.score_text.empty()) throw Error(file, line, "--check: expected a score after the moves");
  auto [low, high] = Solver::score_range(p.board, false);
  if (p.board.is_terminal()) low = std::min(low, terminal_score(p.board));
  if (!p.score || *p.score < low || *p.score > high) {
    throw Error(
        file, line, p.score_column,
        fmt::format("--check: expected a score from {} to {} (a position of {} moves), "
                    "found '{}'",
                    low, high, p.board.moves(),
                    p.score_text.size() <= 40 ? std::string(p.score_text)
                                              : std::string(p.score_text.substr(0, 40)) + "..."));
  }
}

long long micros(double seconds) { return std::llround(seconds * 1e6); }

Solver make_solver(const SolveSettings& s) {
  try {
    return Solver(s.table_mib, resolve_threads(s.threads));
  } catch (const std::bad_alloc&) {
    throw Error(fmt::format(
        "--table-mib {:g}: cannot allocate a transposition table that large (more than this "
        "machine's memory, or refused by the system); try a smaller size such as 64",
        s.table_mib));
  }
}

}  // namespace

void SolveSettings::validate() const { fields::check(*this); }

nlohmann::json SolveSettings::to_json() const { return fields::to_json(*this); }

std::string PositionResult::to_text(bool weak) const {
  if (!complete) {
    return fmt::format("{} {}..{} {} {} unfinished", moves, score_text(low, weak),
                       score_text(high, weak), nodes, micros(seconds));
  }
  return fmt::format("{} {} {} {}{}", moves, score_text(score, weak), nodes, micros(seconds),
                     wrong() ? fmt::format(" WRONG (expected {})", *expected) : "");
}

nlohmann::json PositionResult::to_json(bool check) const {
  nlohmann::json j = {{"line", line}, {"moves", moves}};
  if (complete) {
    j["score"] = score;
    j["result"] = outcome(score);
  } else {
    j["complete"] = false;
    j["low"] = low;
    j["high"] = high;
  }
  j["nodes"] = nodes;
  j["micros"] = micros(seconds);
  if (check && complete) j["correct"] = !wrong();
  return j;
}

nlohmann::json SolveFileResult::to_json() const {
  nlohmann::json j = {{"positions", solved}, {"unfinished", unfinished},
                      {"bad_lines", bad},    {"wrong_lines", wrong_lines},
                      {"nodes", nodes},      {"seconds", seconds}};
  if (cancelled) j["stopped"] = "cancelled";
  return j;
}

std::string SolveFileResult::summary(bool check) const {
  // `solved` counts every position searched; those the time limit stopped are said apart.
  const std::string searched =
      unfinished ? fmt::format("{} of {} position{} solved", solved - unfinished, solved,
                               solved == 1 ? "" : "s")
                 : fmt::format("{} position{} solved", solved, solved == 1 ? "" : "s");
  return fmt::format("{} in {:.3f} s (mean {:.1f} us, {:.0f} nodes){}{}{}", searched, seconds,
                     solved ? 1e6 * seconds / solved : 0.0,
                     solved ? static_cast<double>(nodes) / solved : 0.0,
                     unfinished ? fmt::format(", {} unfinished at the time limit", unfinished) : "",
                     bad ? fmt::format(", {} bad line{}", bad, bad == 1 ? "" : "s") : "",
                     check ? fmt::format(", {} wrong", wrong_lines.size()) : "");
}

SolveFileResult solve_positions(std::string_view text, const std::string& name,
                                const SolveSettings& settings, const PositionSink& sink,
                                const Control& control) {
  settings.validate();
  Solver solver = make_solver(settings);
  auto& engine = solver.engine();
  engine.set_cancel(control.cancel.flag());
  SolveStatus status;
  if (sink.status) {
    engine.set_heartbeat(
        [&](double elapsed) {
          const auto& interval = engine.interval();
          status.low = interval.low;
          status.high = interval.high;
          status.probe = interval.probe;
          status.nodes = engine.nodes();
          status.seconds = elapsed;
          sink.status(status);
        },
        sink.status_seconds);
  }
  SolveFileResult out;
  const auto lines = split_lines(text);
  for (std::size_t i = 0; i < lines.size(); ++i) {
    if (control.cancelled()) {
      out.cancelled = true;
      break;
    }
    const int line_no = static_cast<int>(i + 1);
    std::optional<PositionLine> position;
    try {
      position = parse_position_line(lines[i], name, line_no);
      if (position && settings.check) check_score(*position, name, line_no);
    } catch (const Error& e) {
      ++out.bad;
      if (sink.bad_line) sink.bad_line(e);
      control.report(i + 1, lines.size());
      continue;
    }
    if (!position) continue;
    if (sink.status) {  // the position starts
      status = {line_no, position->moves, 0, 0, 0, 0, 0};
      std::tie(status.low, status.high) = Solver::score_range(position->board, settings.weak);
      sink.status(status);
    }
    // Kept, the table carries what earlier lines proved (every entry is a true bound, whatever
    // the line); cleared, the line's node count does not depend on the lines before.
    if (!settings.keep_table) solver.clear();
    const auto r = solver.solve(position->board, settings.weak, false, settings.seconds);
    if (!r.complete && control.cancelled()) {  // this line's search was cut short: not reported
      out.cancelled = true;
      break;
    }
    PositionResult p;
    p.line = line_no;
    p.moves = std::string(position->moves);
    p.complete = r.complete;
    p.score = r.score;
    p.low = r.low;
    p.high = r.high;
    p.nodes = r.stats.nodes;
    p.seconds = r.seconds;
    if (settings.check) {
      const long long e = *position->score;
      p.expected = settings.weak ? (e > 0) - (e < 0) : e;
    }
    ++out.solved;
    out.unfinished += !p.complete;
    out.nodes += p.nodes;
    out.seconds += p.seconds;
    if (p.wrong()) out.wrong_lines.push_back(line_no);
    if (sink.solved) sink.solved(p);
    control.report(i + 1, lines.size());
  }
  return out;
}

std::string SolveStatus::text() const {
  return fmt::format(
      "line {} ({}): score in [{}, {}], probing {}, {:.1f} M nodes, {:.2f} M nodes/s", line, moves,
      low, high, probe, static_cast<double>(nodes) / 1e6,
      seconds > 0 ? static_cast<double>(nodes) / seconds / 1e6 : 0.0);
}

}  // namespace evoplay::games::connect4
