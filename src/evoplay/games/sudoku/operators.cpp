#include "evoplay/games/sudoku/operators.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>

#include "evoplay/core/error.hpp"

namespace evoplay::games::sudoku {

namespace {

std::string names_of(std::span<const std::string_view> names) {
  std::string out;
  for (auto n : names) out += (out.empty() ? "" : ", ") + std::string(n);
  return out;
}

/// Children made of whole rows: child 1 takes row r from `a` when from_a(r), else from `b`;
/// child 2 the reverse.
template <class FromA>
std::pair<Genome, Genome> by_rows(const SudokuProblem& p, const Genome& a, const Genome& b,
                                  FromA from_a) {
  const int n = p.n();
  Genome c1 = a, c2 = b;
  for (int r = 0; r < n; ++r) {
    if (from_a(r)) continue;
    std::swap_ranges(c1.begin() + r * n, c1.begin() + (r + 1) * n, c2.begin() + r * n);
  }
  return {std::move(c1), std::move(c2)};
}

std::vector<std::uint8_t> free_values(const SudokuProblem& p, const Genome& g, int row) {
  std::vector<std::uint8_t> v;
  for (int c : p.free_columns(row)) v.push_back(g[static_cast<std::size_t>(row * p.n() + c)]);
  return v;
}

void put_free_values(const SudokuProblem& p, Genome& g, int row,
                     const std::vector<std::uint8_t>& v) {
  const auto& cols = p.free_columns(row);
  for (std::size_t i = 0; i < cols.size(); ++i)
    g[static_cast<std::size_t>(row * p.n() + cols[i])] = v[i];
}

/// Children crossed row by row on the free cells with a permutation crossover on values.
template <class RowCross>
std::pair<Genome, Genome> within_rows(const SudokuProblem& p, const Genome& a, const Genome& b,
                                      RowCross cross) {
  Genome c1 = a, c2 = b;
  for (int r = 0; r < p.n(); ++r) {
    if (p.free_columns(r).size() < 2) continue;
    auto [x, y] = cross(free_values(p, a, r), free_values(p, b, r));
    put_free_values(p, c1, r, x);
    put_free_values(p, c2, r, y);
  }
  return {std::move(c1), std::move(c2)};
}

/// A random row with at least k free cells, or -1.
int pick_row(const SudokuProblem& p, int k, Rng& rng) {
  const auto& rows = p.rows_with_free(k);
  return rows.empty() ? -1 : rows[rng.index(rows.size())];
}

}  // namespace

namespace {
/// The combined rule on m values: child k proposes from parent (i + k) % 2 == 0 ? a : b.
void combined_child(const std::uint8_t* a, const std::uint8_t* b, std::size_t m, int k,
                    std::uint8_t* child) {
  std::uint32_t have = 0;
  for (std::size_t i = 0; i < m; ++i) {
    const bool from_a = (i + static_cast<std::size_t>(k)) % 2 == 0;
    const std::uint8_t* source = from_a ? a : b;
    const std::uint8_t* other = from_a ? b : a;
    std::uint8_t v = source[i];
    if (have >> v & 1) {
      for (std::size_t step = 0; step < m; ++step) {
        const std::uint8_t w = other[(i + step) % m];
        if (!(have >> w & 1)) {
          v = w;
          break;
        }
      }
    }
    child[i] = v;
    have |= 1u << v;
  }
}
}  // namespace

std::pair<std::vector<std::uint8_t>, std::vector<std::uint8_t>> combined_row(
    const std::vector<std::uint8_t>& a, const std::vector<std::uint8_t>& b) {
  std::vector<std::uint8_t> c1(a.size()), c2(a.size());
  combined_child(a.data(), b.data(), a.size(), 0, c1.data());
  combined_child(a.data(), b.data(), a.size(), 1, c2.data());
  return {std::move(c1), std::move(c2)};
}

Crossover make_crossover(std::string_view name, const SudokuProblem& problem) {
  const SudokuProblem* p = &problem;
  if (name == "uniform-blocks") {
    return [p](const Genome& a, const Genome& b, Rng&) {
      const int n = p->n();
      return by_rows(*p, a, b, [n](int r) { return r * 3 / n != 1; });
    };
  }
  if (name == "one-point") {
    return [p](const Genome& a, const Genome& b, Rng& rng) {
      const int cut = 1 + static_cast<int>(rng.index(static_cast<std::size_t>(p->n() - 1)));
      return by_rows(*p, a, b, [cut](int r) { return r < cut; });
    };
  }
  if (name == "two-point") {
    return [p](const Genome& a, const Genome& b, Rng& rng) {
      // Two distinct cuts between rows, 1 <= i < j <= n - 1; child 1 takes the rows before i
      // and from j on from the second parent, the middle from the first.
      const auto gaps = static_cast<std::size_t>(p->n() - 1);
      int i = 1 + static_cast<int>(rng.index(gaps)), j = 1 + static_cast<int>(rng.index(gaps - 1));
      if (j >= i) ++j;
      if (i > j) std::swap(i, j);
      return by_rows(*p, a, b, [i, j](int r) { return r >= i && r < j; });
    };
  }
  if (name == "alternating") {
    return [p](const Genome& a, const Genome& b, Rng&) {
      return by_rows(*p, a, b, [](int r) { return r % 2 == 0; });
    };
  }
  if (name == "pmx") {
    return [p](const Genome& a, const Genome& b, Rng& rng) {
      return within_rows(*p, a, b,
                         [&rng](const auto& x, const auto& y) { return evo::pmx(x, y, rng); });
    };
  }
  if (name == "ox") {
    return [p](const Genome& a, const Genome& b, Rng& rng) {
      return within_rows(*p, a, b,
                         [&rng](const auto& x, const auto& y) { return evo::ox(x, y, rng); });
    };
  }
  if (name == "combined") {
    return [p](const Genome& a, const Genome& b, Rng&) {
      // Row by row on the free cells, without allocating: gather, cross, scatter.
      const int n = p->n();
      Genome c1 = a, c2 = b;
      std::uint8_t x[16], y[16], u[16], v[16];
      for (int r = 0; r < n; ++r) {
        const auto& cols = p->free_columns(r);
        const std::size_t m = cols.size();
        if (m < 2) continue;
        for (std::size_t i = 0; i < m; ++i) {
          x[i] = a[static_cast<std::size_t>(r * n + cols[i])];
          y[i] = b[static_cast<std::size_t>(r * n + cols[i])];
        }
        combined_child(x, y, m, 0, u);
        combined_child(x, y, m, 1, v);
        for (std::size_t i = 0; i < m; ++i) {
          c1[static_cast<std::size_t>(r * n + cols[i])] = u[i];
          c2[static_cast<std::size_t>(r * n + cols[i])] = v[i];
        }
      }
      return std::pair<Genome, Genome>{std::move(c1), std::move(c2)};
    };
  }
  throw Error(
      fmt::format("unknown crossover '{}': expected one of {}", name, names_of(kCrossovers)));
}

Mutation make_mutation(std::string_view name, const SudokuProblem& problem) {
  const SudokuProblem* p = &problem;
  auto cell = [p](Genome& g, int row, int col) -> std::uint8_t& {
    return g[static_cast<std::size_t>(row * p->n() + col)];
  };
  if (name == "regeneration") {
    return [p](Genome& g, Rng& rng) {
      const int row = pick_row(*p, 2, rng);
      if (row >= 0) p->draw_row(g, row, rng, p->restricted());
    };
  }
  if (name == "swap-next") {
    return [p, cell](Genome& g, Rng& rng) {
      const int row = pick_row(*p, 2, rng);
      if (row < 0) return;
      const auto& cols = p->free_columns(row);
      const std::size_t i = rng.index(cols.size()), j = (i + 1) % cols.size();
      std::swap(cell(g, row, cols[i]), cell(g, row, cols[j]));
    };
  }
  if (name == "swap-random") {
    return [p, cell](Genome& g, Rng& rng) {
      const int row = pick_row(*p, 2, rng);
      if (row < 0) return;
      const auto& cols = p->free_columns(row);
      const std::size_t i = rng.index(cols.size());
      std::size_t j = rng.index(cols.size() - 1);
      if (j >= i) ++j;
      std::swap(cell(g, row, cols[i]), cell(g, row, cols[j]));
    };
  }
  if (name == "swap-mirror") {
    // Every pair (row, c, n-1-c) of free cells; one is drawn per mutation.
    std::vector<std::array<int, 3>> pairs;
    for (int r = 0; r < p->n(); ++r) {
      for (int c : p->free_columns(r)) {
        const int m = p->n() - 1 - c;
        if (m > c && p->puzzle().at(r, m) == 0) pairs.push_back({r, c, m});
      }
    }
    return [cell, pairs](Genome& g, Rng& rng) {
      if (pairs.empty()) return;
      const auto& [r, c, m] = pairs[rng.index(pairs.size())];
      std::swap(cell(g, r, c), cell(g, r, m));
    };
  }
  if (name == "rotation") {
    // Three distinct free cells of a row, in row order; their digits move one place right
    // (the last one's digit goes to the first), as evo::rotation_mutation does on a sequence.
    return [p, cell](Genome& g, Rng& rng) {
      const int row = pick_row(*p, 3, rng);
      if (row < 0) return;
      const auto& cols = p->free_columns(row);
      const std::size_t m = cols.size();
      std::size_t i = rng.index(m), j = rng.index(m - 1), k = rng.index(m - 2);
      if (j >= i) ++j;
      if (i > j) std::swap(i, j);
      if (k >= i) ++k;
      if (k >= j) ++k;
      std::size_t pos[3] = {i, j, k};
      std::sort(pos, pos + 3);
      std::uint8_t& first = cell(g, row, cols[pos[0]]);
      std::uint8_t& second = cell(g, row, cols[pos[1]]);
      std::uint8_t& third = cell(g, row, cols[pos[2]]);
      const std::uint8_t carry = third;
      third = second;
      second = first;
      first = carry;
    };
  }
  throw Error(fmt::format("unknown mutation '{}': expected one of {}", name, names_of(kMutations)));
}

std::uint64_t LocalSearch::improve(const SudokuProblem& p, Genome& g, Rng& rng) const {
  const int n = p.n();
  std::uint8_t col[16][17] = {}, box[16][17] = {};
  for (int i = 0; i < n * n; ++i) {
    ++col[i % n][g[static_cast<std::size_t>(i)]];
    ++box[p.box_of_cell(i)][g[static_cast<std::size_t>(i)]];
  }
  int fitness = 0;
  for (int k = 0; k < n; ++k) {
    for (int d = 1; d <= n; ++d) fitness += (col[k][d] == 0) + (box[k][d] == 0);
  }
  auto in_conflict = [&](int r, int c) {
    const int v = g[static_cast<std::size_t>(r * n + c)];
    return col[c][v] > 1 || box[p.box_of_cell(r * n + c)][v] > 1;
  };
  // Fitness change of swapping the digits of (r, c1) and (r, c2).
  auto delta_of = [&](int r, int c1, int c2) {
    const int v1 = g[static_cast<std::size_t>(r * n + c1)],
              v2 = g[static_cast<std::size_t>(r * n + c2)];
    int delta = (col[c1][v1] == 1) - (col[c1][v2] == 0) + (col[c2][v2] == 1) - (col[c2][v1] == 0);
    const int b1 = p.box_of_cell(r * n + c1), b2 = p.box_of_cell(r * n + c2);
    if (b1 != b2)
      delta += (box[b1][v1] == 1) - (box[b1][v2] == 0) + (box[b2][v2] == 1) - (box[b2][v1] == 0);
    return delta;
  };
  auto apply = [&](int r, int c1, int c2, int delta) {
    auto& x = g[static_cast<std::size_t>(r * n + c1)];
    auto& y = g[static_cast<std::size_t>(r * n + c2)];
    const int b1 = p.box_of_cell(r * n + c1), b2 = p.box_of_cell(r * n + c2);
    --col[c1][x], --col[c2][y], --box[b1][x], --box[b2][y];
    std::swap(x, y);
    ++col[c1][x], ++col[c2][y], ++box[b1][x], ++box[b2][y];
    fitness += delta;
  };
  auto swappable = [&](int r, int c1, int c2) {
    return (p.allowed(r, c1) >> g[static_cast<std::size_t>(r * n + c2)] & 1) &&
           (p.allowed(r, c2) >> g[static_cast<std::size_t>(r * n + c1)] & 1);
  };
  std::uint64_t moves = 0;
  std::vector<int> conflicts;
  conflicts.reserve(static_cast<std::size_t>(n * n));
  for (int step = 0; step < steps && fitness > 0; ++step) {
    conflicts.clear();
    for (int r = 0; r < n; ++r) {
      for (int c : p.free_columns(r)) {
        if (in_conflict(r, c)) conflicts.push_back(r * n + c);
      }
    }
    if (conflicts.empty()) break;
    const int chosen = conflicts[rng.index(conflicts.size())];
    const int r = chosen / n, c1 = chosen % n;
    const auto& cols = p.free_columns(r);
    int best_delta = 1 << 20, best_c2 = -1, ties = 0;
    const bool walk = rng.chance(noise);
    for (int c2 : cols) {
      if (c2 == c1 || !swappable(r, c1, c2)) continue;
      const int delta = walk ? 0 : delta_of(r, c1, c2);
      if (delta < best_delta) {
        best_delta = delta, best_c2 = c2, ties = 1;
      } else if (delta == best_delta && rng.index(static_cast<std::size_t>(++ties)) == 0) {
        best_c2 = c2;
      }
    }
    if (best_c2 < 0) continue;
    if (walk) {
      apply(r, c1, best_c2, delta_of(r, c1, best_c2));
      ++moves;
    } else if (best_delta < 0 || (best_delta == 0 && rng.chance(sideways))) {
      apply(r, c1, best_c2, best_delta);
      ++moves;
    }
  }
  return moves;
}

}  // namespace evoplay::games::sudoku
