#include "evoplay/games/birds/genome.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <tuple>

#include "evoplay/core/error.hpp"
#include "evoplay/evo/operators/crossover.hpp"

namespace evoplay::games::birds {

Palette::Palette(const Catalogue& catalogue, const Ruleset& rules, bool by_pieces)
    : catalogue_(&catalogue) {
  materials_.reserve(catalogue.size());
  for (std::size_t i = 0; i < catalogue.size(); ++i) {
    materials_.push_back(allowed_materials(catalogue[i], rules));
    if (materials_.back().empty()) continue;
    drawable_.push_back(static_cast<int>(i));
    if (by_pieces) weights_.push_back(static_cast<double>(catalogue[i].pieces.size()));
  }
  if (drawable_.empty()) {
    throw Error(
        "every composite of the catalogue uses a forbidden (material, block) pair in "
        "every material: nothing can be built");
  }
}

int Palette::draw_composite(Rng& rng) const {
  if (weights_.empty()) return drawable_[rng.index(drawable_.size())];
  return drawable_[static_cast<std::size_t>(rng.weighted(weights_))];
}

Material Palette::draw_material(int composite, Rng& rng) const {
  const auto& m = materials_[static_cast<std::size_t>(composite)];
  return m[rng.index(m.size())];
}

bool Palette::allowed(int composite, Material material) const {
  const auto& m = materials_[static_cast<std::size_t>(composite)];
  return std::find(m.begin(), m.end(), material) != m.end();
}

Gene random_gene(const Palette& palette, Rng& rng) {
  Gene g;
  g.composite = palette.draw_composite(rng);
  g.material = palette.draw_material(g.composite, rng);
  return g;
}

std::vector<int> random_mask(int count, Rng& rng) {
  // Stars and bars: kColumns - 1 bars among count + kColumns - 1 places, uniformly.
  const int places = count + kColumns - 1;
  std::vector<int> order(static_cast<std::size_t>(places));
  for (int i = 0; i < places; ++i) order[static_cast<std::size_t>(i)] = i;
  for (int i = 0; i < kColumns - 1; ++i) {  // partial Fisher-Yates: the first kColumns-1 are bars
    std::swap(order[static_cast<std::size_t>(i)],
              order[static_cast<std::size_t>(i) + rng.index(static_cast<std::size_t>(places - i))]);
  }
  std::vector<int> bars(order.begin(), order.begin() + (kColumns - 1));
  std::sort(bars.begin(), bars.end());
  std::vector<int> mask(kColumns);
  int previous = -1;
  for (int c = 0; c < kColumns - 1; ++c) {
    mask[static_cast<std::size_t>(c)] = bars[static_cast<std::size_t>(c)] - previous - 1;
    previous = bars[static_cast<std::size_t>(c)];
  }
  mask[kColumns - 1] = places - previous - 1;
  return mask;
}

void repair_mask(std::vector<int>& mask, int count, Rng& rng) {
  mask.resize(kColumns, 0);
  for (int& m : mask) m = std::max(m, 0);
  int sum = 0;
  for (int m : mask) sum += m;
  while (sum < count) {
    ++mask[rng.index(kColumns)];
    ++sum;
  }
  while (sum > count) {
    const std::size_t c = rng.index(kColumns);
    if (mask[c] == 0) continue;
    --mask[c];
    --sum;
  }
}

Genome random_genome(const Palette& palette, const GenomeSettings& settings, Rng& rng) {
  Genome g;
  const int n = std::max(settings.length, 1);
  g.genes.reserve(static_cast<std::size_t>(n));
  for (int i = 0; i < n; ++i) g.genes.push_back(random_gene(palette, rng));
  g.mask = random_mask(n, rng);
  g.pig_seed = rng();
  if (settings.platform_chance > 0) {
    g.platforms.assign(kColumns, 0.0);
    for (double& h : g.platforms) {
      if (rng.chance(settings.platform_chance)) {
        h = rng.uniform(settings.platform_low, settings.platform_high);
      }
    }
  }
  return g;
}

std::string_view crossover_name(CrossoverKind kind) {
  for (const auto& n : kCrossoverNames)
    if (n.value == kind) return n.name;
  return "?";
}

namespace {

template <class T>
std::pair<std::vector<T>, std::vector<T>> cross(const std::vector<T>& a, const std::vector<T>& b,
                                                CrossoverKind kind, Rng& rng) {
  switch (kind) {
    case CrossoverKind::kOnePoint:
      return evo::one_point(a, b, rng);
    case CrossoverKind::kTwoPoint:
      return evo::two_point(a, b, rng);
    case CrossoverKind::kUniform:
      break;
  }
  return evo::uniform(a, b, rng);
}

/// `k` distinct positions of [0, n), k = 1 .. ceil(fraction * n) at random.
std::vector<std::size_t> chosen_positions(std::size_t n, double fraction, Rng& rng) {
  if (n == 0) return {};
  const auto most = std::max<std::size_t>(
      1, static_cast<std::size_t>(std::ceil(fraction * static_cast<double>(n))));
  const std::size_t k = 1 + rng.index(std::min(most, n));
  std::vector<std::size_t> all(n);
  for (std::size_t i = 0; i < n; ++i) all[i] = i;
  for (std::size_t i = 0; i < k; ++i) std::swap(all[i], all[i + rng.index(n - i)]);
  all.resize(k);
  return all;
}

}  // namespace

std::pair<Genome, Genome> crossover(const Genome& a, const Genome& b, CrossoverKind kind,
                                    Rng& rng) {
  auto [ga, gb] = cross(a.genes, b.genes, kind, rng);
  auto [ma, mb] = cross(a.mask, b.mask, kind, rng);
  Genome c1{std::move(ga), std::move(ma), 0}, c2{std::move(gb), std::move(mb), 0};
  if (!a.platforms.empty() || !b.platforms.empty()) {
    auto pa = a.platforms, pb = b.platforms;
    pa.resize(kColumns, 0.0);
    pb.resize(kColumns, 0.0);
    std::tie(c1.platforms, c2.platforms) = cross(pa, pb, kind, rng);
  }
  repair_mask(c1.mask, static_cast<int>(c1.genes.size()), rng);
  repair_mask(c2.mask, static_cast<int>(c2.genes.size()), rng);
  return {std::move(c1), std::move(c2)};
}

void mutate(Genome& g, const Palette& palette, const GenomeSettings& s, Rng& rng) {
  // (1) The number of composites.
  const int n = static_cast<int>(g.genes.size());
  if (rng.chance(0.5)) {
    const int room = std::max(0, s.max_length - n);
    const int add = std::min(
        room, 1 + static_cast<int>(rng.index(static_cast<std::size_t>(std::max(1, n / 4)))));
    for (int i = 0; i < add; ++i) g.genes.push_back(random_gene(palette, rng));
  } else {
    std::vector<Gene> kept;
    int left = n;
    for (const Gene& gene : g.genes) {
      if (left > s.min_length && rng.chance(0.5)) {
        --left;
        continue;
      }
      kept.push_back(gene);
    }
    g.genes = std::move(kept);
  }
  const std::size_t size = g.genes.size();
  // (2) The material of chosen composites (all their pieces change together).
  for (std::size_t i : chosen_positions(size, s.position_fraction, rng)) {
    g.genes[i].material = palette.draw_material(g.genes[i].composite, rng);
  }
  // (3) The composite at chosen positions (the material is kept when it is allowed).
  for (std::size_t i : chosen_positions(size, s.position_fraction, rng)) {
    Gene& gene = g.genes[i];
    gene.composite = palette.draw_composite(rng);
    if (!palette.allowed(gene.composite, gene.material)) {
      gene.material = palette.draw_material(gene.composite, rng);
    }
  }
  // (4) The x / y offset of chosen composites.
  for (std::size_t i : chosen_positions(size, s.position_fraction, rng)) {
    Gene& gene = g.genes[i];
    gene.dx = std::clamp(gene.dx + rng.normal(0, s.offset_sigma), -s.max_offset, s.max_offset);
    if (s.max_lift > 0) {
      gene.dy = std::clamp(gene.dy + rng.normal(0, s.lift_sigma), 0.0, s.max_lift);
    }
  }
  // (5) A platform.
  if (s.platform_chance > 0 && rng.chance(s.platform_chance)) {
    g.platforms.resize(kColumns, 0.0);
    double& h = g.platforms[rng.index(kColumns)];
    if (h <= 0) {
      h = rng.uniform(s.platform_low, s.platform_high);
    } else if (rng.chance(0.5)) {
      h = 0;
    } else {
      h = std::clamp(h + rng.normal(0, 0.4), s.platform_low, s.platform_high);
    }
  }
  repair_mask(g.mask, static_cast<int>(size), rng);
}

std::vector<std::vector<int>> composite_grid(const Genome& g) {
  std::vector<std::vector<int>> grid(kColumns);
  std::size_t next = 0;
  for (std::size_t c = 0; c < static_cast<std::size_t>(kColumns) && c < g.mask.size(); ++c) {
    for (int k = 0; k < g.mask[c] && next < g.genes.size(); ++k) {
      grid[c].push_back(g.genes[next++].composite);
    }
  }
  return grid;
}

int hamming(const Genome& a, const Genome& b) {
  const auto ga = composite_grid(a), gb = composite_grid(b);
  int d = 0;
  for (std::size_t c = 0; c < static_cast<std::size_t>(kColumns); ++c) {
    const auto& x = ga[c];
    const auto& y = gb[c];
    const std::size_t common = std::min(x.size(), y.size());
    for (std::size_t r = 0; r < common; ++r) d += x[r] != y[r] ? 1 : 0;
    d += static_cast<int>(std::max(x.size(), y.size()) - common);
  }
  return d;
}

}  // namespace evoplay::games::birds
