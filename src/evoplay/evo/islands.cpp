#include "evoplay/evo/islands.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "evoplay/core/error.hpp"
#include "evoplay/core/field_checks.hpp"
#include "evoplay/core/rng.hpp"

namespace evoplay::evo {

Topology topology_from_name(std::string_view name) {
  try {
    return fields::FieldValue<Topology>::parse(name, {});
  } catch (const fields::Expected& e) {
    throw fields::FieldError("topology", fmt::format("expected {}, found '{}'", e.what, name));
  }
}

std::uint64_t island_seed(std::uint64_t seed, std::size_t island) {
  return mix_seed(mix_seed(seed, 0x15'1A'4D'00ULL), island);
}

std::vector<std::size_t> migration_sources(const IslandParams& params, std::size_t island) {
  const std::size_t k = params.islands;
  if (k < 2) return {};
  if (params.topology == Topology::kRing) return {(island + k - 1) % k};
  std::vector<std::size_t> from;
  for (std::size_t i = 0; i < k; ++i) {
    if (i != island) from.push_back(i);
  }
  return from;
}

int threads_per_island(int threads, std::size_t islands_here) {
  const int all = resolve_threads(threads);
  if (islands_here == 0) return 1;
  return std::max(1, all / static_cast<int>(islands_here));
}

namespace detail {

nlohmann::json columns_json(const std::vector<std::pair<std::string, double>>& columns) {
  auto names = nlohmann::json::array(), values = nlohmann::json::array();
  for (const auto& [name, value] : columns) {
    names.push_back(name);
    values.push_back(json_double(value));
  }
  return {names, values};
}

std::vector<std::pair<std::string, double>> columns_from(const nlohmann::json& j) {
  std::vector<std::pair<std::string, double>> out;
  for (std::size_t c = 0; c < j.at(0).size(); ++c) {
    out.emplace_back(j.at(0).at(c).get<std::string>(), double_from_json(j.at(1).at(c)));
  }
  return out;
}

void add_counts(std::vector<std::pair<std::string, std::uint64_t>>& into,
                const std::vector<std::pair<std::string, std::uint64_t>>& counts) {
  for (const auto& count : counts) {
    auto at = std::find_if(into.begin(), into.end(),
                           [&](const auto& c) { return c.first == count.first; });
    if (at == into.end()) {
      into.push_back(count);
    } else {
      at->second += count.second;
    }
  }
}

nlohmann::json gather_arrays(Exchange& exchange, const nlohmann::json& mine) {
  const auto bytes = nlohmann::json::to_cbor(mine);
  const auto parts = exchange.all_gather(std::string(bytes.begin(), bytes.end()));
  auto all = nlohmann::json::array();
  for (const auto& part : parts) {
    for (auto& item : nlohmann::json::from_cbor(part)) all.push_back(std::move(item));
  }
  return all;
}

}  // namespace detail

}  // namespace evoplay::evo
