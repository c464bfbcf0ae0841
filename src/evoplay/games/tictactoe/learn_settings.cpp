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

/// The names of the last release, read for one more (a note says the new one on the command
/// line; config.json of an older run is read with them).
constexpr std::pair<std::string_view, std::string_view> kRenamed[] = {
    {"mutation", "mutation-rate"}, {"crossover", "crossover-rate"}, {"generation", "rule-generation"}};

std::string_view current_name(std::string_view name) {
  for (const auto& [old_name, now] : kRenamed)
    if (name == old_name) return now;
  return name;
}

}  // namespace

LearnSettings LearnSettings::preset_named(std::string_view name) {
  LearnSettings s;
  if (name == "original") return s;
  if (name != "strong")
    throw fields::FieldError("preset", fmt::format("expected original or strong, found '{}'", name));
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
  try {
    fields::set_text(*this, current_name(name), trim(value_text));
  } catch (const fields::FieldError& e) {
    throw e.named("--" + e.field());
  }
}

void LearnSettings::validate() const {
  fields::check(*this);
  for (auto member : split(panel, ',')) {
    const std::string m(trim(member));
    if (m != "random" && m != "heuristic" && m != "perfect" && m != "adversary")
      throw fields::FieldError(
          "panel", fmt::format("'{}' is not a panel member (random, heuristic, perfect, adversary)",
                               m));
  }
  if (fitness == "panel" && trim(panel).empty() && hall_of_fame == 0)
    throw fields::FieldError("panel", "the panel is empty (name members or give --hall-of-fame)");
  if (elite >= agents)
    throw fields::FieldError("elite", fmt::format("expected fewer than --agents ({}), found {}",
                                                  agents, elite));
}

nlohmann::json LearnSettings::to_json() const { return fields::to_json(*this); }

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
  // Every setting must be there (a run continues with exactly its settings), under its name or
  // the name of the last release.
  nlohmann::json named = nlohmann::json::object();
  for (const auto& [key, value] : j.items()) {
    const std::string now = fields::detail::snake(current_name(key));
    named[now] = value;
  }
  LearnSettings s;
  for (const auto& name : fields::names(s)) {
    const std::string key = fields::detail::snake(name);
    if (key != "preset" && !named.contains(key))
      throw Error(file, key_line(text, "learn"), fmt::format("setting '{}' is missing", key));
  }
  try {
    fields::apply_json(s, named);
    s.validate();
  } catch (const fields::FieldError& e) {
    const std::string key = fields::detail::snake(e.field());
    throw Error(file, setting_line(text, key), fmt::format("setting '{}': {}", key, e.detail()));
  }
  return s;
}

std::vector<SettingInfo> setting_list() {
  std::vector<SettingInfo> out;
  for (const auto& i : fields::describe(LearnSettings{})) {
    if (i.slot.name == "preset") continue;
    out.push_back({i.slot.name, std::string(i.slot.field.help), i.kind, i.slot.field.run_limit});
  }
  return out;
}

std::string setting_text(const LearnSettings& s, std::string_view name) {
  std::string out;
  fields::for_each(s, [&](const fields::Slot& slot, const auto& member) {
    if (slot.name == current_name(name)) out = fields::value_text(member, slot.field);
  });
  return out;
}

}  // namespace evoplay::games::tictactoe
