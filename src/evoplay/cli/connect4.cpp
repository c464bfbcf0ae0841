// evoplay connect4: solve positions exactly (Pons' format and scores) and play.
#include <fmt/format.h>

#include <new>

#include "evoplay/cli/commands.hpp"
#include "evoplay/cli/common.hpp"
#include "evoplay/cli/options.hpp"
#include "evoplay/cli/play.hpp"
#include "evoplay/core/error.hpp"
#include "evoplay/core/json_text.hpp"
#include "evoplay/core/parallel.hpp"
#include "evoplay/core/progress.hpp"
#include "evoplay/core/text.hpp"
#include "evoplay/games/connect4/board.hpp"
#include "evoplay/games/connect4/bots.hpp"
#include "evoplay/games/connect4/positions.hpp"
#include "evoplay/games/connect4/solver.hpp"

namespace evoplay::cli {

namespace c4 = games::connect4;

namespace {

std::shared_ptr<const GameUi<c4::Board>> connect4_ui() {
  auto ui = std::make_shared<GameUi<c4::Board>>();
  ui->command = "connect4";
  ui->seat_names = {"X", "O"};
  ui->draw = [](const c4::Board& b, bool) { return b.to_text(); };
  ui->move_name = [](const c4::Board::Move& m) { return std::to_string(m + 1); };
  ui->move_help = "a column from 1 to 7";
  ui->parse_move = [](const c4::Board& b, std::string_view text, c4::Board::Move& m,
                      std::string& why) {
    int col = 0;
    if (!read_number(text, 1, c4::kWidth, "column", col, why)) return false;
    if (!b.can_play(col - 1)) {
      why = fmt::format("column {} is full: choose another", col);
      return false;
    }
    m = static_cast<c4::Board::Move>(col - 1);
    return true;
  };
  ui->bots = [] { return c4::bots(); };
  return ui;
}

struct SolveOptions {
  std::string input = "-";
  bool json = false, weak = false, check = false, quiet = false;
  double table_mib = 64;
  int threads = 1;
};

const char* outcome(int score) { return score > 0 ? "win" : score < 0 ? "loss" : "draw"; }

void run_solve(const SolveOptions& opt) {
  const std::string name = display_name(opt.input);
  const std::string text = read_text(opt.input);
  c4::Solver solver = [&] {
    try {
      return c4::Solver(opt.table_mib, resolve_threads(opt.threads));
    } catch (const std::bad_alloc&) {
      throw Error(fmt::format(
          "--table-mib {:g}: cannot allocate a transposition table that large (more than this "
          "machine's memory, or refused by the system); try a smaller size such as 64",
          opt.table_mib));
    }
  }();
  int bad = 0, wrong = 0, solved = 0;
  std::uint64_t nodes = 0;
  double seconds = 0;
  const auto lines = split_lines(text);
  for (std::size_t i = 0; i < lines.size(); ++i) {
    const int line_no = static_cast<int>(i + 1);
    std::optional<c4::PositionLine> position;
    try {
      position = c4::parse_position_line(lines[i], name, line_no);
    } catch (const Error& e) {
      std::fflush(stdout);
      fmt::print(stderr, "evoplay: error: {}\n", e.what());
      ++bad;
      continue;
    }
    if (!position) continue;
    const auto moves = position->moves;
    solver.clear();  // every line on its own: its node count does not depend on the lines before
    const auto r = solver.solve(position->board, opt.weak);
    ++solved;
    nodes += r.stats.nodes;
    seconds += r.seconds;
    const auto micros = static_cast<long long>(r.seconds * 1e6 + 0.5);
    std::string verdict;
    if (opt.check) {
      if (!position->score) {
        fmt::print(stderr, "evoplay: error: {}:{}: --check: expected a score after the moves\n",
                   name, line_no);
        ++bad;
        continue;
      }
      long long expected = *position->score;
      if (opt.weak) expected = (expected > 0) - (expected < 0);
      if (expected != r.score) {
        ++wrong;
        verdict = fmt::format("WRONG (expected {})", expected);
      }
    }
    if (opt.json) {
      nlohmann::json j = {{"line", line_no},        {"moves", std::string(moves)},
                          {"score", r.score},       {"result", outcome(r.score)},
                          {"nodes", r.stats.nodes}, {"micros", micros}};
      if (opt.check) j["correct"] = verdict.empty();
      fmt::print("{}\n", json_text(j));
    } else {
      const std::string score = opt.weak ? outcome(r.score) : std::to_string(r.score);
      fmt::print("{} {} {} {}{}\n", moves, score, r.stats.nodes, micros,
                 verdict.empty() ? "" : " " + verdict);
    }
  }
  std::fflush(stdout);
  if (!opt.quiet) {
    fmt::print(stderr, "{} position{} solved in {:.3f} s (mean {:.1f} us, {:.0f} nodes){}{}\n",
               solved, solved == 1 ? "" : "s", seconds, solved ? 1e6 * seconds / solved : 0.0,
               solved ? static_cast<double>(nodes) / solved : 0.0,
               bad ? fmt::format(", {} bad line{}", bad, bad == 1 ? "" : "s") : "",
               opt.check ? fmt::format(", {} wrong", wrong) : "");
  }
  if (wrong > 0)
    throw InternalError(fmt::format("{} position{} solved differently from the expected scores",
                                    wrong, wrong == 1 ? "" : "s"));
  if (bad > 0)
    throw Error(name, 0, fmt::format("{} bad line{} (reported above)", bad, bad == 1 ? "" : "s"));
}

}  // namespace

void add_connect4_commands(CLI::App& app) {
  auto* cmd = app.add_subcommand(
      "connect4", "Connect Four: solve positions exactly, play against bots or people");
  cmd->require_subcommand(1);
  add_play_command<c4::Board>(cmd, connect4_ui(), {"human", "alphabeta:1s"});

  auto opt = std::make_shared<SolveOptions>();
  auto* solve = cmd->add_subcommand(
      "solve", "exact scores of positions given as move sequences, one per line");
  solve
      ->add_option("input", opt->input,
                   "file of lines of 1-based columns played (e.g. 4453); anything after a space is "
                   "ignored; - = standard input")
      ->capture_default_str();
  solve->add_flag("--weak", opt->weak, "only win, draw or loss (faster)");
  solve->add_flag("--check", opt->check,
                  "compare with the score after the moves (Pons' test sets) and mark wrong lines");
  solve->add_option("--table-mib", opt->table_mib, "transposition table size in MiB (1-65536)")
      ->capture_default_str()
      ->check(number_in(1, 65536));
  solve
      ->add_option("--threads", opt->threads,
                   "threads searching each position (0 = all cores): the same scores, sooner on "
                   "early positions; node counts differ from run to run")
      ->capture_default_str()
      ->check(whole_in(0, kMaxThreads));
  solve->add_flag("--json", opt->json,
                  "one JSON object per line: line, moves, score, result, nodes, micros");
  solve->add_flag("-q,--quiet", opt->quiet, "no summary line on standard error");
  solve->callback([opt] { run_solve(*opt); });
}

}  // namespace evoplay::cli
