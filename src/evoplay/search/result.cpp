#include "evoplay/search/result.hpp"

#include <fmt/format.h>

namespace evoplay::search {

nlohmann::json to_json(const SearchStats& s) {
  return {{"nodes", s.nodes},        {"leaf_evaluations", s.leaves},
          {"cutoffs", s.cutoffs},    {"table_probes", s.tt_probes},
          {"table_hits", s.tt_hits}, {"enhanced_cutoffs", s.enhanced_cutoffs}};
}

std::string describe_score(Score value) {
  if (is_win_score(value)) return fmt::format("win in {}", kWin - value);
  if (is_loss_score(value)) return fmt::format("loss in {}", kWin + value);
  return fmt::format("{:+d}", value);
}

}  // namespace evoplay::search
