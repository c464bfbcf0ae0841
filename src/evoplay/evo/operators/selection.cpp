#include "evoplay/evo/operators/selection.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <numeric>

#include "evoplay/core/error.hpp"
#include "evoplay/core/text.hpp"

namespace evoplay::evo {

Selection Selection::parse(std::string_view spec) {
  Selection s;
  const auto colon = spec.find(':');
  const std::string_view name = spec.substr(0, colon);
  const std::string_view arg = colon == std::string_view::npos ? "" : spec.substr(colon + 1);
  if (name == "tournament") {
    s.kind = Kind::tournament;
    if (!arg.empty()) {
      long long k = 0;
      if (!try_parse_int(arg, k) || k < 1) {
        throw Error(fmt::format("selection '{}': tournament size must be an integer >= 1", spec));
      }
      s.tournament_size = static_cast<int>(k);
    }
  } else if (name == "ranking") {
    s.kind = Kind::ranking;
    if (!arg.empty()) {
      double p = 0;
      if (!try_parse_double(arg, p) || !(p >= 1 && p <= 2)) {  // NaN fails too
        throw Error(fmt::format("selection '{}': ranking pressure must be in [1, 2]", spec));
      }
      s.ranking_pressure = p;
    }
  } else if (name == "roulette" && arg.empty()) {
    s.kind = Kind::roulette;
  } else if (name == "random" && arg.empty()) {
    s.kind = Kind::random;
  } else {
    throw Error(fmt::format(
        "unknown selection '{}': expected tournament[:K], ranking[:S], roulette or random", spec));
  }
  return s;
}

}  // namespace evoplay::evo

namespace evoplay::fields {

evo::Selection FieldValue<evo::Selection>::parse(std::string_view text, const Field&) {
  try {
    return evo::Selection::parse(text);
  } catch (const Error&) {
    throw Expected{kExpected};
  }
}

}  // namespace evoplay::fields

namespace evoplay::evo {

std::string Selection::name() const {
  switch (kind) {
    case Kind::tournament:
      return fmt::format("tournament:{}", tournament_size);
    case Kind::ranking:
      return fmt::format("ranking:{}", ranking_pressure);
    case Kind::roulette:
      return "roulette";
    case Kind::random:
      return "random";
  }
  return "?";
}

Selector::Selector(const Selection& selection, std::span<const double> fitness, Direction direction)
    : selection_(selection), fitness_(fitness), direction_(direction) {
  const std::size_t n = fitness.size();
  if (n == 0) throw InternalError("selection from an empty population");
  if (selection.kind == Selection::Kind::ranking) {
    // Linear ranking (Baker): rank r = 0 (worst) .. n-1 (best) gets
    // (2 - s)/n + 2 r (s - 1) / (n (n - 1)).
    order_.resize(n);
    std::iota(order_.begin(), order_.end(), std::size_t{0});
    std::stable_sort(order_.begin(), order_.end(), [&](std::size_t a, std::size_t b) {
      return goodness(fitness[a], direction) < goodness(fitness[b], direction);
    });
    const double s = selection.ranking_pressure;
    const double dn = static_cast<double>(n);
    cumulative_.resize(n);
    double total = 0;
    for (std::size_t r = 0; r < n; ++r) {
      const double dr = static_cast<double>(r);
      total += n == 1 ? 1.0 : (2 - s) / dn + 2 * dr * (s - 1) / (dn * (dn - 1));
      cumulative_[r] = total;
    }
  } else if (selection.kind == Selection::Kind::roulette) {
    // Maximisation of non-negative fitness: proportional to fitness, the classic wheel.
    // Otherwise (minimisation, or negative values): proportional to the distance from the
    // worst, plus a floor of range / n so the worst keeps a small chance.
    const bool classic =
        direction == Direction::maximize && *std::min_element(fitness.begin(), fitness.end()) >= 0;
    double worst = goodness(fitness[0], direction), best = worst;
    for (double f : fitness) {
      worst = std::min(worst, goodness(f, direction));
      best = std::max(best, goodness(f, direction));
    }
    const double floor = (best - worst) / static_cast<double>(n);
    cumulative_.resize(n);
    double total = 0;
    for (std::size_t i = 0; i < n; ++i) {
      total += classic ? fitness[i] : goodness(fitness[i], direction) - worst + floor;
      cumulative_[i] = total;
    }
    if (!(total > 0)) {  // all equal (or all zero): uniform
      for (std::size_t i = 0; i < n; ++i) cumulative_[i] = static_cast<double>(i + 1);
    }
  }
}

std::size_t Selector::pick_weighted(Rng& rng) const {
  const double r = rng.uniform() * cumulative_.back();
  const auto it = std::upper_bound(cumulative_.begin(), cumulative_.end(), r);
  return std::min<std::size_t>(static_cast<std::size_t>(it - cumulative_.begin()),
                               cumulative_.size() - 1);
}

std::size_t Selector::pick(Rng& rng) const {
  const std::size_t n = fitness_.size();
  switch (selection_.kind) {
    case Selection::Kind::tournament: {
      std::size_t winner = rng.index(n);
      for (int i = 1; i < selection_.tournament_size; ++i) {
        const std::size_t challenger = rng.index(n);
        if (better(fitness_[challenger], fitness_[winner], direction_)) winner = challenger;
      }
      return winner;
    }
    case Selection::Kind::ranking:
      return order_[pick_weighted(rng)];
    case Selection::Kind::roulette:
      return pick_weighted(rng);
    case Selection::Kind::random:
      return rng.index(n);
  }
  return 0;
}

}  // namespace evoplay::evo
