#include "evoplay/games/tictactoe/agent.hpp"

#include <algorithm>

namespace evoplay::games::tictactoe {

AgentPolicy::AgentPolicy(const Agent& agent, bool symmetry) {
  entries_.reserve(agent.rules.size() * (symmetry ? 8 : 1));
  for (std::size_t i = 0; i < agent.rules.size(); ++i) {
    const Rule& r = agent.rules[i];
    const std::size_t first = entries_.size();
    for (int s = 0; s < (symmetry ? 8 : 1); ++s) {
      const Rule t = s == 0 ? r : r.transformed(s);
      const Entry e{t.mine, t.theirs, t.empty, t.action, t.priority, t.weight, static_cast<int>(i)};
      // A symmetric rule gives the same variant more than once: keep one.
      const bool seen = std::any_of(entries_.begin() + static_cast<std::ptrdiff_t>(first),
                                    entries_.end(), [&](const Entry& o) {
                                      return o.mine == e.mine && o.theirs == e.theirs &&
                                             o.empty == e.empty && o.cell == e.cell;
                                    });
      if (!seen) entries_.push_back(e);
    }
  }
  std::stable_sort(entries_.begin(), entries_.end(), [](const Entry& a, const Entry& b) {
    if (a.priority != b.priority) return a.priority > b.priority;
    if (a.weight != b.weight) return a.weight > b.weight;
    return a.rule < b.rule;
  });
  need_.reserve(entries_.size());
  for (const auto& e : entries_) need_.push_back(packed(e.mine, e.theirs, e.empty));
}

std::pair<std::size_t, std::size_t> AgentPolicy::top_level(std::uint16_t me,
                                                           std::uint16_t opp) const {
  const auto free = static_cast<std::uint16_t>(0777 & ~(me | opp));
  // One AND-NOT per entry: the cells an entry needs that the board does not show.
  const std::uint32_t missing = ~packed(me, opp, free);
  const std::size_t n = need_.size();
  std::size_t i = 0;
  while (i < n && (need_[i] & missing) != 0) ++i;
  if (i == n) return {i, i};
  std::size_t end = i + 1;
  while (end < entries_.size() && entries_[end].priority == entries_[i].priority &&
         entries_[end].weight == entries_[i].weight)
    ++end;
  return {i, end};
}

AgentPolicy::Choice AgentPolicy::choose(const Board& b, Rng& rng) const {
  const int me = b.to_move();
  const std::uint16_t mine = b.stones(me), theirs = b.stones(1 - me);
  const auto free = b.empty();
  const std::uint32_t missing = ~packed(mine, theirs, free);
  auto fires = [&](std::size_t i) { return (need_[i] & missing) == 0; };
  const auto [first, last] = top_level(mine, theirs);
  Choice c;
  if (first == last) {
    c.cell = static_cast<Board::Move>(random_cell(free, rng));
    return c;
  }
  // D: the distinct rules that fire at this level (a rule's variants are adjacent).
  int rules = 0, previous = -1;
  for (std::size_t i = first; i < last; ++i) {
    if (fires(i) && entries_[i].rule != previous) {
      ++rules;
      previous = entries_[i].rule;
    }
  }
  int pick = static_cast<int>(rng.below(static_cast<std::uint64_t>(rules)));
  previous = -1;
  std::size_t begin = last;
  for (std::size_t i = first; i < last; ++i) {
    if (!fires(i) || entries_[i].rule == previous) continue;
    previous = entries_[i].rule;
    if (pick-- == 0) {
      begin = i;
      break;
    }
  }
  // One of the chosen rule's variants that fire.
  const int rule = entries_[begin].rule;
  int variants = 0;
  for (std::size_t i = begin; i < last && entries_[i].rule == rule; ++i) variants += fires(i);
  int v = static_cast<int>(rng.below(static_cast<std::uint64_t>(variants)));
  for (std::size_t i = begin; i < last && entries_[i].rule == rule; ++i) {
    if (fires(i) && v-- == 0) {
      c.cell = entries_[i].cell;
      break;
    }
  }
  c.rule = rule;
  return c;
}

MoveDist AgentPolicy::distribution(const Board& b) const {
  const int me = b.to_move();
  const std::uint16_t mine = b.stones(me), theirs = b.stones(1 - me);
  const auto free = b.empty();
  const std::uint32_t missing = ~packed(mine, theirs, free);
  auto fires = [&](std::size_t i) { return (need_[i] & missing) == 0; };
  MoveDist d;
  const auto [first, last] = top_level(mine, theirs);
  if (first == last) {
    const double p = 1.0 / std::popcount(free);
    for (int i = 0; i < 9; ++i) {
      if (free >> i & 1) d.p[static_cast<std::size_t>(i)] = p;
    }
    return d;
  }
  d.by_rule = true;
  int rules = 0;
  for (std::size_t i = first; i < last;) {
    const int rule = entries_[i].rule;
    std::array<int, 8> cells{};
    int n = 0;
    for (; i < last && entries_[i].rule == rule; ++i) {
      if (fires(i)) cells[static_cast<std::size_t>(n++)] = entries_[i].cell;
    }
    if (n == 0) continue;
    ++rules;
    for (int k = 0; k < n; ++k)
      d.p[static_cast<std::size_t>(cells[static_cast<std::size_t>(k)])] += 1.0 / n;
  }
  for (auto& p : d.p) p /= rules;
  return d;
}

std::vector<std::vector<std::uint64_t>> sorted_keys(const std::vector<Agent>& agents) {
  std::vector<std::vector<std::uint64_t>> out(agents.size());
  for (std::size_t i = 0; i < agents.size(); ++i) {
    auto& k = out[i];
    k.reserve(agents[i].rules.size());
    for (const auto& r : agents[i].rules) k.push_back(r.key());
    std::sort(k.begin(), k.end());
  }
  return out;
}

double similarity(const std::vector<std::uint64_t>& a, const std::vector<std::uint64_t>& b) {
  if (a.empty()) return 1;
  std::size_t common = 0, i = 0, j = 0;
  while (i < a.size() && j < b.size()) {
    if (a[i] == b[j]) {
      ++common;
      ++i;
      ++j;
    } else if (a[i] < b[j]) {
      ++i;
    } else {
      ++j;
    }
  }
  return static_cast<double>(common) / static_cast<double>(a.size());
}

}  // namespace evoplay::games::tictactoe
