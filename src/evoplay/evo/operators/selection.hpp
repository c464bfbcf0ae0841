#pragma once
// Parent selection: tournament, linear ranking, roulette wheel and uniform random.
//
// A Selection is the user's choice (a value parsed from "tournament:3", "ranking:1.5",
// "roulette", "random"); a Selector is that choice prepared for one generation's fitness
// values, after which pick() is a cheap, thread-safe draw that uses only the caller's Rng.

#include <cstddef>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "evoplay/core/fields.hpp"
#include "evoplay/core/rng.hpp"
#include "evoplay/evo/problem.hpp"

namespace evoplay::evo {

struct Selection {
  enum class Kind { tournament, ranking, roulette, random };
  Kind kind = Kind::tournament;
  int tournament_size = 3;        // k: individuals drawn (with replacement); the best wins
  double ranking_pressure = 1.5;  // s in [1, 2]: expected offspring of the best under ranking

  /// Parses "tournament[:K]", "ranking[:S]", "roulette", "random". Throws Error otherwise.
  static Selection parse(std::string_view spec);
  std::string name() const;
};

class Selector {
 public:
  Selector(const Selection& selection, std::span<const double> fitness, Direction direction);
  /// Index of one selected individual.
  std::size_t pick(Rng& rng) const;

 private:
  std::size_t pick_weighted(Rng& rng) const;

  Selection selection_;
  std::span<const double> fitness_;
  Direction direction_;
  std::vector<double> cumulative_;  // ranking and roulette
  std::vector<std::size_t> order_;  // ranking: indices from worst to best
};

}  // namespace evoplay::evo

namespace evoplay::fields {

/// A selection as a setting: "tournament:3", "ranking:1.5", "roulette" or "random".
template <>
struct FieldValue<evo::Selection> {
  static std::string kind(const Field&) { return "SPEC"; }
  static evo::Selection parse(std::string_view text, const Field&);
  static std::string text(const evo::Selection& s) { return s.name(); }
  static nlohmann::json to_json(const evo::Selection& s) { return s.name(); }
  static evo::Selection from_json(const nlohmann::json& j, const Field& f) {
    if (!j.is_string()) throw Expected{kExpected};
    return parse(j.get<std::string>(), f);
  }
  static void check(const evo::Selection&, const Field&) {}
  static constexpr const char* kExpected =
      "tournament[:K] (K at least 1), ranking[:S] (S from 1 to 2), roulette or random";
};

}  // namespace evoplay::fields
