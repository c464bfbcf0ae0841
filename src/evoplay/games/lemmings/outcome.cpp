#include "evoplay/games/lemmings/outcome.hpp"

#include <algorithm>

namespace evoplay::games::lemmings {

std::string_view job_name(Job job) {
  constexpr std::array<std::string_view, kJobCount> kNames = {
      "walker", "faller", "climbing", "blocker", "builder",
      "basher", "miner",  "digger",   "saved",   "dead"};
  return kNames[static_cast<std::size_t>(job)];
}

std::string_view fate_name(Fate fate) {
  constexpr std::array<std::string_view, 8> kNames = {"waiting", "out",      "saved",    "splat",
                                                      "drowned", "fell_out", "exploded", "trapped"};
  return kNames[static_cast<std::size_t>(fate)];
}

std::string_view skip_reason_text(SkipReason reason) {
  switch (reason) {
    case SkipReason::kNone:
      return "";
    case SkipReason::kUsedUp:
      return "none left";
    case SkipReason::kNobody:
      return "no lemming out can take it";
    case SkipReason::kNotOut:
      return "that lemming is not out";
    case SkipReason::kCannotTake:
      return "that lemming cannot take it now";
  }
  return "";
}

int Outcome::deaths_by(Fate cause) const {
  for (std::size_t i = 0; i < kPingusDeaths.size(); ++i) {
    if (kPingusDeaths[i] == cause) return deaths[i];
  }
  return 0;
}

int Outcome::skills_used_total() const {
  int total = 0;
  for (int n : skills_used) total += n;
  return total;
}

int Outcome::genes_applied() const {
  return static_cast<int>(
      std::count_if(gene_lemming.begin(), gene_lemming.end(), [](int l) { return l > 0; }));
}

Plan effective_plan(const Plan& plan, const Outcome& outcome) {
  std::vector<std::uint64_t> keys;
  for (std::size_t i = 0; i < plan.size() && i < outcome.gene_lemming.size(); ++i) {
    if (outcome.gene_lemming[i] > 0) {
      keys.push_back((static_cast<std::uint64_t>(plan[i].step) << 32) | i);
    }
  }
  std::sort(keys.begin(), keys.end());
  Plan out;
  out.reserve(keys.size());
  for (auto k : keys) out.push_back(plan[static_cast<std::size_t>(k & 0xFFFFFFFFu)]);
  return out;
}

}  // namespace evoplay::games::lemmings
