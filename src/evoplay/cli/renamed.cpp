#include "evoplay/cli/renamed.hpp"

#include <fmt/format.h>

#include <algorithm>

namespace evoplay::cli {

const std::vector<Renamed>& renamed_options() {
  static const std::vector<Renamed> kRenamed = {
      // One word for the optimiser: --method (sudoku solve's word), --methods for a list.
      {"lemmings solve", "--algo", "--method"},
      {"lemmings compare", "--algos", "--methods"},
      // Inputs are positional arguments, as in every other command.
      {"lemmings compare", "--levels", ""},
      {"sudoku experiment", "--puzzles", ""},
      // --crossover and --mutation name operators; their probabilities are --*-rate.
      {"tictactoe learn", "--crossover", "--crossover-rate"},
      {"tictactoe learn", "--mutation", "--mutation-rate"},
      // --out is a run folder; a picture is --image; a folder of pictures --render-dir.
      {"plot", "--out", "--image"},
      // --x and --o are the players of play commands; --columns a contact sheet's columns.
      {"plot", "--x", "--x-axis"},
      {"plot", "--columns", "--left"},
      // --generations is a generation limit; how tic-tac-toe rules are drawn is --rule-generation.
      {"tictactoe learn", "--generation", "--rule-generation"},
      {"birds render", "--out", "--image"},
      {"lemmings render", "--out", "--image"},
      {"flags show", "--png", "--image"},
      {"birds simulate", "--render", "--render-dir"},
      {"flags play", "--render", "--render-dir"},
      // --seconds of game time is --game-seconds; a time limit is --time-limit.
      {"birds simulate", "--seconds", "--game-seconds"},
      {"birds render", "--seconds", "--game-seconds"},
      {"connect4 solve", "--seconds", "--time-limit"},
      // --runs is a count; serve's folder of runs is --runs-dir.
      {"serve", "--runs", "--runs-dir"},
      // (flags play's old --quiet, "no board", is --no-board: no rewrite, since --quiet is now
      // flags play's own option with the meaning it has everywhere, no progress line.)
      // Settings that are on or off are flags (--NAME, --no-NAME, --NAME=off) in every command.
      {"tictactoe learn", "--accumulated-mutation", "--accumulated-mutation", true},
      {"tictactoe learn", "--identical-parents-mutate", "--identical-parents-mutate", true},
      {"tictactoe learn", "--sharing", "--sharing", true},
      {"tictactoe learn", "--shared-knowledge", "--shared-knowledge", true},
      {"tictactoe learn", "--replace-repeated", "--replace-repeated", true},
      {"tictactoe learn", "--symmetry", "--symmetry", true},
      {"tictactoe learn", "--until-unbeatable", "--until-unbeatable", true},
  };
  return kRenamed;
}

namespace {

bool is_switch_value(std::string_view v) {
  return v == "on" || v == "off" || v == "true" || v == "false" || v == "yes" || v == "no";
}

}  // namespace

std::vector<std::string> rewrite_renamed(const std::vector<std::string>& args,
                                         std::vector<std::string>& notes) {
  // The command: the first two words that are not options.
  std::string command;
  int words = 0;
  for (const auto& a : args) {
    if (words == 2 || a.starts_with("-")) break;
    command += (command.empty() ? "" : " ") + a;
    ++words;
  }
  const std::string first = command.substr(0, command.find(' '));
  const auto applies = [&](const Renamed& r) {
    if (r.command.empty() || command == r.command) return true;
    return r.command.find(' ') == std::string_view::npos && first == r.command;  // "plot"
  };
  std::vector<std::string> out;
  std::vector<std::string_view> noted;
  bool options_over = false;  // after "--", everything is an argument
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    if (a == "--") options_over = true;
    const Renamed* hit = nullptr;
    std::string value;
    bool inline_value = false;
    if (!options_over) {
      for (const auto& r : renamed_options()) {
        if (!applies(r)) continue;
        if (a == r.old_name) {
          hit = &r;
        } else if (a.starts_with(std::string(r.old_name) + "=")) {
          hit = &r;
          value = a.substr(r.old_name.size() + 1);
          inline_value = true;
        }
        if (hit) break;
      }
    }
    // A flag's old form is only `--NAME on|off` (the flag alone is its new form).
    if (hit && hit->flag && !(i + 1 < args.size() && is_switch_value(args[i + 1]))) hit = nullptr;
    if (!hit) {
      out.push_back(a);
      continue;
    }
    if (std::find(noted.begin(), noted.end(), hit->old_name) == noted.end()) {
      noted.push_back(hit->old_name);
      notes.push_back(
          hit->flag ? fmt::format("evoplay: note: write {0} or --no-{1} (or {0}=on|off): '{0} on' "
                                  "stops working in the next release",
                                  hit->now, hit->now.substr(2))
          : hit->now.empty()
              ? fmt::format("evoplay: note: {} is no longer needed: give the files as arguments "
                            "(the old form stops working in the next release)",
                            hit->old_name)
              : fmt::format("evoplay: note: {} is now {} (the old name stops working in the "
                            "next release)",
                            hit->old_name, hit->now));
    }
    if (hit->now.empty()) {
      if (inline_value) out.push_back(value);
      continue;
    }
    if (inline_value) {
      out.push_back(std::string(hit->now) + "=" + value);
    } else if (hit->flag && i + 1 < args.size() && is_switch_value(args[i + 1])) {
      out.push_back(std::string(hit->now) + "=" + args[++i]);
    } else {
      out.push_back(std::string(hit->now));
    }
  }
  return out;
}

}  // namespace evoplay::cli
