// evoplay connect4: solve positions exactly (Pons' format and scores) and play.
#include <fmt/format.h>
#include <fmt/ranges.h>

#include "evoplay/cli/commands.hpp"
#include "evoplay/cli/common.hpp"
#include "evoplay/cli/fields.hpp"
#include "evoplay/cli/options.hpp"
#include "evoplay/cli/play.hpp"
#include "evoplay/core/error.hpp"
#include "evoplay/core/json_text.hpp"
#include "evoplay/core/progress.hpp"
#include "evoplay/core/stopwatch.hpp"
#include "evoplay/core/text.hpp"
#include "evoplay/games/connect4/solve_file.hpp"
#include "evoplay/games/connect4/ui.hpp"

namespace evoplay::cli {

namespace c4 = games::connect4;

namespace {

struct SolveOptions {
  std::string input = "-";
  c4::SolveSettings settings;
  bool json = false, quiet = false;
};

/// Status when --check found positions whose score differs from the file's (they were solved).
constexpr int kWrongScores = 3;

void run_solve(const SolveOptions& opt) {
  const std::string name = display_name(opt.input);
  note_reading_terminal(opt.input, "positions");
  const std::string text = read_text(opt.input);
  Cancellable c;
  Progress progress(opt.quiet, "connect4 solve");
  Stopwatch since_flush, since_draw;
  bool drawn = false;
  c4::PositionSink sink;
  sink.solved = [&](const c4::PositionResult& p) {
    progress.finish();
    fmt::print("{}\n",
               opt.json ? json_text(p.to_json(opt.settings.check)) : p.to_text(opt.settings.weak));
  };
  sink.bad_line = [&](const Error& e) {
    progress.finish();
    std::fflush(stdout);
    fmt::print(stderr, "evoplay: error: {}\n", e.what());
  };
  sink.status = [&](const c4::SolveStatus& s) {
    // A long search: what is finished so far reaches the output now, not at the end.
    if (since_flush.seconds() > 0.2) std::fflush(stdout), since_flush.reset();
    // Quick lines start faster than anyone reads: redrawn at most ten times a second.
    if (drawn && s.nodes == 0 && since_draw.seconds() < 0.1) return;
    drawn = true;
    since_draw.reset();
    progress.update(0, s.text());
  };
  const auto r = c4::solve_positions(text, name, opt.settings, sink, c.control);
  progress.finish();
  std::fflush(stdout);
  if (!opt.quiet) {
    fmt::print(stderr, "{}{}\n", r.summary(opt.settings.check), r.cancelled ? " (cancelled)" : "");
  }
  if (r.cancelled) exit_cancelled();
  if (r.bad > 0)
    throw Error(name, 0,
                fmt::format("{} bad line{} (reported above)", r.bad, r.bad == 1 ? "" : "s"));
  if (!r.wrong_lines.empty()) {
    const auto n = r.wrong_lines.size();
    fmt::print(stderr,
               "evoplay: {}: {} position{} solved differently from the expected score: "
               "line{} {}\n",
               name, n, n == 1 ? "" : "s", n == 1 ? "" : "s", fmt::join(r.wrong_lines, ", "));
    throw CLI::RuntimeError(kWrongScores);
  }
}

}  // namespace

void add_connect4_commands(CLI::App& app) {
  auto* cmd = app.add_subcommand(
      "connect4", "Connect Four: solve positions exactly, play against bots or people");
  cmd->require_subcommand(1);
  add_play_command<c4::Board>(cmd, c4::game_ui(), {"human", "alphabeta:1s"});

  auto opt = std::make_shared<SolveOptions>();
  auto* solve = cmd->add_subcommand(
      "solve",
      "exact scores of positions given as move sequences, one per line. Positions of a few "
      "stones take long: an early position (4-10 moves) seconds to minutes, the empty board "
      "about a minute on two threads (see --time-limit and --threads); a progress line shows the "
      "search on a terminal");
  solve
      ->add_option("input", opt->input,
                   "file of lines of 1-based columns played (e.g. 4453; . = the empty board); "
                   "anything after a space is ignored; - = standard input")
      ->capture_default_str();
  const auto fields = bind_fields(solve, c4::SolveSettings{}, {.skip = {}});
  solve->add_flag("--json", opt->json,
                  "one JSON object per line: line, moves, score, result, nodes, micros");
  solve->add_flag("-q,--quiet", opt->quiet,
                  "no summary line and no progress line on standard error");
  solve->callback([opt, fields] {
    opt->settings = fields->resolve();
    run_solve(*opt);
  });
}

}  // namespace evoplay::cli
