#pragma once
// Mutation operators: change a genome in place using the caller's Rng.
//
// Swap, insertion, inversion, scramble and rotation only move genes around, so a permutation
// stays a permutation. Random reset (integers) and Gaussian (reals) change values.

#include <algorithm>
#include <functional>
#include <string_view>
#include <vector>

#include "evoplay/core/rng.hpp"

namespace evoplay::evo {

template <class G>
using MutationFn = std::function<void(G&, Rng&)>;

/// Swaps the values at two distinct random positions.
template <class T>
void swap_mutation(std::vector<T>& g, Rng& rng) {
  if (g.size() < 2) return;
  const std::size_t i = rng.index(g.size());
  std::size_t j = rng.index(g.size() - 1);
  if (j >= i) ++j;
  std::swap(g[i], g[j]);
}

/// Removes the value at one position and inserts it at another.
template <class T>
void insertion_mutation(std::vector<T>& g, Rng& rng) {
  if (g.size() < 2) return;
  const std::size_t from = rng.index(g.size());
  std::size_t to = rng.index(g.size() - 1);
  if (to >= from) ++to;
  if (from < to) {
    std::rotate(g.begin() + static_cast<std::ptrdiff_t>(from),
                g.begin() + static_cast<std::ptrdiff_t>(from) + 1,
                g.begin() + static_cast<std::ptrdiff_t>(to) + 1);
  } else {
    std::rotate(g.begin() + static_cast<std::ptrdiff_t>(to),
                g.begin() + static_cast<std::ptrdiff_t>(from),
                g.begin() + static_cast<std::ptrdiff_t>(from) + 1);
  }
}

namespace detail {
/// A random segment [i, j) of at least two genes.
inline std::pair<std::size_t, std::size_t> segment(std::size_t n, Rng& rng) {
  std::size_t i = rng.index(n), j = rng.index(n);
  while (j == i) j = rng.index(n);
  if (i > j) std::swap(i, j);
  return {i, j + 1};
}
}  // namespace detail

/// Reverses a random segment (2-opt move for tours).
template <class T>
void inversion_mutation(std::vector<T>& g, Rng& rng) {
  if (g.size() < 2) return;
  const auto [i, j] = detail::segment(g.size(), rng);
  std::reverse(g.begin() + static_cast<std::ptrdiff_t>(i),
               g.begin() + static_cast<std::ptrdiff_t>(j));
}

/// Shuffles a random segment.
template <class T>
void scramble_mutation(std::vector<T>& g, Rng& rng) {
  if (g.size() < 2) return;
  const auto [i, j] = detail::segment(g.size(), rng);
  rng.shuffle(std::span<T>(g.data() + i, j - i));
}

/// Picks k distinct positions and rotates their values one place to the right
/// (the value of the last chosen position goes to the first).
template <class T>
void rotation_mutation(std::vector<T>& g, Rng& rng, std::size_t k = 3) {
  const std::size_t n = g.size();
  k = std::min(k, n);
  if (k < 2) return;
  // Floyd's sampling of k distinct positions, then sorted.
  std::vector<std::size_t> pos;
  pos.reserve(k);
  for (std::size_t j = n - k; j < n; ++j) {
    const std::size_t t = rng.index(j + 1);
    if (std::find(pos.begin(), pos.end(), t) == pos.end()) {
      pos.push_back(t);
    } else {
      pos.push_back(j);
    }
  }
  std::sort(pos.begin(), pos.end());
  T carry = g[pos.back()];
  for (std::size_t m = k - 1; m > 0; --m) g[pos[m]] = g[pos[m - 1]];
  g[pos[0]] = carry;
}

/// Re-draws each gene in [lo, hi] with probability `per_gene` (at least one gene changes).
template <class T>
void random_reset_mutation(std::vector<T>& g, Rng& rng, T lo, T hi, double per_gene) {
  if (g.empty()) return;
  bool any = false;
  for (auto& v : g) {
    if (rng.chance(per_gene)) {
      v = static_cast<T>(rng.between(lo, hi));
      any = true;
    }
  }
  if (!any) g[rng.index(g.size())] = static_cast<T>(rng.between(lo, hi));
}

/// Flips each bit (a gene 0 or 1) with probability `per_gene` (at least one bit flips): the
/// bit-string mutation of the GA over bits (Python's `bit-flip[:P]`, OneMax).
template <class T>
void bit_flip_mutation(std::vector<T>& g, Rng& rng, double per_gene) {
  if (g.empty()) return;
  bool any = false;
  for (auto& b : g) {
    if (rng.chance(per_gene)) {
      b ^= 1;
      any = true;
    }
  }
  if (!any) g[rng.index(g.size())] ^= 1;
}

/// Adds N(0, sigma) to each gene with probability `per_gene` (at least one gene), clamped.
inline void gaussian_mutation(std::vector<double>& g, Rng& rng, double sigma, double per_gene,
                              double lo, double hi) {
  if (g.empty()) return;
  bool any = false;
  auto step = [&](double& v) { v = std::clamp(v + rng.normal(0, sigma), lo, hi); };
  for (auto& v : g) {
    if (rng.chance(per_gene)) {
      step(v);
      any = true;
    }
  }
  if (!any) step(g[rng.index(g.size())]);
}

inline constexpr std::string_view kPermutationMutations[] = {"swap", "insertion", "inversion",
                                                             "scramble", "rotation"};

/// A permutation mutation by name ("rotation" rotates 3 positions, "rotation:K" K of them).
MutationFn<std::vector<int>> permutation_mutation(std::string_view name);

}  // namespace evoplay::evo
