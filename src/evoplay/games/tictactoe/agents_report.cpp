#include "evoplay/games/tictactoe/agents_report.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <vector>

namespace evoplay::games::tictactoe {

namespace {

// Rules in the order the agent prefers them: priority, then weight.
std::vector<std::size_t> preferred(const Agent& a) {
  std::vector<std::size_t> order(a.rules.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::stable_sort(order.begin(), order.end(), [&](std::size_t x, std::size_t y) {
    const auto &rx = a.rules[x], &ry = a.rules[y];
    return rx.priority != ry.priority ? rx.priority > ry.priority : rx.weight > ry.weight;
  });
  return order;
}

std::size_t shown(const SavedPopulation& saved, std::size_t top) {
  const auto n = saved.population.agents.size();
  return top == 0 ? n : std::min(top, n);
}

}  // namespace

nlohmann::json agents_json(const SavedPopulation& saved, std::size_t top) {
  const auto& pop = saved.population;
  nlohmann::json out = {
      {"cycle", pop.cycle}, {"symmetry", saved.symmetry}, {"agents", nlohmann::json::array()}};
  for (std::size_t i = 0; i < shown(saved, top); ++i) {
    const auto& a = pop.agents[i];
    nlohmann::json rules = nlohmann::json::array();
    for (auto k : preferred(a)) {
      const auto& r = a.rules[k];
      rules.push_back({{"pattern", r.pattern()},
                       {"action", r.action + 1},
                       {"priority", r.priority},
                       {"weight", r.weight}});
    }
    out["agents"].push_back({{"rank", i + 1},
                             {"weight", a.weight},
                             {"born", a.born},
                             {"perfect", a.perfect},
                             {"rules", rules}});
  }
  return out;
}

std::string agents_text(const SavedPopulation& saved, std::size_t top) {
  const auto& pop = saved.population;
  std::string out =
      fmt::format("{} agents after {} cycles (rules {} under the 8 symmetries); best first\n",
                  pop.agents.size(), pop.cycle, saved.symmetry ? "match" : "do not match");
  out +=
      "A pattern is the board row by row from the agent's side: P mine, C the opponent's,\n"
      "V empty, * anything; the action is the cell (1-9) it plays.\n";
  for (std::size_t i = 0; i < shown(saved, top); ++i) {
    const auto& a = pop.agents[i];
    out += fmt::format("\nagent {}: weight {:.6g}, born at cycle {}{}, {} rules\n", i + 1, a.weight,
                       a.born, a.perfect ? " (the injected perfect player)" : "", a.rules.size());
    out += fmt::format("  {:<13} {:>6} {:>8} {:>6}\n", "pattern", "action", "priority", "weight");
    for (auto k : preferred(a)) {
      const auto& r = a.rules[k];
      const auto p = r.pattern();
      out += fmt::format("  {} {} {} {:>6} {:>8} {:>6}\n", p.substr(0, 3), p.substr(3, 3),
                         p.substr(6, 3), r.action + 1, r.priority, r.weight);
    }
  }
  return out;
}

}  // namespace evoplay::games::tictactoe
