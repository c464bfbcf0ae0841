#pragma once
// The settings of the tic-tac-toe learning program: every option of the original program
// ("Ejemplos de Vida: Tres en Raya"), the additions of the `strong` preset, and the run's limits
// and measures.
//
// Why it exists: one list of named settings serves the command line (`--NAME VALUE`), config.json
// (key NAME with '-' written '_') and docs/tictactoe-learning.md, so that a run can be resumed
// from its config.json and every option has one name everywhere.

#include <cstdint>
#include <functional>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "evoplay/core/fields.hpp"
#include "evoplay/core/limits.hpp"

namespace evoplay::games::tictactoe {

struct LearnSettings {
  std::string preset = "original";

  // The original program's options (docs/tictactoe-learning.md says where each comes from).
  int agents = 40;
  int rules = 100;
  double mutation = 0.01;                 // a child's rule is a new random rule instead
  std::string selection = "50-50";        // 50-50 | 10-90 | 20-80 | 40+10-50 | tournament
  bool accumulated_mutation = false;      // a mutation makes the next rule's more likely
  double accumulation = 0.5;              // ... with this probability
  std::string parent_pairing = "weight";  // weight | random
  std::string player_pairing = "weight";  // weight | random
  bool identical_parents_mutate = false;  // identical parents: children entirely mutations
  bool sharing = false;                   // fitness sharing: similar agents lose weight
  double sharing_threshold = 0.9;         // share of rules in common that makes agents similar
  double sharing_penalty = 1;             // weight lost per similar agent
  bool shared_knowledge = false;          // rule weights change in every agent that has the rule
  std::string generation = "random";      // random | biased
  double bias = 0.5;                      // biased: probability of a two-in-a-line rule
  std::string inheritance = "alternate";  // alternate | heavier
  bool replace_repeated = false;          // repeated rules in an agent become mutations
  int cull_weight = -3;                   // rules at or below this weight become mutations ...
  int cull_every = 0;                     // ... every N cycles (0: never)
  double second_win_points = 1;           // points for a win by the player who did not start
  int inject_perfect = 0;                 // cycle at which the perfect player joins (0: never)
  int games_per_pair = 5;
  std::string agent_weight = "lifetime";  // lifetime | cycle: points since birth or this cycle

  // Beyond the original (the strong preset).
  bool symmetry = false;          // rules also match under the 8 symmetries of the board
  double wildcard = 0.25;         // probability of '*' in a new rule's cell
  double symbol_mutation = 0;     // probability of changing one symbol of an inherited rule
  double covering = 0;            // a new rule covers a position where the parent can lose
  double crossover = 1;           // probability that a child mixes its parents (else copies one)
  std::string fitness = "pairs";  // pairs (games between agents) | panel (a fixed panel)
  std::string panel = "random,heuristic,perfect";  // panel members, comma-separated
  int panel_games = 0;       // games per member and seat; 0: exact expected results
  int hall_of_fame = 0;      // past champions added to the panel
  int restart_every = 0;     // panel fitness: a fresh population every N cycles (0: never)
  double loss_penalty = 10;  // panel fitness: a loss costs this many wins
  int elite = 2;             // tournament selection: agents kept unchanged
  int tournament = 3;        // tournament size

  // The run.
  std::uint64_t cycles = 500;
  int measure_every = 10;  // measures (history.csv rows) every N cycles
  int eval_games = 1000;   // games per seat against random and against perfect
  bool until_unbeatable = false;

  /// The named presets: "original" (the document's defaults) and "strong".
  static LearnSettings preset_named(std::string_view name);

  /// Sets one setting from text (as typed after --NAME; the names of the last release too);
  /// throws Error saying what is expected.
  void set(std::string_view name, std::string_view value);
  /// Checks the ranges and combinations; throws Error naming the setting.
  void validate() const;

  nlohmann::json to_json() const;

  static constexpr std::string_view kPresets[] = {"original", "strong"};
  static constexpr std::string_view kSelections[] = {"50-50", "10-90", "20-80", "40+10-50",
                                                     "tournament"};
  static constexpr std::string_view kPairings[] = {"weight", "random"};
  static constexpr std::string_view kGenerations[] = {"random", "biased"};
  static constexpr std::string_view kInheritances[] = {"alternate", "heavier"};
  static constexpr std::string_view kWeights[] = {"lifetime", "cycle"};
  static constexpr std::string_view kFitnesses[] = {"pairs", "panel"};

  /// The --help headings of the settings beyond the main ones.
  static constexpr std::string_view kOriginalHeading = "Options of the original program";
  static constexpr std::string_view kStrongHeading = "Options beyond the original program";
  static constexpr std::string_view kPanelHeading = "Panel options (--fitness panel)";
  static constexpr std::string_view kMeasureHeading = "Measure options (history.csv)";

  /// Every setting, in the order of the documentation (`preset` first).
  template <class S, class V>
  static void fields(S& s, V& v) {
    v(s.preset, {.name = "preset",
                 .help = "settings to start from: original (the original program's) or strong",
                 .choices = kPresets});
    v(s.agents, {.name = "agents", .help = "number of agents (constant during learning)", .lo = 4, .hi = 10000});
    v(s.rules, {.name = "rules", .help = "rules per agent (constant)", .lo = 1, .hi = 10000});
    v(s.mutation, {.name = "mutation-rate", .help = "probability that a child's rule is a new random rule", .lo = 0, .hi = 1});
    v(s.selection, {.name = "selection", .help = "who breeds over whom: 50-50 (best half over the rest), 10-90, 20-80, 40+10-50 (best 40% and worst 10% over the middle 50%), tournament (strong: all but --elite replaced)", .choices = kSelections});
    v(s.accumulated_mutation, {.name = "accumulated-mutation", .help = "a mutation makes the next rule's mutation more likely", .heading = kOriginalHeading});
    v(s.accumulation, {.name = "accumulation", .help = "accumulated mutation: probability that the next rule mutates too", .lo = 0, .hi = 1, .heading = kOriginalHeading});
    v(s.parent_pairing, {.name = "parent-pairing", .help = "parents paired by weight (1-2, 3-4, ...) or random", .choices = kPairings, .heading = kOriginalHeading});
    v(s.player_pairing, {.name = "player-pairing", .help = "players paired by weight or random", .choices = kPairings, .heading = kOriginalHeading});
    v(s.identical_parents_mutate, {.name = "identical-parents-mutate", .help = "identical parents have children made entirely of mutations", .heading = kOriginalHeading});
    v(s.sharing, {.name = "sharing", .help = "fitness sharing: an agent loses weight for each very similar agent", .heading = kOriginalHeading});
    v(s.sharing_threshold, {.name = "sharing-threshold", .help = "sharing: share of rules in common that makes two agents similar", .lo = 0, .hi = 1, .heading = kOriginalHeading});
    v(s.sharing_penalty, {.name = "sharing-penalty", .help = "sharing: weight lost per similar agent", .lo = 0, .hi = 1e9, .heading = kOriginalHeading});
    v(s.shared_knowledge, {.name = "shared-knowledge", .help = "after a game, the rules used change weight in every agent that has them", .heading = kOriginalHeading});
    v(s.generation, {.name = "rule-generation", .help = "new rules plain random, or biased toward two P or two C and a V in a line", .choices = kGenerations, .heading = kOriginalHeading});
    v(s.bias, {.name = "bias", .help = "biased generation: probability of a two-in-a-line rule", .lo = 0, .hi = 1, .heading = kOriginalHeading});
    v(s.inheritance, {.name = "inheritance", .help = "a child takes its parents' rules alternately, or always the heavier of the two", .choices = kInheritances, .heading = kOriginalHeading});
    v(s.replace_repeated, {.name = "replace-repeated", .help = "repeated rules in an agent are replaced by mutations", .heading = kOriginalHeading});
    v(s.cull_weight, {.name = "cull-weight", .help = "rules with a weight at or below this are replaced ...", .lo = -1000000, .hi = 1000000, .value_name = "W", .heading = kOriginalHeading});
    v(s.cull_every, {.name = "cull-every", .help = "... every N cycles (1: every cycle; 0: never)", .lo = 0, .hi = limits::kGenerations, .heading = kOriginalHeading});
    v(s.second_win_points, {.name = "second-win-points", .help = "prize distribution: points for a win by the player who did not start (1: same as any win)", .lo = 0, .hi = 1e9, .heading = kOriginalHeading});
    v(s.inject_perfect, {.name = "inject-perfect", .help = "the perfect player joins the population at the end of this cycle, after breeding, with the highest weight (0: never)", .lo = 0, .hi = limits::kGenerations, .value_name = "CYCLE", .heading = kOriginalHeading});
    v(s.games_per_pair, {.name = "games-per-pair", .help = "games each pair plays in a row, alternating who starts", .lo = 1, .hi = 1000000});
    v(s.agent_weight, {.name = "agent-weight", .help = "an agent's weight: its points since birth (lifetime) or in this cycle only", .choices = kWeights, .heading = kOriginalHeading});
    v(s.symmetry, {.name = "symmetry", .help = "rules also match the board turned or mirrored (8 symmetries)", .heading = kStrongHeading});
    v(s.wildcard, {.name = "wildcard", .help = "probability of '*' in a cell of a new rule (0.25: the 4 symbols alike)", .lo = 0, .hi = 1, .heading = kStrongHeading});
    v(s.symbol_mutation, {.name = "symbol-mutation", .help = "probability of changing one symbol (a cell, the action or the priority) of an inherited rule", .lo = 0, .hi = 1, .heading = kStrongHeading});
    v(s.covering, {.name = "covering", .help = "probability that a new rule is made for a position of a game the parent can lose (else random)", .lo = 0, .hi = 1, .heading = kStrongHeading});
    v(s.crossover, {.name = "crossover-rate", .help = "probability that a child takes rules from both parents (else it copies its first parent)", .lo = 0, .hi = 1});
    v(s.fitness, {.name = "fitness", .help = "pairs (agents play each other, the original) or panel (results against a fixed panel)", .choices = kFitnesses});
    v(s.panel, {.name = "panel", .help = "panel members: random, heuristic, perfect, adversary (the reply most likely to make the agent lose; comma-separated)", .value_name = "LIST", .heading = kPanelHeading});
    v(s.panel_games, {.name = "panel-games", .help = "games per panel member and seat; 0: the exact expected results (no noise)", .lo = 0, .hi = 1000000, .heading = kPanelHeading});
    v(s.hall_of_fame, {.name = "hall-of-fame", .help = "past champions added to the panel", .lo = 0, .hi = 10000, .heading = kPanelHeading});
    v(s.restart_every, {.name = "restart-every", .help = "panel fitness: every N cycles the population is replaced by a fresh random one (0: never)", .lo = 0, .hi = limits::kGenerations, .heading = kPanelHeading});
    v(s.loss_penalty, {.name = "loss-penalty", .help = "panel fitness: one loss costs as much as this many wins", .lo = 0, .hi = 1e9, .heading = kPanelHeading});
    v(s.elite, {.name = "elite", .help = "tournament selection: the best agents kept unchanged", .lo = 0, .hi = 10000, .heading = kStrongHeading});
    v(s.tournament, {.name = "tournament", .help = "tournament selection: agents drawn per tournament", .lo = 1, .hi = 10000, .heading = kStrongHeading});
    v(s.cycles, {.name = "cycles", .help = "stop after this many cycles in all", .lo = 0, .hi = limits::kGenerations, .run_limit = true});
    v(s.measure_every, {.name = "measure-every", .help = "measure the best agent every N cycles (history.csv rows)", .lo = 1, .hi = limits::kGenerations, .heading = kMeasureHeading});
    v(s.eval_games, {.name = "eval-games", .help = "measures: games per seat against random and against perfect", .lo = 1, .hi = 1000000, .heading = kMeasureHeading});
    v(s.until_unbeatable, {.name = "until-unbeatable", .help = "stop as soon as the best agent never loses in either seat (exhaustive check)", .run_limit = true});
  }

  /// Reads what to_json wrote; throws Error naming `file` and the setting, and the line of the
  /// setting's key when `text` (the file's text) is given.
  static LearnSettings from_json(const nlohmann::json& j, const std::string& file,
                                 std::string_view text = {});
};

/// One setting, for the command line and the documentation.
struct SettingInfo {
  std::string name;  // e.g. "accumulated-mutation"
  std::string help;
  std::string kind;  // e.g. "on|off", "N", "P"
  bool run = false;  // a limit of the run (may change on --resume), not a learning option
};

/// Every setting in the order of the documentation.
std::vector<SettingInfo> setting_list();

/// The value of a setting as text (what `set` reads back).
std::string setting_text(const LearnSettings& s, std::string_view name);

}  // namespace evoplay::games::tictactoe
