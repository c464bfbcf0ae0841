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
  static LearnSettings preset_named(const std::string& name);

  /// Sets one setting from text (as typed after --NAME); throws Error saying what is expected.
  void set(std::string_view name, std::string_view value);
  /// Checks the ranges and combinations; throws Error naming the setting.
  void validate() const;

  nlohmann::json to_json() const;
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
