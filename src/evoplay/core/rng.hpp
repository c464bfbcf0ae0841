#pragma once
// A small, fast, seedable random generator (xoshiro256**, seeded through SplitMix64).
//
// Why it exists: evoplay has no global generator. Every run owns one master Rng built from
// --seed, and derives independent streams from it with split(key) — per individual, per
// game, per worker — so that results do not depend on the number of threads or on the order
// in which work happens to be scheduled.

#include <array>
#include <bit>
#include <cmath>
#include <cstdint>
#include <initializer_list>
#include <limits>
#include <span>
#include <utility>

namespace evoplay {

/// SplitMix64 step: a strong 64-bit mixer, used for seeding and stream derivation.
constexpr std::uint64_t splitmix64(std::uint64_t& state) {
  std::uint64_t z = (state += 0x9E3779B97F4A7C15ULL);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}

/// Mixes a seed with a key into a new seed (order-sensitive, collision-resistant in practice).
constexpr std::uint64_t mix_seed(std::uint64_t seed, std::uint64_t key) {
  std::uint64_t s = seed ^ (key * 0xD1B54A32D192ED03ULL);
  splitmix64(s);
  return splitmix64(s) ^ key;
}

class Rng {
 public:
  using result_type = std::uint64_t;

  explicit constexpr Rng(std::uint64_t seed = 0) : seed_(seed) {
    std::uint64_t s = seed;
    for (auto& word : state_) word = splitmix64(s);
  }

  /// The seed this generator was built from (its identity for split()).
  constexpr std::uint64_t seed() const { return seed_; }

  /// An independent stream identified by `key`. Does not advance this generator, so the
  /// stream of key k is the same whoever asks for it and whenever.
  constexpr Rng split(std::uint64_t key) const { return Rng(mix_seed(seed_, key)); }
  /// Stream for a path of keys, e.g. split({generation, slot}).
  constexpr Rng split(std::initializer_list<std::uint64_t> keys) const {
    std::uint64_t s = seed_;
    for (auto k : keys) s = mix_seed(s, k);
    return Rng(s);
  }

  static constexpr result_type min() { return 0; }
  static constexpr result_type max() { return std::numeric_limits<result_type>::max(); }

  constexpr result_type operator()() {
    const std::uint64_t result = std::rotl(state_[1] * 5, 7) * 9;
    const std::uint64_t t = state_[1] << 17;
    state_[2] ^= state_[0];
    state_[3] ^= state_[1];
    state_[1] ^= state_[2];
    state_[0] ^= state_[3];
    state_[2] ^= t;
    state_[3] = std::rotl(state_[3], 45);
    return result;
  }

  /// Uniform integer in [0, n); n must be > 0. Lemire's multiply-shift with rejection.
  constexpr std::uint64_t below(std::uint64_t n) {
    std::uint64_t x = (*this)();
    __uint128_t m = static_cast<__uint128_t>(x) * n;
    auto low = static_cast<std::uint64_t>(m);
    if (low < n) {
      const std::uint64_t threshold = (0 - n) % n;
      while (low < threshold) {
        x = (*this)();
        m = static_cast<__uint128_t>(x) * n;
        low = static_cast<std::uint64_t>(m);
      }
    }
    return static_cast<std::uint64_t>(m >> 64);
  }

  /// Uniform index in [0, n) as a size_t.
  constexpr std::size_t index(std::size_t n) { return static_cast<std::size_t>(below(n)); }

  /// Uniform integer in [lo, hi] (inclusive).
  constexpr std::int64_t between(std::int64_t lo, std::int64_t hi) {
    return lo + static_cast<std::int64_t>(below(static_cast<std::uint64_t>(hi - lo) + 1));
  }

  /// Uniform double in [0, 1) with 53 random bits.
  constexpr double uniform() { return static_cast<double>((*this)() >> 11) * 0x1.0p-53; }
  constexpr double uniform(double lo, double hi) { return lo + (hi - lo) * uniform(); }

  /// True with probability p.
  constexpr bool chance(double p) { return uniform() < p; }

  /// Standard normal deviate (Marsaglia polar method; no cached spare, so streams stay simple).
  double normal() {
    for (;;) {
      const double u = 2.0 * uniform() - 1.0;
      const double v = 2.0 * uniform() - 1.0;
      const double s = u * u + v * v;
      if (s > 0.0 && s < 1.0) return u * std::sqrt(-2.0 * std::log(s) / s);
    }
  }
  double normal(double mean, double sd) { return mean + sd * normal(); }

  /// Fisher–Yates shuffle.
  template <class T>
  constexpr void shuffle(std::span<T> items) {
    for (std::size_t i = items.size(); i > 1; --i) {
      std::swap(items[i - 1], items[index(i)]);
    }
  }
  template <class Container>
  constexpr void shuffle(Container& c) {
    shuffle(std::span(c.data(), c.size()));
  }

  /// A uniformly chosen element (the container must not be empty).
  template <class Container>
  constexpr auto& pick(Container& c) {
    return c[index(c.size())];
  }

  /// Index drawn with probability proportional to non-negative weights; -1 if all are zero.
  template <class Weights>
  std::ptrdiff_t weighted(const Weights& weights) {
    double total = 0;
    for (double w : weights) total += w;
    if (!(total > 0)) return -1;
    double r = uniform() * total;
    std::ptrdiff_t last = -1;
    std::ptrdiff_t i = 0;
    for (double w : weights) {
      if (w > 0) {
        last = i;
        if (r < w) return i;
        r -= w;
      }
      ++i;
    }
    return last;  // rounding: fall back to the last positive weight
  }

 private:
  std::uint64_t seed_;
  std::array<std::uint64_t, 4> state_{};
};

}  // namespace evoplay
