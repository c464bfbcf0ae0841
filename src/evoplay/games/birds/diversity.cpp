#include "evoplay/games/birds/diversity.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <bit>
#include <cmath>
#include <limits>

#include "evoplay/core/error.hpp"
#include "evoplay/core/field_checks.hpp"
#include "evoplay/games/birds/protection.hpp"
#include "evoplay/games/birds/shelter.hpp"
#include "evoplay/games/birds/support.hpp"

namespace evoplay::games::birds {

std::string_view hamming_name(HammingMode mode) {
  for (const auto& n : kHammingNames)
    if (n.value == mode) return n.name;
  return "?";
}

DiversityTerms usage_terms(std::span<const int> used, int reference) {
  DiversityTerms t;
  if (used.empty() || reference < 1) return t;
  std::map<int, int> counts;
  for (int c : used) ++counts[c];
  t.distinct = std::min(1.0, static_cast<double>(counts.size()) / reference);
  if (reference > 1) {
    double h = 0;
    const double n = static_cast<double>(used.size());
    for (const auto& [c, k] : counts) {
      const double p = k / n;
      h -= p * std::log2(p);
    }
    t.entropy = std::min(1.0, h / std::log2(static_cast<double>(reference)));
  } else {
    t.entropy = 1;
  }
  return t;
}

namespace {

bool stopped(const std::atomic<bool>* cancel) {
  return cancel && cancel->load(std::memory_order_relaxed);
}

double normalised_hamming(const Genome& a, const Genome& b) {
  const std::size_t total = a.genes.size() + b.genes.size();
  return total == 0 ? 0.0 : hamming(a, b) / static_cast<double>(total);
}

}  // namespace

std::vector<DiversityTerms> population_diversity(std::span<const Genome* const> genomes,
                                                 std::span<const std::vector<int>> used,
                                                 int reference, HammingMode mode,
                                                 const std::atomic<bool>* cancel) {
  const std::size_t n = genomes.size();
  std::vector<DiversityTerms> out(n);
  for (std::size_t i = 0; i < n; ++i) {
    if (stopped(cancel)) break;
    out[i] = usage_terms(used[i], reference);
    double low = std::numeric_limits<double>::infinity(), sum = 0;
    for (std::size_t j = 0; j < n; ++j) {
      if (j == i) continue;
      const double d = normalised_hamming(*genomes[i], *genomes[j]);
      low = std::min(low, d);
      sum += d;
    }
    if (n > 1) out[i].hamming = mode == HammingMode::kMin ? low : sum / static_cast<double>(n - 1);
  }
  return out;
}

int min_pairwise_hamming(std::span<const Genome* const> genomes, const std::atomic<bool>* cancel) {
  if (genomes.size() < 2) return 0;
  int low = std::numeric_limits<int>::max();
  for (std::size_t i = 0; i + 1 < genomes.size() && !stopped(cancel); ++i) {
    for (std::size_t j = i + 1; j < genomes.size(); ++j) {
      low = std::min(low, hamming(*genomes[i], *genomes[j]));
    }
  }
  return low;
}

double mean_pairwise_hamming(std::span<const Genome* const> genomes,
                             const std::atomic<bool>* cancel) {
  if (genomes.size() < 2) return 0;
  double sum = 0;
  double pairs = 0;
  for (std::size_t i = 0; i + 1 < genomes.size() && !stopped(cancel); ++i) {
    for (std::size_t j = i + 1; j < genomes.size(); ++j, ++pairs) {
      sum += normalised_hamming(*genomes[i], *genomes[j]);
    }
  }
  return pairs > 0 ? sum / pairs : 0.0;
}

int Silhouette::filled_cells() const {
  int n = 0;
  for (std::uint64_t w : occupied) n += std::popcount(w);
  return n;
}

bool Silhouette::occupied_at(int column, int row) const {
  const auto at = static_cast<std::size_t>(row) * static_cast<std::size_t>(columns) +
                  static_cast<std::size_t>(column);
  return (occupied[at / 64] >> (at % 64) & 1) != 0;
}

Silhouette rasterise(const Level& level, const Bounds& window, double cell) {
  Silhouette s;
  s.columns = std::max(1, static_cast<int>(std::ceil(window.width() / cell)));
  s.rows = std::max(1, static_cast<int>(std::ceil(window.height() / cell)));
  // Per cell: 0 empty, else 1 + its filler (the last block's over it; a pig keeps what was).
  std::vector<std::uint8_t> cells(
      static_cast<std::size_t>(s.columns) * static_cast<std::size_t>(s.rows), 0);
  for (const Object& o : level.objects) {
    const std::uint8_t filler = o.kind() != Kind::kBlock         ? 4
                                : o.material == Material::kWood  ? 1
                                : o.material == Material::kStone ? 2
                                : o.material == Material::kIce   ? 3
                                                                 : 4;
    const auto outline = world_outline(o.type, o.x, o.y, o.rotation, o.scale_x, o.scale_y);
    const Bounds b = bounds(o);
    const int c0 = std::max(0, static_cast<int>(std::floor((b.min_x - window.min_x) / cell)));
    const int c1 =
        std::min(s.columns - 1, static_cast<int>(std::floor((b.max_x - window.min_x) / cell)));
    const int r0 = std::max(0, static_cast<int>(std::floor((b.min_y - window.min_y) / cell)));
    const int r1 =
        std::min(s.rows - 1, static_cast<int>(std::floor((b.max_y - window.min_y) / cell)));
    for (int r = r0; r <= r1; ++r) {
      const double py = window.min_y + (r + 0.5) * cell;
      for (int c = c0; c <= c1; ++c) {
        const double px = window.min_x + (c + 0.5) * cell;
        // Inside a convex counter-clockwise outline: left of every edge.
        bool inside = true;
        for (std::size_t k = 0; k < outline.size() && inside; ++k) {
          const Point& a = outline[k];
          const Point& e = outline[(k + 1) % outline.size()];
          inside = (e.x - a.x) * (py - a.y) - (e.y - a.y) * (px - a.x) >= 0;
        }
        if (inside) {
          std::uint8_t& at = cells[static_cast<std::size_t>(r) * s.columns + c];
          if (o.kind() != Kind::kPig) {
            at = static_cast<std::uint8_t>(1 + filler);
          } else if (at == 0) {
            at = 1;  // a pig alone: filler 0
          }
        }
      }
    }
  }
  const std::size_t words = (cells.size() + 63) / 64;
  s.occupied.assign(words, 0);
  for (auto& plane : s.filled) plane.assign(words, 0);
  for (std::size_t i = 0; i < cells.size(); ++i) {
    if (cells[i] == 0) continue;
    const std::uint64_t bit = std::uint64_t{1} << (i % 64);
    s.occupied[i / 64] |= bit;
    s.filled[cells[i] - 1u][i / 64] |= bit;
  }
  return s;
}

namespace {

void check_same_grid(const Silhouette& a, const Silhouette& b, const char* what) {
  if (a.columns != b.columns || a.rows != b.rows) {
    throw InternalError(fmt::format("{}: silhouettes on different grids", what));
  }
}

/// 1 - shared / |A or B| (0 when both are empty).
double distance_of(int shared, const Silhouette& a, const Silhouette& b) {
  int either = 0;
  for (std::size_t i = 0; i < a.occupied.size(); ++i) {
    either += std::popcount(a.occupied[i] | b.occupied[i]);
  }
  return either == 0 ? 0.0 : 1.0 - static_cast<double>(shared) / either;
}

}  // namespace

double structural_distance(const Silhouette& a, const Silhouette& b) {
  check_same_grid(a, b, "structural_distance");
  int both = 0;
  for (std::size_t i = 0; i < a.occupied.size(); ++i) {
    both += std::popcount(a.occupied[i] & b.occupied[i]);
  }
  return distance_of(both, a, b);
}

double material_distance(const Silhouette& a, const Silhouette& b) {
  check_same_grid(a, b, "material_distance");
  int alike = 0;
  for (std::size_t f = 0; f < a.filled.size(); ++f) {
    for (std::size_t i = 0; i < a.occupied.size(); ++i) {
      alike += std::popcount(a.filled[f][i] & b.filled[f][i]);
    }
  }
  return distance_of(alike, a, b);
}

double pig_distance(const std::vector<Point>& a, const std::vector<Point>& b) {
  if (a.empty() && b.empty()) return 0;
  if (a.empty() || b.empty()) return 1;
  constexpr double kScale = 4;
  auto one_way = [](const std::vector<Point>& from, const std::vector<Point>& to) {
    double sum = 0;
    for (const Point& p : from) {
      double nearest = 1e300;
      for (const Point& q : to) nearest = std::min(nearest, std::hypot(p.x - q.x, p.y - q.y));
      sum += nearest;
    }
    return sum / static_cast<double>(from.size());
  };
  return std::min(1.0, (one_way(a, b) + one_way(b, a)) / 2 / kScale);
}

LevelShape level_shape(const Level& level, const Bounds& window, double cell) {
  LevelShape shape{rasterise(level, window, cell),
                   composition(level),
                   static_cast<int>(level.objects.size()),
                   {}};
  for (const Object& o : level.objects) {
    if (o.kind() == Kind::kPig) shape.pigs.push_back({o.x, o.y});
  }
  return shape;
}

std::map<std::string, int> composition(const Level& level) {
  std::map<std::string, int> out;
  for (const Object& o : level.objects) {
    std::string key;
    switch (o.kind()) {
      case Kind::kBlock: {
        key = std::string(o.shape().name);
        const double turn = std::abs(std::remainder(o.rotation, 180.0));
        if (std::abs(turn - 90) < 1) key += "@90";
        break;
      }
      case Kind::kPig:
        key = "Pig " + std::string(o.shape().name);
        break;
      case Kind::kTnt:
        key = "TNT";
        break;
      case Kind::kPlatform:
        key = "Platform";
        break;
    }
    ++out[key];
  }
  return out;
}

int count_distance(const std::map<std::string, int>& a, const std::map<std::string, int>& b) {
  int d = 0;
  for (const auto& [k, n] : a) {
    const auto it = b.find(k);
    d += std::abs(n - (it == b.end() ? 0 : it->second));
  }
  for (const auto& [k, n] : b) {
    if (!a.contains(k)) d += n;
  }
  return d;
}

double level_distance(const LevelShape& a, const LevelShape& b) {
  return (structural_distance(a.silhouette, b.silhouette) +
          material_distance(a.silhouette, b.silhouette) + pig_distance(a.pigs, b.pigs)) /
         3;
}

SetDiversity set_diversity(std::span<const Level> levels, double cell,
                           const std::atomic<bool>* cancel) {
  check_number("cell", cell, kMinDiversityCell, kMaxDiversityCell);
  const auto cancelled = [cancel] { return cancel && cancel->load(std::memory_order_relaxed); };
  SetDiversity out;
  const std::size_t n = levels.size();
  out.levels = static_cast<int>(n);
  out.structural.assign(n, std::vector<double>(n, 0.0));
  out.counts.assign(n, std::vector<int>(n, 0));
  if (n == 0) return out;
  out.blocks_min = 1e9;
  for (const Level& level : levels) {
    if (cancelled()) return out;
    const double blocks = level.count(Kind::kBlock);
    out.blocks_mean += blocks / static_cast<double>(n);
    out.blocks_min = std::min(out.blocks_min, blocks);
    out.blocks_max = std::max(out.blocks_max, blocks);
    const ProtectionReport p = pig_protection(level);
    out.pigs += static_cast<int>(p.pigs.size());
    out.protected_pigs += p.protected_pigs;
    out.sheltered_pigs += pig_shelter(level).sheltered;
    const SupportReport support = support_report(level);
    out.off_ground += support.off_ground;
    out.badly_carried += support.badly_carried;
  }
  bool any = false;
  Bounds window;
  for (const Level& level : levels) {
    for (const Object& o : level.objects) {
      if (!any) window = bounds(o);
      window.add(bounds(o));
      any = true;
    }
  }
  // On the absolute grid (whole cells from 0), as the generator draws its archive's: the same
  // two levels are as far apart whatever else is in the set.
  window.min_x = std::floor(window.min_x / cell) * cell;
  window.min_y = std::floor(window.min_y / cell) * cell;
  // The silhouettes cover every object of every level: one far object makes them large.
  const double cells = std::ceil(window.width() / cell) * std::ceil(window.height() / cell);
  if (!(cells <= static_cast<double>(kMaxSilhouetteCells))) {
    throw Error(fmt::format(
        "the levels span x from {:g} to {:g} and y from {:g} to {:g}: at a cell of {:g} that is "
        "{:.3g} cells a silhouette, more than {}: give a larger --cell, or move the far objects",
        window.min_x, window.max_x, window.min_y, window.max_y, cell, cells, kMaxSilhouetteCells));
  }
  std::vector<LevelShape> shapes;
  for (const Level& level : levels) {
    if (cancelled()) return out;
    shapes.push_back(level_shape(level, window, cell));
  }
  double s_sum = 0, c_sum = 0, l_sum = 0;
  int pairs = 0;
  out.structural_min = out.count_min = out.level_min = std::numeric_limits<double>::infinity();
  for (std::size_t i = 0; i < n; ++i) {
    if (cancelled()) return out;
    for (std::size_t j = i + 1; j < n; ++j, ++pairs) {
      const double s = structural_distance(shapes[i].silhouette, shapes[j].silhouette);
      const int c = count_distance(shapes[i].kinds, shapes[j].kinds);
      const double l = level_distance(shapes[i], shapes[j]);
      l_sum += l;
      out.level_min = std::min(out.level_min, l);
      out.structural[i][j] = out.structural[j][i] = s;
      out.counts[i][j] = out.counts[j][i] = c;
      s_sum += s;
      c_sum += c;
      out.structural_min = std::min(out.structural_min, s);
      out.structural_max = std::max(out.structural_max, s);
      out.count_min = std::min(out.count_min, static_cast<double>(c));
      out.count_max = std::max(out.count_max, static_cast<double>(c));
    }
  }
  if (pairs == 0) {
    out.structural_min = out.count_min = out.level_min = 0;
    return out;
  }
  out.structural_mean = s_sum / pairs;
  out.count_mean = c_sum / pairs;
  out.level_mean = l_sum / pairs;
  return out;
}

}  // namespace evoplay::games::birds
