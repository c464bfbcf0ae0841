#pragma once
// Crossover operators. Each takes two parents and an Rng and returns two children.
//
// Sequence operators (one-point, two-point, uniform) suit any genome stored as a vector.
// Permutation operators (PMX, OX, CX, position-based) keep a permutation a permutation: the
// genes are distinct non-negative integers (any set of them, not only 0..n-1, so that a
// Sudoku row's free digits work too) and each child holds exactly the parents' set.

#include <algorithm>
#include <cassert>
#include <functional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "evoplay/core/rng.hpp"

namespace evoplay::evo {

template <class G>
using CrossoverFn = std::function<std::pair<G, G>(const G&, const G&, Rng&)>;

namespace detail {
/// Two distinct cut points 0 <= i < j <= n, chosen uniformly.
inline std::pair<std::size_t, std::size_t> two_cuts(std::size_t n, Rng& rng) {
  std::size_t i = rng.index(n + 1), j = rng.index(n + 1);
  while (j == i) j = rng.index(n + 1);
  if (i > j) std::swap(i, j);
  return {i, j};
}

/// A value -> position table for permutations of small non-negative integers.
template <class T>
std::vector<int> positions_of(const std::vector<T>& perm) {
  T top = 0;
  for (T v : perm) top = std::max(top, v);
  std::vector<int> pos(static_cast<std::size_t>(top) + 1, -1);
  for (std::size_t i = 0; i < perm.size(); ++i)
    pos[static_cast<std::size_t>(perm[i])] = static_cast<int>(i);
  return pos;
}
}  // namespace detail

// ---- sequences ------------------------------------------------------------------------

/// One cut point in [1, n-1], n the shorter length; the children swap their whole tails, so
/// parents of different lengths give children of new lengths (a's head with b's tail, and b's
/// head with a's tail; the lengths' sum is kept). For equal lengths: the classic operator.
template <class T>
std::pair<std::vector<T>, std::vector<T>> one_point(const std::vector<T>& a,
                                                    const std::vector<T>& b, Rng& rng) {
  const std::size_t n = std::min(a.size(), b.size());
  if (n < 2) return {a, b};
  const auto cut = static_cast<std::ptrdiff_t>(1 + rng.index(n - 1));
  std::vector<T> c1(a.begin(), a.begin() + cut), c2(b.begin(), b.begin() + cut);
  c1.insert(c1.end(), b.begin() + cut, b.end());
  c2.insert(c2.end(), a.begin() + cut, a.end());
  return {std::move(c1), std::move(c2)};
}

/// Two cut points within the shorter length; the children swap the middle segment (their
/// lengths stay their parents').
template <class T>
std::pair<std::vector<T>, std::vector<T>> two_point(const std::vector<T>& a,
                                                    const std::vector<T>& b, Rng& rng) {
  const std::size_t n = std::min(a.size(), b.size());
  std::vector<T> c1 = a, c2 = b;
  if (n < 2) return {c1, c2};
  const auto [i, j] = detail::two_cuts(n, rng);
  for (std::size_t k = i; k < j; ++k) std::swap(c1[k], c2[k]);
  return {std::move(c1), std::move(c2)};
}

/// Each position is swapped between the children with probability 1/2.
template <class T>
std::pair<std::vector<T>, std::vector<T>> uniform(const std::vector<T>& a, const std::vector<T>& b,
                                                  Rng& rng) {
  const std::size_t n = std::min(a.size(), b.size());
  std::vector<T> c1 = a, c2 = b;
  for (std::size_t k = 0; k < n; ++k) {
    if (rng.chance(0.5)) std::swap(c1[k], c2[k]);
  }
  return {std::move(c1), std::move(c2)};
}

// ---- permutations ---------------------------------------------------------------------

namespace detail {
/// PMX child: segment [i, j) from `keep`, the rest from `other`, conflicts resolved through
/// the segment's mapping.
template <class T>
std::vector<T> pmx_child(const std::vector<T>& keep, const std::vector<T>& other, std::size_t i,
                         std::size_t j) {
  const std::size_t n = keep.size();
  std::vector<T> child(n);
  const auto pos_keep = positions_of(keep);
  std::vector<char> in_segment(pos_keep.size(), 0);
  for (std::size_t k = i; k < j; ++k) {
    child[k] = keep[k];
    in_segment[static_cast<std::size_t>(keep[k])] = 1;
  }
  for (std::size_t k = 0; k < n; ++k) {
    if (k >= i && k < j) continue;
    T v = other[k];
    // Follow the mapping keep[p] -> other[p] while v is already placed by the segment.
    while (static_cast<std::size_t>(v) < in_segment.size() &&
           in_segment[static_cast<std::size_t>(v)]) {
      v = other[static_cast<std::size_t>(pos_keep[static_cast<std::size_t>(v)])];
    }
    child[k] = v;
  }
  return child;
}

/// OX child: segment [i, j) from `keep`; the other positions, from j onward (wrapping), get
/// the values of `other` in its order from j onward, skipping those of the segment.
template <class T>
std::vector<T> ox_child(const std::vector<T>& keep, const std::vector<T>& other, std::size_t i,
                        std::size_t j) {
  const std::size_t n = keep.size();
  std::vector<T> child(keep);
  T top = 0;
  for (T v : keep) top = std::max(top, v);
  for (T v : other) top = std::max(top, v);
  std::vector<char> used(static_cast<std::size_t>(top) + 1, 0);
  for (std::size_t k = i; k < j; ++k) used[static_cast<std::size_t>(keep[k])] = 1;
  std::size_t write = j % n;
  for (std::size_t step = 0; step < n; ++step) {
    const T v = other[(j + step) % n];
    if (used[static_cast<std::size_t>(v)]) continue;
    child[write] = v;
    write = (write + 1) % n;
  }
  return child;
}
}  // namespace detail

/// Partially mapped crossover (Goldberg & Lingle).
template <class T>
std::pair<std::vector<T>, std::vector<T>> pmx(const std::vector<T>& a, const std::vector<T>& b,
                                              Rng& rng) {
  assert(a.size() == b.size());
  if (a.size() < 2) return {a, b};
  const auto [i, j] = detail::two_cuts(a.size(), rng);
  return {detail::pmx_child(a, b, i, j), detail::pmx_child(b, a, i, j)};
}

/// Order crossover (Davis).
template <class T>
std::pair<std::vector<T>, std::vector<T>> ox(const std::vector<T>& a, const std::vector<T>& b,
                                             Rng& rng) {
  assert(a.size() == b.size());
  if (a.size() < 2) return {a, b};
  const auto [i, j] = detail::two_cuts(a.size(), rng);
  return {detail::ox_child(a, b, i, j), detail::ox_child(b, a, i, j)};
}

/// Cycle crossover (Oliver et al.): the cycles of positions go alternately to each child.
template <class T>
std::pair<std::vector<T>, std::vector<T>> cx(const std::vector<T>& a, const std::vector<T>& b,
                                             Rng& /*rng*/) {
  assert(a.size() == b.size());
  const std::size_t n = a.size();
  std::vector<T> c1(n), c2(n);
  const auto pos_a = detail::positions_of(a);
  std::vector<char> done(n, 0);
  bool from_a = true;
  for (std::size_t start = 0; start < n; ++start) {
    if (done[start]) continue;
    std::size_t k = start;
    do {
      done[k] = 1;
      c1[k] = from_a ? a[k] : b[k];
      c2[k] = from_a ? b[k] : a[k];
      k = static_cast<std::size_t>(pos_a[static_cast<std::size_t>(b[k])]);
    } while (k != start);
    from_a = !from_a;
  }
  return {std::move(c1), std::move(c2)};
}

/// Position-based crossover (Syswerda): a random half of the positions keep the first parent's
/// values; the others take the missing values in the order they appear in the second parent.
template <class T>
std::pair<std::vector<T>, std::vector<T>> position_based(const std::vector<T>& a,
                                                         const std::vector<T>& b, Rng& rng) {
  assert(a.size() == b.size());
  const std::size_t n = a.size();
  std::vector<char> fixed(n);
  for (auto& f : fixed) f = rng.chance(0.5) ? 1 : 0;
  auto child = [&](const std::vector<T>& keep, const std::vector<T>& other) {
    std::vector<T> c(n);
    T top = 0;
    for (T v : keep) top = std::max(top, v);
    std::vector<char> used(static_cast<std::size_t>(top) + 1, 0);
    for (std::size_t k = 0; k < n; ++k) {
      if (fixed[k]) {
        c[k] = keep[k];
        used[static_cast<std::size_t>(keep[k])] = 1;
      }
    }
    std::size_t read = 0;
    for (std::size_t k = 0; k < n; ++k) {
      if (fixed[k]) continue;
      while (used[static_cast<std::size_t>(other[read])]) ++read;
      c[k] = other[read++];
    }
    return c;
  };
  return {child(a, b), child(b, a)};
}

/// Names of the permutation crossovers, for --help and validation.
inline constexpr std::string_view kPermutationCrossovers[] = {"pmx", "ox", "cx", "position"};
inline constexpr std::string_view kSequenceCrossovers[] = {"one-point", "two-point", "uniform"};

/// A permutation crossover by name; throws Error for an unknown name.
CrossoverFn<std::vector<int>> permutation_crossover(std::string_view name);
/// A sequence crossover by name for integer genomes; throws Error for an unknown name.
CrossoverFn<std::vector<int>> sequence_crossover(std::string_view name);

}  // namespace evoplay::evo
