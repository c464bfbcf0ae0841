// Sudoku's routes: a pasted puzzle solved exactly (at once, within the server's cap), or by the
// GA as a job whose generations stream to the page, ending with the best board and its
// conflicts. The puzzle is read by the command line's parser (same errors: puzzle:LINE:COL).
#include <fmt/format.h>

#include <limits>

#include "evoplay/core/history.hpp"
#include "evoplay/evo/islands.hpp"
#include "evoplay/evo/stopping.hpp"
#include "evoplay/games/sudoku/board.hpp"
#include "evoplay/games/sudoku/ga.hpp"
#include "evoplay/games/sudoku/solve_file.hpp"
#include "evoplay/web/context.hpp"
#include "evoplay/web/events.hpp"
#include "evoplay/web/settings.hpp"

namespace evoplay::web {

using nlohmann::json;
namespace sudoku = games::sudoku;

namespace {

/// What a GA or CRO run takes from a request: `sudoku solve --method ga|cro`'s settings under
/// Python's keys, one thread, no island model (a job holds one core), the caps below.
const RouteSettings<sudoku::SolveSettings>& ga_route() {
  static const RouteSettings<sudoku::SolveSettings> kRoute = [] {
    RouteSettings<sudoku::SolveSettings> r;
    r.base.method = "ga";
    r.base.threads = 1;
    r.base.ga.threads = 1;
    r.caps = {{"population", 5000}, {"generations", 100000}};
    r.refused = {"threads"};
    r.refuse_all(evo::IslandParams{});
    r.why_refused = "a job runs on one thread; `evoplay sudoku solve` runs islands";
    return r;
  }();
  return kRoute;
}

/// The one puzzle of the request's "puzzle" text.
sudoku::PuzzleEntry read_puzzle(const json& body) {
  const std::string text = get_string(body, "puzzle", "", 1 << 20);
  auto entries = sudoku::parse_puzzles(text, "puzzle");
  if (entries.empty()) throw BadRequest("puzzle: no puzzle in the text");
  if (entries.size() > 1) throw BadRequest("puzzle: one puzzle at a time");
  return std::move(entries.front());
}

/// The board as rows of digits (0 empty) and the conflicting cells as rows of 0/1.
json board_json(const sudoku::Board& board) {
  json rows = json::array(), marks = json::array();
  const auto conflicts = sudoku::conflicting_cells(board);
  for (int r = 0; r < board.n(); ++r) {
    json row = json::array(), mark = json::array();
    for (int c = 0; c < board.n(); ++c) {
      row.push_back(board.at(r, c));
      mark.push_back(conflicts[static_cast<std::size_t>(r * board.n() + c)] != 0 ? 1 : 0);
    }
    rows.push_back(row);
    marks.push_back(mark);
  }
  return {{"n", board.n()}, {"rows", rows}, {"conflicts", marks}};
}

/// Each generation's record, and the best board (with its conflicts) whenever its fitness
/// changes: the page redraws the board as the GA or CRO improves it.
class BoardEvents : public sudoku::BestBoardObserver {
 public:
  explicit BoardEvents(Job& job) : job_(job), generations_(job) {}
  void on_generation(const GenerationRecord& r) override { generations_.on_generation(r); }
  void on_best_board(const sudoku::Board& best, int fitness) override {
    if (fitness == shown_) return;
    shown_ = fitness;
    job_.emit({{"type", "best"}, {"fitness", fitness}, {"board", board_json(best)}});
  }

 private:
  Job& job_;
  GenerationEvents generations_;
  int shown_ = -1;
};

}  // namespace

void add_sudoku_routes(Routes& server, const Context& ctx) {
  server.Post("/api/sudoku/parse", guarded([&ctx](const auto& req, auto& res) {
                const auto entry = read_puzzle(ctx.body(req));
                json out = board_json(entry.board);
                out["givens"] = entry.board.givens();
                reply(res, out);
              }));
  server.Post("/api/sudoku/solve", guarded([&ctx](const auto& req, auto& res) {
                const auto entry = read_puzzle(ctx.body(req));
                sudoku::SolveSettings settings;  // exact
                settings.threads = 1;
                settings.validate();
                Control control;
                const auto alarm = ctx.alarms.set(
                    control.cancel, std::chrono::milliseconds(
                                        static_cast<long long>(1000 * ctx.settings.job_seconds)));
                const std::vector<sudoku::PuzzleEntry> puzzles = {entry};
                const auto r = sudoku::solve_puzzles(puzzles, settings, control);
                if (r.cancelled || r.puzzles.empty()) {
                  throw BadRequest("stopped at the server's time cap", 503);
                }
                json out = r.puzzle_json(0);
                out["puzzle_board"] = board_json(entry.board);
                if (!r.puzzles[0].board.cells.empty())
                  out["board"] = board_json(r.puzzles[0].board);
                reply(res, out);
              }));
  // What a GA or CRO run takes, as JSON Schema: the page's "More settings" are built from it.
  server.Get("/api/sudoku/ga/settings", guarded([](const auto&, auto& res) {
               json schema = ga_route().schema();
               schema["properties"]["method"]["enum"] = std::vector<std::string>{"ga", "cro"};
               reply(res, schema);
             }));
  server.Post("/api/sudoku/ga", guarded([&ctx](const auto& req, auto& res) {
                const json body = ctx.body(req);
                const auto entry = read_puzzle(body);
                auto settings = ga_route().read(body, {"puzzle"});
                if (!settings.evolutionary()) throw BadRequest("method: expected ga or cro");
                ctx.start_job(
                    req, res, "sudoku-" + settings.method, [&ctx, entry, settings](Job& job) {
                      BoardEvents observer(job);
                      const JobControl run(ctx, job, &observer);
                      const std::vector<sudoku::PuzzleEntry> puzzles = {entry};
                      const auto r = sudoku::solve_puzzles(puzzles, settings, run.control);
                      if (r.puzzles.empty()) return json{{"stopped", "cancelled"}};
                      json out = r.puzzle_json(0);
                      out["stop"] = std::string(evo::stop_reason_name(r.puzzles[0].counters.stop));
                      out["board"] = board_json(r.puzzles[0].board);
                      return out;
                    });
              }));
}

}  // namespace evoplay::web
