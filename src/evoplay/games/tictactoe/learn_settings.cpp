#include "evoplay/games/tictactoe/learn_settings.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <limits>

#include "evoplay/core/error.hpp"
#include "evoplay/core/json_text.hpp"
#include "evoplay/core/text.hpp"

namespace evoplay::games::tictactoe {

namespace {

// Calls v(name, field, help, kind, run) for every setting, in the order of the documentation.
template <class S, class V>
void visit(S& s, V&& v) {
  v("agents", s.agents, "number of agents (constant during learning)", "N", false);
  v("rules", s.rules, "rules per agent (constant)", "N", false);
  v("mutation", s.mutation, "probability that a child's rule is a new random rule", "P", false);
  v("selection", s.selection,
    "who breeds over whom: 50-50 (best half over the rest), 10-90, 20-80, 40+10-50 (best 40% "
    "and worst 10% over the middle 50%), tournament (strong: all but --elite replaced)",
    "SCHEME", false);
  v("accumulated-mutation", s.accumulated_mutation,
    "a mutation makes the next rule's mutation more likely", "on|off", false);
  v("accumulation", s.accumulation,
    "accumulated mutation: probability that the next rule mutates too", "P", false);
  v("parent-pairing", s.parent_pairing, "parents paired by weight (1-2, 3-4, ...) or random",
    "weight|random", false);
  v("player-pairing", s.player_pairing, "players paired by weight or random", "weight|random",
    false);
  v("identical-parents-mutate", s.identical_parents_mutate,
    "identical parents have children made entirely of mutations", "on|off", false);
  v("sharing", s.sharing, "fitness sharing: an agent loses weight for each very similar agent",
    "on|off", false);
  v("sharing-threshold", s.sharing_threshold,
    "sharing: share of rules in common that makes two agents similar", "P", false);
  v("sharing-penalty", s.sharing_penalty, "sharing: weight lost per similar agent", "X", false);
  v("shared-knowledge", s.shared_knowledge,
    "after a game, the rules used change weight in every agent that has them", "on|off", false);
  v("generation", s.generation,
    "new rules plain random, or biased toward two P or two C and a V in a line", "random|biased",
    false);
  v("bias", s.bias, "biased generation: probability of a two-in-a-line rule", "P", false);
  v("inheritance", s.inheritance,
    "a child takes its parents' rules alternately, or always the heavier of the two",
    "alternate|heavier", false);
  v("replace-repeated", s.replace_repeated, "repeated rules in an agent are replaced by mutations",
    "on|off", false);
  v("cull-weight", s.cull_weight, "rules with a weight at or below this are replaced ...", "W",
    false);
  v("cull-every", s.cull_every, "... every N cycles (1: every cycle; 0: never)", "N", false);
  v("second-win-points", s.second_win_points,
    "prize distribution: points for a win by the player who did not start (1: same as any win)",
    "X", false);
  v("inject-perfect", s.inject_perfect,
    "the perfect player joins the population at the end of this cycle, after breeding, with the "
    "highest weight (0: never)",
    "CYCLE", false);
  v("games-per-pair", s.games_per_pair, "games each pair plays in a row, alternating who starts",
    "N", false);
  v("agent-weight", s.agent_weight,
    "an agent's weight: its points since birth (lifetime) or in this cycle only", "lifetime|cycle",
    false);
  v("symmetry", s.symmetry, "rules also match the board turned or mirrored (8 symmetries)",
    "on|off", false);
  v("wildcard", s.wildcard,
    "probability of '*' in a cell of a new rule (0.25: the 4 symbols alike)", "P", false);
  v("symbol-mutation", s.symbol_mutation,
    "probability of changing one symbol (a cell, the action or the priority) of an inherited rule",
    "P", false);
  v("covering", s.covering,
    "probability that a new rule is made for a position of a game the parent can lose (else "
    "random)",
    "P", false);
  v("crossover", s.crossover,
    "probability that a child takes rules from both parents (else it copies its first parent)", "P",
    false);
  v("fitness", s.fitness,
    "pairs (agents play each other, the original) or panel (results against a fixed panel)",
    "pairs|panel", false);
  v("panel", s.panel,
    "panel members: random, heuristic, perfect, adversary (the reply most likely to make the "
    "agent lose; comma-separated)",
    "LIST", false);
  v("panel-games", s.panel_games,
    "games per panel member and seat; 0: the exact expected results (no noise)", "N", false);
  v("hall-of-fame", s.hall_of_fame, "past champions added to the panel", "N", false);
  v("restart-every", s.restart_every,
    "panel fitness: every N cycles the population is replaced by a fresh random one (0: never)",
    "N", false);
  v("loss-penalty", s.loss_penalty, "panel fitness: one loss costs as much as this many wins", "X",
    false);
  v("elite", s.elite, "tournament selection: the best agents kept unchanged", "N", false);
  v("tournament", s.tournament, "tournament selection: agents drawn per tournament", "N", false);
  v("cycles", s.cycles, "stop after this many cycles in all", "N", true);
  v("measure-every", s.measure_every, "measure the best agent every N cycles (history.csv rows)",
    "N", false);
  v("eval-games", s.eval_games, "measures: games per seat against random and against perfect", "N",
    false);
  v("until-unbeatable", s.until_unbeatable,
    "stop as soon as the best agent never loses in either seat (exhaustive check)", "on|off", true);
}

bool parse_bool(std::string_view text, bool& out) {
  if (text == "on" || text == "true" || text == "yes" || text == "1") {
    out = true;
    return true;
  }
  if (text == "off" || text == "false" || text == "no" || text == "0") {
    out = false;
    return true;
  }
  return false;
}

void check_one_of(const std::string& name, const std::string& value,
                  std::initializer_list<const char*> allowed) {
  std::string list;
  for (const char* a : allowed) {
    if (value == a) return;
    list += std::string(list.empty() ? "" : ", ") + a;
  }
  throw Error(fmt::format("--{}: '{}' is not one of {}", name, value, list));
}

}  // namespace

LearnSettings LearnSettings::preset_named(const std::string& name) {
  LearnSettings s;
  if (name == "original") return s;
  if (name != "strong")
    throw Error(fmt::format("--preset: '{}' is not a preset (original, strong)", name));
  s.preset = "strong";
  s.agents = 40;
  s.rules = 60;
  s.mutation = 0.02;
  s.selection = "tournament";
  s.generation = "biased";
  s.bias = 0.3;
  s.symmetry = true;
  s.wildcard = 0.4;
  s.symbol_mutation = 0.05;
  s.fitness = "panel";
  s.panel = "random,heuristic,perfect,adversary";
  s.covering = 0.5;
  s.restart_every = 300;
  s.cycles = 3000;
  s.measure_every = 10;
  s.until_unbeatable = true;
  return s;
}

void LearnSettings::set(std::string_view name, std::string_view value_text) {
  const std::string value(trim(value_text));
  bool found = false;
  visit(*this, [&](const char* n, auto& field, const char*, const char* kind, bool) {
    if (name != n) return;
    found = true;
    using T = std::remove_reference_t<decltype(field)>;
    if constexpr (std::is_same_v<T, bool>) {
      if (!parse_bool(value, field))
        throw Error(fmt::format("--{}: expected on or off, found '{}'", n, value));
    } else if constexpr (std::is_same_v<T, std::string>) {
      field = value;
    } else if constexpr (std::is_same_v<T, double>) {
      double v = 0;
      if (!try_parse_double(value, v) || !std::isfinite(v))
        throw Error(fmt::format("--{}: expected a number ({}), found '{}'", n, kind, value));
      field = v;
    } else {
      long long v = 0;
      if (!try_parse_int(value, v) || (std::is_unsigned_v<T> && v < 0))
        throw Error(fmt::format("--{}: expected a whole number ({}), found '{}'", n, kind, value));
      // Past the field's type the value would wrap: refuse it, naming the largest.
      constexpr auto kMost = static_cast<unsigned long long>(std::numeric_limits<T>::max());
      if (v > 0 && static_cast<unsigned long long>(v) > kMost)
        throw Error(fmt::format("--{}: expected a whole number of at most {}, found '{}'", n, kMost,
                                value));
      if (std::is_signed_v<T> && v < static_cast<long long>(std::numeric_limits<T>::min()))
        throw Error(fmt::format("--{}: expected a whole number of at least {}, found '{}'", n,
                                static_cast<long long>(std::numeric_limits<T>::min()), value));
      field = static_cast<T>(v);
    }
  });
  if (!found) throw Error(fmt::format("unknown setting '{}'", name));
}

void LearnSettings::validate() const {
  auto at_least = [](const char* name, long long v, long long lo) {
    if (v < lo) throw Error(fmt::format("--{} must be at least {} (found {})", name, lo, v));
  };
  auto probability = [](const char* name, double v) {
    if (!(v >= 0 && v <= 1)) throw Error(fmt::format("--{} must be in [0, 1] (found {})", name, v));
  };
  at_least("agents", agents, 4);
  if (agents > 10000) throw Error("--agents must be at most 10000");
  at_least("rules", rules, 1);
  if (rules > 10000) throw Error("--rules must be at most 10000");
  probability("mutation", mutation);
  check_one_of("selection", selection, {"50-50", "10-90", "20-80", "40+10-50", "tournament"});
  probability("accumulation", accumulation);
  check_one_of("parent-pairing", parent_pairing, {"weight", "random"});
  check_one_of("player-pairing", player_pairing, {"weight", "random"});
  probability("sharing-threshold", sharing_threshold);
  if (!(sharing_penalty >= 0)) throw Error("--sharing-penalty must be at least 0");
  check_one_of("generation", generation, {"random", "biased"});
  probability("bias", bias);
  check_one_of("inheritance", inheritance, {"alternate", "heavier"});
  at_least("cull-every", cull_every, 0);
  if (!(second_win_points >= 0)) throw Error("--second-win-points must be at least 0");
  at_least("inject-perfect", inject_perfect, 0);
  at_least("games-per-pair", games_per_pair, 1);
  check_one_of("agent-weight", agent_weight, {"lifetime", "cycle"});
  probability("wildcard", wildcard);
  probability("symbol-mutation", symbol_mutation);
  probability("crossover", crossover);
  probability("covering", covering);
  check_one_of("fitness", fitness, {"pairs", "panel"});
  for (auto member : split(panel, ',')) {
    const std::string m(trim(member));
    if (m != "random" && m != "heuristic" && m != "perfect" && m != "adversary")
      throw Error(fmt::format(
          "--panel: '{}' is not a panel member (random, heuristic, perfect, adversary)", m));
  }
  if (fitness == "panel" && trim(panel).empty() && hall_of_fame == 0)
    throw Error("--panel: the panel is empty (name members or give --hall-of-fame)");
  at_least("panel-games", panel_games, 0);
  at_least("hall-of-fame", hall_of_fame, 0);
  if (hall_of_fame > 10000) throw Error("--hall-of-fame must be at most 10000");
  at_least("restart-every", restart_every, 0);
  if (!(loss_penalty >= 0)) throw Error("--loss-penalty must be at least 0");
  at_least("elite", elite, 0);
  if (elite >= agents) throw Error("--elite must be below --agents");
  at_least("tournament", tournament, 1);
  at_least("measure-every", measure_every, 1);
  at_least("eval-games", eval_games, 1);
}

nlohmann::json LearnSettings::to_json() const {
  nlohmann::json j = {{"preset", preset}};
  visit(*this, [&](const char* n, const auto& field, const char*, const char*, bool) {
    std::string key = n;
    std::replace(key.begin(), key.end(), '-', '_');
    j[key] = field;
  });
  return j;
}

namespace {

// The line of the first `"key":` in JSON text at or after `from` (0 when not found).
int key_line(std::string_view text, std::string_view key, std::size_t from = 0) {
  const std::string quoted = fmt::format("\"{}\"", key);
  for (std::size_t at = text.find(quoted, from); at != std::string_view::npos;
       at = text.find(quoted, at + 1)) {
    std::size_t k = at + quoted.size();
    while (k < text.size() && (text[k] == ' ' || text[k] == '\t')) ++k;
    if (k < text.size() && text[k] == ':')
      return 1 +
             static_cast<int>(std::count(text.begin(), text.begin() + static_cast<long>(at), '\n'));
  }
  return 0;
}

// The line of a learning setting's key: inside the "learn" object of config.json.
int setting_line(std::string_view text, std::string_view key) {
  const auto learn = text.find("\"learn\"");
  return key_line(text, key, learn == std::string_view::npos ? 0 : learn);
}

}  // namespace

LearnSettings LearnSettings::from_json(const nlohmann::json& j, const std::string& file,
                                       std::string_view text) {
  if (!j.is_object())
    throw Error(file, key_line(text, "learn"), "expected the learning settings as a JSON object");
  LearnSettings s;
  if (j.contains("preset") && j["preset"].is_string()) s.preset = j["preset"].get<std::string>();
  visit(s, [&](const char* n, auto& field, const char*, const char*, bool) {
    std::string key = n;
    std::replace(key.begin(), key.end(), '-', '_');
    if (!j.contains(key))
      throw Error(file, key_line(text, "learn"), fmt::format("setting '{}' is missing", key));
    using T = std::remove_reference_t<decltype(field)>;
    const auto& v = j[key];
    const bool ok = std::is_same_v<T, bool>          ? v.is_boolean()
                    : std::is_same_v<T, std::string> ? v.is_string()
                    : std::is_same_v<T, double>      ? v.is_number()
                                                     : v.is_number_integer();
    if (!ok)
      throw Error(file, setting_line(text, key),
                  fmt::format("setting '{}': expected {}, found {}", key,
                              std::is_same_v<T, bool>          ? "true or false"
                              : std::is_same_v<T, std::string> ? "a string"
                              : std::is_same_v<T, double>      ? "a number"
                                                               : "a whole number",
                              json_text(v)));
    field = v.get<T>();
  });
  try {
    s.validate();
  } catch (const Error& e) {
    // validate() names the setting as --NAME: the line of its key.
    std::string key;
    if (e.message().starts_with("--")) {
      const auto end = e.message().find_first_of(" :", 2);
      key = e.message().substr(2, end == std::string::npos ? std::string::npos : end - 2);
      std::replace(key.begin(), key.end(), '-', '_');
    }
    throw Error(file, key.empty() ? key_line(text, "learn") : setting_line(text, key), e.message());
  }
  return s;
}

std::vector<SettingInfo> setting_list() {
  std::vector<SettingInfo> out;
  LearnSettings s;
  visit(s, [&](const char* n, auto&, const char* help, const char* kind, bool run) {
    out.push_back({n, help, kind, run});
  });
  return out;
}

std::string setting_text(const LearnSettings& s, std::string_view name) {
  std::string out;
  visit(s, [&](const char* n, const auto& field, const char*, const char*, bool) {
    if (name != n) return;
    using T = std::remove_cvref_t<decltype(field)>;
    if constexpr (std::is_same_v<T, bool>) {
      out = field ? "on" : "off";
    } else if constexpr (std::is_same_v<T, std::string>) {
      out = field;
    } else {
      out = fmt::format("{}", field);
    }
  });
  return out;
}

}  // namespace evoplay::games::tictactoe
