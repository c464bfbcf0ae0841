#pragma once
// The stability report as JSON (the `--json` lines of `evoplay birds simulate`, and what level
// generators store in their results).

#include <nlohmann/json.hpp>
#include <string_view>

#include "evoplay/games/birds/level.hpp"
#include "evoplay/games/birds/physics.hpp"

namespace evoplay::games::birds {

/// "block", "pig", "tnt", "platform".
std::string_view kind_name(Kind kind);

/// One overlap as {"a", "b" ("ground" or an index), "depth"}.
nlohmann::json overlap_json(const Overlap& overlap);

/// The most overlaps a JSON report lists (a level of coincident blocks has millions of pairs);
/// the reports also give their count.
inline constexpr std::size_t kListedOverlaps = 1000;
/// The first kListedOverlaps of `overlaps`, as JSON.
nlohmann::json overlaps_json(const std::vector<Overlap>& overlaps);

/// The level-wide figures (stable, score, paper_score, destroyed, moved, objects = pieces, ...)
/// and, when `per_object`, one entry per object.
nlohmann::json report_json(const Level& level, const StabilityReport& report, bool per_object);

/// Every field of a report, exactly (doubles round-trip), and back: a report computed on another
/// MPI rank (a unit of `birds simulate`). Not a format for users: report_json is.
nlohmann::json report_unit_json(const StabilityReport& report);
StabilityReport report_from_unit_json(const nlohmann::json& j);

}  // namespace evoplay::games::birds
