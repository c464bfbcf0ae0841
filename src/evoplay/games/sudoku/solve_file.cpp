#include "evoplay/games/sudoku/solve_file.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <charconv>
#include <sstream>

#include "evoplay/core/atomic_file.hpp"
#include "evoplay/core/error.hpp"
#include "evoplay/core/exchange.hpp"
#include "evoplay/core/json_text.hpp"
#include "evoplay/core/parallel.hpp"
#include "evoplay/core/stopwatch.hpp"
#include "evoplay/games/sudoku/render.hpp"
#include "evoplay/games/sudoku/solve_units.hpp"
#include "evoplay/render/history_plot.hpp"

namespace evoplay::games::sudoku {

void SolveSettings::validate() const {
  fields::check(*this);
  fields::check_value(threads, fields::kThreads);
  if (evolutionary()) ga.validate();
  if (method == "cro") cro.validate();
}

void SolveSettings::resolve(const fields::Given& given) {
  if (!evolutionary()) {
    fields::refuse_given(ga, given, "", "method ga or cro");
    fields::refuse_given(*this, given, "cro-", "method cro");
    return;
  }
  if (method != "cro") {
    fields::refuse_given(*this, given, "cro-", "method cro");
    return;
  }
  for (const char* ga_only : {"selection", "crossover-rate", "elitism"})
    if (given(ga_only)) throw fields::FieldError(ga_only, "applies to method ga only");
  if (!given("cro-gamma") && (given("mutation-rate") || cro.preset == "thesis"))
    cro.brooding_mutation = ga.mutation_rate;
  ga.cro = cro;
}

nlohmann::json SolveSettings::to_json() const {
  nlohmann::json j = {{"method", method}};
  if (!evolutionary()) return j;
  j["ga"] = ga.to_json();
  if (method == "cro") j["cro"] = evo::to_json(cro_params(ga));
  j["puzzle_seed"] = "seed + puzzle number - 1";
  return j;
}

namespace {

/// The board on one line (to_line) appended to `out`.
void append_line(std::string& out, const Board& board) {
  const std::size_t at = out.size();
  out.resize(at + board.cells.size());
  for (std::size_t i = 0; i < board.cells.size(); ++i) out[at + i] = digit_symbol(board.cells[i]);
}

/// Writes `out` to `stream` and empties it once it holds 256 KiB (large texts go out in
/// pieces, never whole in memory).
void flush_full(std::ostream& stream, std::string& out) {
  if (out.size() < (1 << 18)) return;
  stream.write(out.data(), static_cast<std::streamsize>(out.size()));
  out.clear();
}

// Writers of JSON text, byte for byte as nlohmann::json::dump writes it (keys in sorted order).
void put(std::string& out, std::uint64_t v) {
  char buffer[24];
  out.append(buffer, std::to_chars(buffer, buffer + sizeof buffer, v).ptr);
}
void put(std::string& out, double v) {
  if (!std::isfinite(v)) {
    out += std::string_view("null");
    return;
  }
  char buffer[64];
  out.append(buffer, nlohmann::detail::to_chars(buffer, buffer + sizeof buffer, v));
}
void put(std::string& out, bool v) {
  out += v ? std::string_view("true") : std::string_view("false");
}
void put_text(std::string& out, std::string_view plain) {  // no character needs escaping
  out += '"';
  out += plain;
  out += '"';
}

/// The keys of an exact result's object, in the JSON library's (sorted) order, each with what
/// goes before its value, in one layout: compact (indent < 0) or keys indented by `indent`
/// spaces (an element of result.json's array).
struct ExactLayout {
  static constexpr std::string_view kKeys[] = {
      "backtracks", "evaluations", "fitness",  "generations", "guesses", "line",  "method",
      "puzzle",     "seconds",     "solution", "solutions",   "solved",  "unique"};
  std::string keys[std::size(kKeys)];
  std::string close;

  explicit ExactLayout(int indent) {
    const std::string line_start =
        indent < 0 ? "" : "\n" + std::string(static_cast<std::size_t>(indent), ' ');
    for (std::size_t k = 0; k < std::size(kKeys); ++k) {
      keys[k] = fmt::format("{}{}\"{}\":{}", k == 0 ? '{' : ',', line_start, kKeys[k],
                            indent < 0 ? "" : " ");
    }
    close = indent < 0 ? "}" : "\n" + std::string(static_cast<std::size_t>(indent - 2), ' ') + "}";
  }
  static const ExactLayout& of(int indent) {
    static const ExactLayout compact(-1), indented(6);
    return indent < 0 ? compact : indented;
  }
};

/// An exact result's object (the only method written by hand: the bulk case).
void write_exact(std::string& out, const PuzzleResult& o, std::size_t index, int indent) {
  const auto& keys = ExactLayout::of(indent).keys;
  out += keys[0];
  put(out, o.backtracks);
  out += keys[1];
  put(out, o.counters.evaluations);
  out += keys[2];
  put(out, static_cast<std::uint64_t>(o.fitness()));
  out += keys[3];
  put(out, static_cast<std::uint64_t>(o.counters.generations));
  out += keys[4];
  put(out, o.guesses);
  out += keys[5];
  put(out, static_cast<std::uint64_t>(o.line));
  out += keys[6];
  put_text(out, "exact");
  out += keys[7];
  put(out, static_cast<std::uint64_t>(index + 1));
  out += keys[8];
  put(out, o.counters.seconds);
  out += keys[9];
  if (o.board.cells.empty()) {
    out += std::string_view("null");
  } else {
    out += '"';
    append_line(out, o.board);
    out += '"';
  }
  out += keys[10];
  put(out, static_cast<std::uint64_t>(o.solutions));
  out += keys[11];
  put(out, o.solved());
  out += keys[12];
  put(out, o.solutions == 1);
  out += ExactLayout::of(indent).close;
}

}  // namespace

nlohmann::json SolveResult::puzzle_json(std::size_t i) const {
  const PuzzleResult& o = puzzles[i];
  nlohmann::json j = {{"puzzle", i + 1},
                      {"line", o.line},
                      {"method", method},
                      {"solved", o.solved()},
                      {"fitness", o.fitness()},
                      {"generations", o.counters.generations},
                      {"evaluations", o.counters.evaluations},
                      {"seconds", o.counters.seconds},
                      {"solution", o.board.cells.empty() ? nlohmann::json(nullptr)
                                                         : nlohmann::json(to_line(o.board))}};
  if (method == "exact") {
    j["solutions"] = o.solutions;
    j["unique"] = o.solutions == 1;
    j["guesses"] = o.guesses;
    j["backtracks"] = o.backtracks;
    return j;
  }
  j["local_moves"] = o.local_moves;
  j["restarts"] = o.counters.restarts;
  nlohmann::json cells = nlohmann::json::array();
  const auto marks = conflicting_cells(o.board);
  const int n = o.board.n();
  for (std::size_t c = 0; c < marks.size(); ++c) {
    if (marks[c]) {
      cells.push_back(
          fmt::format("r{}c{}", static_cast<int>(c) / n + 1, static_cast<int>(c) % n + 1));
    }
  }
  j["conflicts"] = cells;
  if (o.counters.stop == evo::StopReason::kCancelled) j["stopped"] = "cancelled";
  return j;
}

nlohmann::json SolveResult::summary_json() const {
  nlohmann::json j = {{"puzzles", total}, {"solved", solved}};
  if (cancelled) j["stopped"] = "cancelled";
  return j;
}

nlohmann::json SolveResult::to_json() const {
  nlohmann::json results = nlohmann::json::array();
  for (std::size_t i = 0; i < puzzles.size(); ++i) results.push_back(puzzle_json(i));
  nlohmann::json j = {
      {"puzzles", total}, {"solved", solved}, {"seconds", seconds}, {"results", results}};
  if (cancelled) j["stopped"] = "cancelled";
  return j;
}

void SolveResult::append_json_line(std::string& out, std::size_t i) const {
  if (method == "exact") {
    write_exact(out, puzzles[i], i, -1);
  } else {
    out += json_text(puzzle_json(i));
  }
  out += '\n';
}

void SolveResult::write_result_json(std::ostream& stream) const {
  if (method != "exact") {
    stream << json_text(to_json(), 2) << '\n';
    return;
  }
  std::string out = "{\n  \"puzzles\": ";
  put(out, static_cast<std::uint64_t>(total));
  out += ",\n  \"results\": [";
  for (std::size_t i = 0; i < puzzles.size(); ++i) {
    out += i == 0 ? std::string_view("\n    ") : std::string_view(",\n    ");
    write_exact(out, puzzles[i], i, 6);
    flush_full(stream, out);
  }
  out += puzzles.empty() ? "],\n  \"seconds\": " : "\n  ],\n  \"seconds\": ";
  put(out, seconds);
  out += ",\n  \"solved\": ";
  put(out, static_cast<std::uint64_t>(solved));
  if (cancelled) out += ",\n  \"stopped\": \"cancelled\"";
  out += "\n}\n";
  stream.write(out.data(), static_cast<std::streamsize>(out.size()));
}

std::string SolveResult::result_json_text() const {
  std::ostringstream out;
  write_result_json(out);
  return out.str();
}

std::string SolveResult::puzzle_text(std::size_t i) const {
  const PuzzleResult& o = puzzles[i];
  std::string head;
  const bool evolving = method != "exact";
  if (!evolving) {
    head = o.solutions == 0   ? "no solution"
           : o.solutions == 1 ? "solved (unique)"
                              : "solved (not unique: 2 or more solutions)";
    head += fmt::format(" in {:.3f} ms, {} guesses, {} backtracks", o.counters.seconds * 1e3,
                        o.guesses, o.backtracks);
  } else {
    const bool cro = method == "cro";
    const char* rounds = cro ? "epochs" : "generations";
    head = o.solved() ? fmt::format("solved by {} in {} {}", cro ? "CRO" : "the GA",
                                    o.counters.generations, rounds)
                      : fmt::format(
                            "not solved: best fitness {} after {} {}{} (cells in conflict in "
                            "brackets)",
                            o.fitness(), o.counters.generations, rounds,
                            o.counters.stop == evo::StopReason::kCancelled ? ", cancelled" : "");
    head += fmt::format(", {} evaluations, {:.3f} s", o.counters.evaluations, o.counters.seconds);
  }
  std::string out = fmt::format("puzzle {} (line {}): {}\n", i + 1, o.line, head);
  if (!o.board.cells.empty()) {
    out += to_grid(o.board, evolving && !o.solved() ? conflicting_cells(o.board)
                                                    : std::vector<std::uint8_t>{});
    out += '\n';
  }
  return out;
}

void SolveResult::write_puzzles(std::ostream& stream, bool json) const {
  std::string out;
  for (std::size_t i = 0; i < puzzles.size(); ++i) {
    if (json) {
      append_json_line(out, i);
    } else {
      out += puzzle_text(i);
    }
    flush_full(stream, out);
  }
  stream.write(out.data(), static_cast<std::streamsize>(out.size()));
  stream.flush();
}

std::string SolveResult::summary_text() const {
  std::string out =
      fmt::format("solved {} of {} puzzles in {:.2f} s", solved, puzzles.size(), seconds);
  if (cancelled)
    out += fmt::format(" (cancelled: {} of {} puzzles finished)", puzzles.size(), total);
  return out + "\n";
}

void SolveResult::write_solutions(std::ostream& stream) const {
  std::string out;
  for (const auto& o : puzzles) {
    if (o.board.cells.empty()) {
      out += std::string_view("no solution");
    } else {
      append_line(out, o.board);
    }
    out += '\n';
    flush_full(stream, out);
  }
  stream.write(out.data(), static_cast<std::streamsize>(out.size()));
}

std::string SolveResult::solutions_text() const {
  std::ostringstream out;
  write_solutions(out);
  return out.str();
}

SolveResult solve_puzzles(std::span<const PuzzleEntry> puzzles, const SolveSettings& settings,
                          const Control& control) {
  settings.validate();
  const Stopwatch clock;
  const std::size_t count = puzzles.size();
  const bool single = count == 1;
  const bool evolving = settings.evolutionary();
  SolveResult result;
  result.method = settings.method;
  result.total = count;
  result.puzzles.resize(count);
  Control inner;  // each puzzle's run: cancelled with the whole; generations seen for one puzzle
  inner.cancel = control.cancel;
  if (single) inner.observer = control.observer;
  // Islands over several processes: one puzzle at a time, all its islands' exchanges made by
  // this thread (MPI's funnelled threading), the puzzle's threads given to its islands.
  const bool spread =
      evolving && settings.ga.islands.active() && control.exchange && control.exchange->size() > 1;
  if (spread) inner.exchange = control.exchange;
  const bool one_at_a_time = single || spread;
  if (control.units && !one_at_a_time) return solve_by_units(puzzles, settings, control);
  Workers workers(one_at_a_time ? 1 : settings.threads);
  // Chunks of work between checks of the cancel token and reports of progress.
  const std::size_t chunk = static_cast<std::size_t>(workers.threads()) * (evolving ? 1 : 256);
  std::size_t finished = 0;
  while (finished < count && !control.cancelled()) {
    const std::size_t start = finished, n = std::min(chunk, count - start);
    workers.for_each(n, [&](std::size_t k) {
      const std::size_t i = start + k;
      result.puzzles[i] =
          solve_puzzle(puzzles[i], i, settings, one_at_a_time ? settings.threads : 1, inner);
    });
    finished = start + n;
    control.report(finished, count);
  }
  result.puzzles.resize(finished);
  result.cancelled = control.cancelled();
  for (const auto& o : result.puzzles) result.solved += o.solved();
  result.seconds = clock.seconds();
  return result;
}

void save_solve_files(const RunDir& run, const SolveResult& result,
                      std::span<const PuzzleEntry> puzzles, const SolveSettings& settings) {
  AtomicFile solutions(run.file("solutions.txt"));
  result.write_solutions(solutions.out());
  solutions.commit();
  const bool single = puzzles.size() == 1 && result.puzzles.size() == 1;
  if (settings.evolutionary() && single) {
    const auto& history = result.puzzles[0].history;
    run.write_text("history.csv", history.to_csv());
    render::HistoryPlotOptions plot;
    plot.title = fmt::format("Sudoku {} ({} preset): digits missing from columns and boxes",
                             settings.method == "cro" ? "CRO" : "GA", settings.ga.preset);
    plot.y_label = "fitness (0 = solved)";
    plot.y2_label = "diversity (cells that differ)";
    render::save_history_plot(run.file("fitness.png"), history, plot);
  } else if (settings.evolutionary()) {
    for (std::size_t i = 0; i < result.puzzles.size(); ++i) {
      run.write_text(fmt::format("histories/puzzle-{}.csv", i + 1),
                     result.puzzles[i].history.to_csv());
    }
  }
  if (single && !result.puzzles[0].board.cells.empty()) {
    const auto& o = result.puzzles[0];
    save_board_picture(run.file("board.png"), puzzles[0].board, o.board,
                       o.solved() ? "solved" : fmt::format("best board: fitness {}", o.fitness()));
  }
}

}  // namespace evoplay::games::sudoku
