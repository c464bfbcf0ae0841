#include "evoplay/games/birds/placement.hpp"

#include <algorithm>
#include <cmath>

namespace evoplay::games::birds {

namespace {

constexpr double kEps = 1e-9;
constexpr ObjectType kPigTypes[] = {ObjectType::kPigSmall, ObjectType::kPigMedium,
                                    ObjectType::kPigBig};

bool x_overlap(const Bounds& a, const Bounds& b) {
  return a.min_x < b.max_x - kEps && b.min_x < a.max_x - kEps;
}

/// The lowest height for a body whose pieces have boxes `shape` (relative to y = 0) at which
/// none of them is inside the ground or inside a placed box they overlap across: the y that makes
/// it rest on the highest thing under it.
double rest_height(const std::vector<Bounds>& shape, const std::vector<Bounds>& placed) {
  double y = -1e300;
  for (const Bounds& p : shape) {
    y = std::max(y, kGroundY - p.min_y);
    for (const Bounds& q : placed) {
      if (x_overlap(p, q)) y = std::max(y, q.max_y - p.min_y);
    }
  }
  return y;
}

Bounds shifted(Bounds b, double dx, double dy) {
  b.min_x += dx;
  b.max_x += dx;
  b.min_y += dy;
  b.max_y += dy;
  return b;
}

bool flat_box(const Object& o) {
  if (o.shape().geometry != Geometry::kBox) return false;
  const double quarter = std::remainder(o.rotation, 90.0);
  return std::abs(quarter) < 1e-6;
}

/// The x-extent of a pig's flat base, relative to its centre.
std::pair<double, double> pig_base(ObjectType pig) {
  const ShapeInfo& s = shape_info(pig);
  double lo = 1e9, hi = -1e9;
  for (int i = 0; i < s.vertex_count; ++i) {
    const Point& v = s.vertices[static_cast<std::size_t>(i)];
    if (v.y <= -s.height / 2 + 1e-9) {
      lo = std::min(lo, v.x);
      hi = std::max(hi, v.x);
    }
  }
  return {lo, hi};
}

struct Spot {
  ObjectType pig;
  double x, y;  // the pig's centre
  Bounds box;
};

Bounds pig_box(ObjectType pig, double x, double y) {
  const ShapeInfo& s = shape_info(pig);
  return {x - s.width / 2, y - s.height / 2, x + s.width / 2, y + s.height / 2};
}

/// The pig resting at x, if it rests at height `surface` (nothing higher under or beside it).
bool rests_at(ObjectType pig, double x, double surface, const std::vector<Bounds>& placed,
              double max_top, Spot& spot) {
  const ShapeInfo& s = shape_info(pig);
  const Bounds local{x - s.width / 2, -s.height / 2, x + s.width / 2, s.height / 2};
  const double y = rest_height({local}, placed);
  if (std::abs(y - s.height / 2 - surface) > 1e-7 || y + s.height / 2 > max_top) return false;
  spot = {pig, x, y, pig_box(pig, x, y)};
  return true;
}

/// Candidate spots, each with the pig types that fit there: on the flat top of every box-like
/// block with room for the pig's base and nothing above (`tops`), and on stretches of free
/// ground around the columns (`ground`).
struct Spots {
  std::vector<std::vector<Spot>> tops, ground;
};

Spots candidate_spots(const Level& level, const std::vector<Bounds>& placed,
                      const PlacementSettings& settings) {
  Spots out;
  for (std::size_t i = 0; i < level.objects.size(); ++i) {
    const Object& o = level.objects[i];
    if (o.kind() != Kind::kBlock || !flat_box(o)) continue;
    const Bounds& b = placed[i];
    const double x = (b.min_x + b.max_x) / 2;
    std::vector<Spot> fits;
    for (ObjectType pig : kPigTypes) {
      const auto [lo, hi] = pig_base(pig);
      if (x + lo < b.min_x - kEps || x + hi > b.max_x + kEps) continue;
      Spot spot{};
      if (rests_at(pig, x, b.max_y, placed, settings.max_top, spot)) fits.push_back(spot);
    }
    if (!fits.empty()) out.tops.push_back(std::move(fits));
  }
  // Free ground: scan a grid around the building area for stretches where a small pig would rest
  // on the ground; one spot per stretch (at its middle), more if it is long.
  const double step = 0.05;
  const double lo = settings.x_min - 1.5, hi = settings.x_max + 1.5;
  std::vector<double> free;
  for (double x = lo; x <= hi + kEps; x += step) {
    Spot spot{};
    if (rests_at(ObjectType::kPigSmall, x, kGroundY, placed, settings.max_top, spot)) {
      free.push_back(x);
    }
  }
  for (std::size_t a = 0; a < free.size();) {
    std::size_t b = a;
    while (b + 1 < free.size() && free[b + 1] - free[b] < step * 1.5) ++b;
    const double from = free[a], to = free[b];
    const int count = 1 + static_cast<int>((to - from) / 1.5);
    for (int k = 0; k < count; ++k) {
      const double x = count == 1 ? (from + to) / 2 : from + (to - from) * k / (count - 1);
      std::vector<Spot> fits;
      for (ObjectType pig : kPigTypes) {
        Spot spot{};
        if (rests_at(pig, x, kGroundY, placed, settings.max_top, spot)) fits.push_back(spot);
      }
      if (!fits.empty()) out.ground.push_back(std::move(fits));
    }
    a = b + 1;
  }
  return out;
}

bool clear_of(const Bounds& box, const std::vector<Bounds>& others, double gap) {
  const Bounds grown{box.min_x - gap, box.min_y - gap, box.max_x + gap, box.max_y + gap};
  return std::none_of(others.begin(), others.end(),
                      [&](const Bounds& o) { return grown.overlaps(o); });
}

void add_pigs_and_birds(Placement& p, const std::vector<Bounds>& placed, const Genome& genome,
                        const Ruleset& rules, const PlacementSettings& settings) {
  Rng rng(genome.pig_seed);
  const int lo = std::max(1, rules.pigs_min), hi = std::max(lo, rules.pigs_max);
  const int wanted = lo + static_cast<int>(rng.index(static_cast<std::size_t>(hi - lo + 1)));
  // The document puts pigs on the composites; the ground between columns takes the rest.
  Spots candidates = candidate_spots(p.level, placed, settings);
  rng.shuffle(candidates.tops);
  rng.shuffle(candidates.ground);
  std::vector<std::vector<Spot>> spots = std::move(candidates.tops);
  spots.insert(spots.end(), candidates.ground.begin(), candidates.ground.end());
  std::vector<Bounds> pigs;
  auto add = [&](const Spot& s) {
    p.level.objects.push_back({s.pig, Material::kNone, s.x, s.y});
    pigs.push_back(s.box);
  };
  for (const auto& fits : spots) {
    if (static_cast<int>(pigs.size()) >= wanted) break;
    const Spot& s = fits[rng.index(fits.size())];
    if (clear_of(s.box, pigs, settings.pig_gap)) add(s);
  }
  // Not enough room on and around the structures: small pigs on the ground further right.
  double right = settings.x_max;
  for (const Bounds& b : placed) right = std::max(right, b.max_x);
  for (const Bounds& b : pigs) right = std::max(right, b.max_x);
  const double edge = p.level.half_width() - 1;
  for (double x = right + 0.6; static_cast<int>(pigs.size()) < wanted && x < edge; x += 0.8) {
    Spot s{};
    std::vector<Bounds> all = placed;
    all.insert(all.end(), pigs.begin(), pigs.end());
    if (rests_at(ObjectType::kPigSmall, x, kGroundY, all, settings.max_top, s)) add(s);
  }
  const int birds = static_cast<int>(std::ceil(static_cast<double>(pigs.size()) / 2.0)) + 1;
  constexpr double kBirdWeights[] = {0.4, 0.2, 0.2, 0.1, 0.1};  // red, blue, yellow, black, white
  for (int i = 0; i < birds; ++i) {
    p.level.birds.push_back(static_cast<BirdType>(rng.weighted(kBirdWeights)));
  }
}

}  // namespace

double column_x(int column, const PlacementSettings& s) {
  return s.x_min + (s.x_max - s.x_min) * column / (kColumns - 1);
}

Placement place(const Genome& genome, const Catalogue& catalogue, const Ruleset& rules,
                const PlacementSettings& settings) {
  Placement p;
  p.level.width = settings.level_width;
  std::vector<Bounds> placed;  // one box per object of the level
  std::size_t next = 0;
  for (int column = 0; column < kColumns; ++column) {
    const int count = column < static_cast<int>(genome.mask.size())
                          ? genome.mask[static_cast<std::size_t>(column)]
                          : 0;
    for (int k = 0; k < count && next < genome.genes.size(); ++k, ++next) {
      const Gene& gene = genome.genes[next];
      const Composite& c = catalogue[static_cast<std::size_t>(gene.composite)];
      const double x = column_x(column, settings) + gene.dx;
      std::vector<Object> objects;
      place_composite(c, x, 0, gene.material, objects);
      std::vector<Bounds> shape;
      for (const Object& o : objects) shape.push_back(bounds(o));
      const double y = rest_height(shape, placed) + std::max(gene.dy, 0.0);
      if (y + c.box.max_y > settings.max_top) {
        ++p.skipped;
        continue;
      }
      PlacedComposite pc{static_cast<int>(next), column, static_cast<int>(p.level.objects.size()),
                         static_cast<int>(objects.size())};
      for (std::size_t i = 0; i < objects.size(); ++i) {
        objects[i].y += y;
        p.level.objects.push_back(objects[i]);
        placed.push_back(shifted(shape[i], 0, y));
      }
      p.composites.push_back(pc);
    }
  }
  add_pigs_and_birds(p, placed, genome, rules, settings);
  return p;
}

}  // namespace evoplay::games::birds
