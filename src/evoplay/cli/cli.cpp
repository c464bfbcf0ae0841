#include <fmt/format.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <exception>
#include <new>

#include "evoplay/cli/commands.hpp"
#include "evoplay/cli/common.hpp"
#include "evoplay/cli/help_format.hpp"
#include "evoplay/cli/options.hpp"
#include "evoplay/cli/renamed.hpp"
#include "evoplay/cli/run.hpp"
#include "evoplay/core/atomic_file.hpp"
#include "evoplay/core/error.hpp"
#include "evoplay/core/fields.hpp"
#include "evoplay/core/parallel.hpp"
#include "evoplay/core/run_record.hpp"
#include "evoplay/dist/mpi_session.hpp"

namespace evoplay::cli {

void add_common_options(CLI::App* app, CommonOptions& o, unsigned which) {
  if (which & kSeed) {
    app->add_option("--seed", o.seed, std::string(fields::kSeed.help))
        ->capture_default_str()
        ->group(kRunOptions);
  }
  if (which & kThreads) {
    app->add_option("--threads", o.threads, std::string(fields::kThreads.help))
        ->capture_default_str()
        ->check(whole_in(0, static_cast<long long>(fields::kThreads.hi)))
        ->group(kRunOptions);
  }
  if (which & kOut) {
    app->add_option("--out", o.out, "run folder (default runs/<command>-<yyyymmdd-hhmmss>)")
        ->group(kRunOptions);
  }
  if (which & kJson)
    app->add_flag("--json", o.json, "machine-readable output: JSON")->group(kRunOptions);
  if (which & kQuiet) app->add_flag("-q,--quiet", o.quiet, "no progress line")->group(kRunOptions);
  if (which & kResume) {
    auto* resume = app->add_option("--resume", o.resume,
                                   "finish the run in this folder: its saved units (units/) are "
                                   "kept, the others run (refused if the command, settings or "
                                   "inputs differ)")
                       ->group(kRunOptions);
    if (auto* out = app->get_option_no_throw("--out")) resume->excludes(out);
    app->add_flag("--scheduler-rank", o.scheduler_rank,
                  "under mpirun: rank 0 only hands out units and runs none itself (for hundreds "
                  "of ranks; docs/cluster.md)")
        ->group(kRunOptions);
  }
}

nlohmann::json base_config(const std::string& command, const CommonOptions& o) {
  return run_config(command, o.seed, o.threads, dist::world().size);
}

RunDir open_run_dir(const CommonOptions& o, const std::string& command) {
  return dist::open_run_folder(o.out, o.resume, command);
}

void Cancellable::distribute(const CommonOptions& common, RunDir& run,
                             const nlohmann::json& config) {
  dist::RunnerOptions options;
  options.config = config;
  if (common.resume.empty()) {
    run.write_json("config.json", config);
  } else {
    options.accepted = [&run, config] { run.write_json("config.json", config); };
  }
  options.run_folder = run.path();
  options.resume = !common.resume.empty();
  options.quiet = common.quiet;
  options.scheduler_rank = common.scheduler_rank;
  options.keep_folder = [&run] { run.keep(); };
  runner = std::make_unique<dist::Runner>(std::move(options));
  control.units = runner.get();
}

void Cancellable::distribute_over_ranks(const CommonOptions& common) {
  if (dist::world().size < 2) return;
  dist::RunnerOptions options;
  options.quiet = common.quiet || common.json;
  runner = std::make_unique<dist::Runner>(std::move(options));
  control.units = runner.get();
}

void print_run_dir(const RunDir& run) { fmt::print("run folder: {}\n", run.path().string()); }

void note_reading_terminal(std::string_view input, std::string_view what) {
  if (input == "-" && ::isatty(STDIN_FILENO) != 0)
    fmt::print(stderr,
               "evoplay: reading {} from standard input (end with Ctrl-D; or give a file)\n", what);
}

void exit_cancelled() { throw CLI::RuntimeError(kCancelledStatus); }

namespace {

/// Every command group: its name and what adds it, in the order --help lists them.
struct CommandGroup {
  std::string_view name;
  void (*add)(CLI::App&);
};
// clang-format off
constexpr CommandGroup kCommandGroups[] = {
    {"demo", add_demo_command},
    {"plot", add_plot_command},
#define EVOPLAY_COMMAND_GROUP(game) {#game, add_##game##_commands},
    EVOPLAY_CLI_GAMES(EVOPLAY_COMMAND_GROUP)
#undef EVOPLAY_COMMAND_GROUP
    {"serve", add_serve_command},
    {"help", add_help_command},
};
// clang-format on

}  // namespace

void add_all_commands(CLI::App& app) {
  for (const auto& group : kCommandGroups) group.add(app);
}

void add_commands_for(CLI::App& app, std::string_view first_word) {
  for (const auto& group : kCommandGroups) {
    if (group.name == first_word && group.name != "help") return group.add(app);
  }
  add_all_commands(app);
}

namespace {

/// The line length of --help: the terminal's width when it is one (60 to 100 columns), else
/// 100 (so that the help a file or a test reads does not depend on a terminal).
std::size_t help_width() {
  winsize size{};
  if (::isatty(STDOUT_FILENO) == 0 || ::ioctl(STDOUT_FILENO, TIOCGWINSZ, &size) != 0 ||
      size.ws_col == 0)
    return 100;
  return std::clamp<std::size_t>(size.ws_col, 60, 100);
}

/// The command the words parsed so far select (the app itself when none) and its name.
std::pair<const CLI::App*, std::string> parsed_command(const CLI::App& app) {
  const CLI::App* at = &app;
  std::string path = "evoplay";
  for (auto parsed = at->get_subcommands(); !parsed.empty(); parsed = at->get_subcommands()) {
    at = parsed.front();
    path += " " + at->get_name();
  }
  return {at, path};
}

/// What a command given without a required argument or option says: which, what it is, and
/// where its help is. Empty when every required one was given (another rule failed).
std::string missing_required(const CLI::App& app) {
  const auto [at, path] = parsed_command(app);
  std::string out;
  for (const CLI::Option* o : at->get_options()) {
    if (!o->get_required() || o->count() > 0) continue;
    const std::string name = o->get_positional() ? o->get_name() : o->get_name(false, true);
    out += fmt::format("evoplay: error: `{}` needs {}: {}\n", path, name, o->get_description());
  }
  return out.empty() ? out : out + fmt::format("Run `{} --help` for its options.\n", path);
}

/// What `evoplay` or `evoplay sudoku` alone says: the commands it can run, one a line.
std::string missing_subcommand(const CLI::App& app) {
  const auto [at, path] = parsed_command(app);
  std::string out = fmt::format("evoplay: error: `{}` needs a command:\n", path);
  for (const auto* sub : at->get_subcommands({}))
    out += fmt::format("  {:<12} {}\n", sub->get_name(), sub->get_description());
  return out + fmt::format("Run `{} COMMAND --help` for a command's options.\n", path);
}

/// Under mpirun every rank reads the same command line and inputs, so a usage or input error
/// comes out once, from rank 0 (every rank still ends with its status). Faults that may be a
/// rank's own (out of memory, an internal error) are said by the rank that meets them.
bool says_errors() { return dist::world().leader(); }

/// How long a failing rank waits for the others to fail too (they read the same inputs, so
/// they fail at once; only a rank that failed alone waits this long).
constexpr double kFailureMeetingSeconds = 10;

/// Prints a usage or input error on rank 0; a worker rank keeps it in `unsaid` (run() says it
/// only if the other ranks did not fail too).
void say(const std::string& message, std::string& unsaid) {
  if (says_errors()) {
    fmt::print(stderr, "{}", message);
  } else {
    unsaid = message;
  }
}

std::string rank_prefix() {
  const auto w = dist::world();
  return w.size > 1 ? fmt::format("(rank {}) ", w.rank) : std::string();
}

int run_command(int argc, const char* const* argv, std::string& unsaid) {
  CLI::App app{
      "evoplay: bio-inspired optimisation and game-tree search for games.\n"
      "Solve puzzles (Sudoku, Lemmings), generate Angry Birds levels, and play and learn games\n"
      "(tic-tac-toe, Connect Four, capture the flag).",
      "evoplay"};
  app.set_version_flag("--version", std::string("evoplay ") + EVOPLAY_VERSION);
  // Set before the commands are added: they inherit the formatter and both help flags.
  set_help_layout(app, help_width());
  app.require_subcommand(1);
  app.footer(
      "Run `evoplay COMMAND --help` for a command's options. Guides: docs/ in the source tree.");

  add_commands_for(app, argc > 1 ? argv[1] : "");
  guard_number_options(app);

  try {
    // A first word that is not an option must name a command.
    if (argc > 1 && argv[1][0] != '-') {
      const std::string word = argv[1];
      bool known = false;
      std::string names;
      for (const auto* sub : app.get_subcommands({})) {
        known = known || sub->get_name() == word;
        names += (names.empty() ? "" : ", ") + sub->get_name();
      }
      if (!known) throw Error(fmt::format("unknown command '{}' (commands: {})", word, names));
    }
    // Old spellings of renamed options, rewritten with a note (rank 0 says it once).
    std::vector<std::string> notes;
    std::vector<std::string> args =
        rewrite_renamed(std::vector<std::string>(argv + std::min(argc, 1), argv + argc), notes);
    if (dist::world().rank == 0)
      for (const auto& note : notes) fmt::print(stderr, "{}\n", note);
    refuse_empty_flag_values(app, args);     // `--symmetry=` is no flag given alone
    std::reverse(args.begin(), args.end());  // CLI11 takes them last first
    app.parse(args);
  } catch (const dist::WorkerFinished&) {
    return 0;  // a worker rank's units are done: rank 0 reports
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForVersion& e) {
    return app.exit(e);
  } catch (const CLI::RuntimeError& e) {
    // A command's own exit status, already reported (birds check: 3); a cancel says so once.
    if (e.get_exit_code() == kCancelledStatus && says_errors()) {
      std::fflush(stdout);
      fmt::print(stderr, "evoplay: stopped by Ctrl-C (or SIGTERM): what was finished is written\n");
    }
    return e.get_exit_code();
  } catch (const CLI::ParseError& e) {
    std::fflush(stdout);
    if (std::string_view(e.what()) == "A subcommand is required") {
      say(missing_subcommand(app), unsaid);
      return 2;
    }
    if (const std::string missing = missing_required(app);
        dynamic_cast<const CLI::RequiredError*>(&e) != nullptr && !missing.empty()) {
      say(missing, unsaid);
      return 2;
    }
    say(fmt::format("evoplay: error: {}\nRun with --help for more information.\n", e.what()),
        unsaid);
    return 2;
  } catch (const fields::FieldError& e) {
    std::fflush(stdout);  // a setting, named as its option
    say(fmt::format("evoplay: error: --{}: {}\n", e.field(), e.detail()), unsaid);
    return 2;
  } catch (const Error& e) {
    std::fflush(stdout);
    say(fmt::format("evoplay: error: {}\n", e.what()), unsaid);
    return 2;
  } catch (const std::bad_alloc&) {
    std::fflush(stdout);
    fmt::print(stderr,
               "evoplay: error: {}out of memory: these inputs and settings need more memory than "
               "the machine has (docs/reliability.md lists the limits)\n",
               rank_prefix());
    return 2;
  } catch (const std::exception& e) {
    std::fflush(stdout);
    fmt::print(stderr, "evoplay: internal error: {}{}\n", rank_prefix(), e.what());
    return 1;
  }
  return 0;
}

}  // namespace

int run(int argc, const char* const* argv) {
  remove_temporaries_on_signals();
  const dist::MpiSession mpi;  // under mpirun: this process is one rank of the job
  std::string unsaid;
  const int status = run_command(argc, argv, unsaid);
  // A rank that fails outside the units protocol (the others may be waiting for it) ends without
  // MPI_Finalize: the launcher then ends the job. First the failing ranks meet, so that rank 0
  // has said the error before any rank's exit makes the launcher end the others; a worker rank
  // that failed alone (rank 0 never comes) says its own error.
  if (status != 0 && dist::world().size > 1 && !dist::units_over()) {
    if (!dist::every_rank_failed(kFailureMeetingSeconds) && !unsaid.empty())
      fmt::print(stderr, "{}{}", rank_prefix(), unsaid);
    dist::abandon(status);
  }
  return status;
}

}  // namespace evoplay::cli
