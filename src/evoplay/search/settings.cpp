#include <nlohmann/json.hpp>

#include "evoplay/search/alphabeta.hpp"
#include "evoplay/search/bots.hpp"

namespace evoplay::search {

nlohmann::json to_json(const AlphaBetaSettings& s) {
  return {{"depth", s.depth},
          {"seconds", s.seconds},
          {"soft_seconds", s.soft_seconds > 0 ? s.soft_seconds : s.seconds / 2},
          {"iterative_deepening", s.iterative_deepening},
          {"table", s.table},
          {"table_mib", s.table_mib},
          {"table_grows", s.table_grows},
          {"table_depth_rule", s.table_depth_rule == TableDepthRule::kExact ? "exact" : "at_least"},
          {"table_move", s.table_move},
          {"prefetch", s.prefetch},
          {"enhanced_cutoffs", s.enhanced_cutoffs},
          {"enhanced_cutoff_depth", s.enhanced_cutoff_depth},
          {"hints", s.hints},
          {"killers", s.killers},
          {"history", s.history},
          {"pvs", s.pvs},
          {"aspiration", s.aspiration},
          {"aspiration_window", s.aspiration_window},
          {"quiescence", s.quiescence},
          {"quiescence_depth", s.quiescence_depth},
          {"threads", s.threads},
          {"split_depth", s.split_depth},
          {"split_ply", s.split_ply}};
}

nlohmann::json to_json(const MinimaxSettings& s) {
  return {{"depth", s.depth}, {"seconds", s.seconds}};
}

nlohmann::json to_json(const MctsSettings& s) {
  return {{"iterations", s.iterations},
          {"seconds", s.seconds},
          {"exploration", s.exploration},
          {"playout_limit", s.playout_limit},
          {"max_nodes", s.max_nodes}};
}

nlohmann::json with_kind(const char* kind, const nlohmann::json& settings) {
  nlohmann::json out = {{"kind", kind}};
  out.update(settings);
  return out;
}

}  // namespace evoplay::search
