#include "evoplay/games/tictactoe/resume.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <iterator>
#include <limits>

#include "evoplay/core/error.hpp"
#include "evoplay/core/json_input.hpp"
#include "evoplay/core/text.hpp"
#include "evoplay/games/tictactoe/learner.hpp"
#include "evoplay/games/tictactoe/measures.hpp"

namespace evoplay::games::tictactoe {

SavedConfig parse_learn_config(const std::string& text, const std::string& file) {
  SavedConfig out;
  out.json = parse_json(text, file);
  const auto& config = out.json;
  if (!config.is_object() || !config.contains("learn") || !config.contains("seed") ||
      !config["seed"].is_number_unsigned())
    throw Error(file, 1,
                "expected the config.json of a tictactoe learn run (with 'seed' and 'learn')");
  out.settings = LearnSettings::from_json(config["learn"], file, text);
  out.seed = config["seed"].get<std::uint64_t>();
  return out;
}

SavedHistory parse_learn_history(std::string_view text, const std::string& name,
                                 const std::vector<std::string>& extras) {
  const auto lines = split_lines(text);
  std::vector<std::string> expected(std::begin(kHistoryColumns), std::end(kHistoryColumns));
  expected.insert(expected.end(), extras.begin(), extras.end());
  auto cells_of = [](std::string_view line) {
    std::vector<std::string_view> out;
    for (auto c : split(line, ',')) out.push_back(trim(c));
    return out;
  };
  if (lines.empty() || trim(lines[0]).empty())
    throw Error(name, 1, fmt::format("expected the header '{},...'", expected[0]));
  const auto header = cells_of(lines[0]);
  for (std::size_t i = 0; i < std::max(header.size(), expected.size()); ++i) {
    if (i >= header.size())
      throw Error(name, 1,
                  fmt::format("expected {} columns, found {} (column {} should be '{}')",
                              expected.size(), header.size(), i + 1, expected[i]));
    if (i >= expected.size())
      throw Error(name, 1,
                  fmt::format("expected {} columns, found {} (unexpected column '{}')",
                              expected.size(), header.size(), header[i]));
    if (header[i] != expected[i])
      throw Error(
          name, 1,
          fmt::format("expected column {} to be '{}', found '{}'", i + 1, expected[i], header[i]));
  }
  SavedHistory out;
  for (std::size_t k = 1; k < lines.size(); ++k) {
    if (trim(lines[k]).empty()) continue;
    const int line = static_cast<int>(k) + 1;
    const auto cells = cells_of(lines[k]);
    if (cells.size() != expected.size())
      throw Error(name, line,
                  fmt::format("expected {} cells, found {}", expected.size(), cells.size()));
    std::vector<double> row(cells.size());
    for (std::size_t c = 0; c < cells.size(); ++c) {
      if (c < 2) {  // generation, evaluations
        long long v = 0;
        if (!try_parse_int(cells[c], v) || v < 0)
          throw Error(name, line,
                      fmt::format("column '{}': expected a whole number of 0 or more, found '{}'",
                                  expected[c], cells[c]));
        row[c] = static_cast<double>(v);
      } else if (cells[c].empty()) {
        row[c] = std::numeric_limits<double>::quiet_NaN();
      } else if (!try_parse_double(cells[c], row[c])) {
        throw Error(name, line,
                    fmt::format("column '{}': expected a number or an empty cell, found '{}'",
                                expected[c], cells[c]));
      }
    }
    if (!out.history.empty() && row[0] <= static_cast<double>(out.history.back().generation))
      throw Error(name, line,
                  fmt::format("expected a cycle after the previous row's {}, found {}",
                              out.history.back().generation, cells[0]));
    out.history.add(GenerationRecord::from_row(expected, row));
    out.lines.push_back(line);
  }
  return out;
}

History history_at_cycle(SavedHistory read, const SavedPopulation& saved, const std::string& file) {
  const auto cycle = saved.population.cycle;
  // A run stopped while its first population's row was measured saved that population and no
  // row: the resumed run records it first.
  if (cycle == 0 && read.history.empty()) return {};
  while (!read.history.empty() && read.history.back().generation > cycle) {
    read.history.rows.pop_back();
    read.lines.pop_back();
  }
  if (read.history.empty() || read.history.back().generation != cycle)
    throw Error(file, read.lines.empty() ? 1 : read.lines.back(),
                fmt::format("expected a row for cycle {} (the saved population's, "
                            "population.txt:{}), found {}",
                            cycle, saved.cycle_line,
                            read.history.empty()
                                ? std::string("no rows")
                                : fmt::format("cycle {} last", read.history.back().generation)));
  return std::move(read.history);
}

void check_saved(const SavedPopulation& saved, const LearnSettings& s, const std::string& file,
                 const Referee& referee) {
  const auto& pop = saved.population;
  if (saved.symmetry != s.symmetry)
    throw Error(file, saved.symmetry_line,
                fmt::format("expected 'symmetry {}' (config.json's symmetry setting)",
                            s.symmetry ? "on" : "off"));
  if (pop.agents.size() != static_cast<std::size_t>(s.agents))
    throw Error(file, saved.agents_line,
                fmt::format("expected {} agents (config.json's agents setting), found {}", s.agents,
                            pop.agents.size()));
  if (pop.hall_of_fame.size() > static_cast<std::size_t>(s.hall_of_fame))
    throw Error(file, saved.hall_of_fame_line,
                fmt::format("expected at most {} champions (config.json's hall_of_fame "
                            "setting), found {}",
                            s.hall_of_fame, pop.hall_of_fame.size()));
  const std::size_t perfect_rules = perfect_agent(referee).rules.size();
  auto check_rules = [&](const Agent& a, int line, const char* what, std::size_t rank) {
    const std::size_t want = a.perfect ? perfect_rules : static_cast<std::size_t>(s.rules);
    if (a.rules.size() != want)
      throw Error(
          file, line,
          fmt::format("{} {}: expected {} rules ({}), found {}", what, rank, want,
                      a.perfect ? "the injected perfect player's" : "config.json's rules setting",
                      a.rules.size()));
    if (a.perfect && s.inject_perfect <= 0)
      throw Error(
          file, line,
          fmt::format("{} {}: 'perfect yes', but config.json's inject_perfect is 0", what, rank));
  };
  for (std::size_t i = 0; i < pop.agents.size(); ++i)
    check_rules(pop.agents[i], saved.agent_lines[i], "agent", i + 1);
  for (std::size_t i = 0; i < pop.hall_of_fame.size(); ++i)
    check_rules(pop.hall_of_fame[i], saved.champion_lines[i], "champion", i + 1);
  if (pop.cycle > s.cycles)
    throw Error(file, saved.cycle_line,
                fmt::format("the run is at cycle {}: expected --cycles {} or more (found {})",
                            pop.cycle, pop.cycle, s.cycles));
}

}  // namespace evoplay::games::tictactoe
