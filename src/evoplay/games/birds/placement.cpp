#include "evoplay/games/birds/placement.hpp"

#include <algorithm>
#include <cmath>

#include "evoplay/games/birds/outline.hpp"

namespace evoplay::games::birds {

namespace {

constexpr double kEps = 1e-9;
constexpr ObjectType kPigTypes[] = {ObjectType::kPigSmall, ObjectType::kPigMedium,
                                    ObjectType::kPigBig};

bool x_overlap(const Bounds& a, const Bounds& b) {
  return a.min_x < b.max_x - kEps && b.min_x < a.max_x - kEps;
}

/// The height to add to a body whose pieces have the outlines `shape` (placed at y = 0) so that
/// it rests on the highest thing under it: the ground, or the true outline (a triangle's slope, a
/// circle's curve) of a placed object it shares some x with. Nothing is inside anything, and at
/// least one piece touches what holds it up.
double rest_height(const std::vector<Solid>& shape, const std::vector<Solid>& placed) {
  double y = -1e300;
  for (const Solid& p : shape) {
    y = std::max(y, kGroundY - p.box.min_y);
    for (const Solid& q : placed) {
      if (!x_overlap(p.box, q.box)) continue;
      bool common = false;
      const double gap = drop_gap(p, q, common);
      if (common) y = std::max(y, -gap);
    }
  }
  return y;
}

/// Closer than this, a piece touches what is under it.
constexpr double kTouch = 1e-6;

/// True when the body `shape` (outlines at y = 0), lifted by y, would have a piece that hangs: one
/// of the pieces it stands on (those at its lowest level; the others rest on its own pieces)
/// touching neither the ground nor a placed object. Its pieces are separate bodies, so such a
/// piece would fall at the start (a bridge over a tower narrower than its span: the plank rests
/// on the tower, the legs hang).
bool hangs(const std::vector<Solid>& shape, double y, const std::vector<Solid>& placed) {
  double bottom = 1e300;
  for (const Solid& s : shape) bottom = std::min(bottom, s.box.min_y);
  for (const Solid& s : shape) {
    if (s.box.min_y > bottom + kTouch) continue;
    const Solid piece = shifted(s, 0, y);
    bool held = std::abs(piece.box.min_y - kGroundY) <= kTouch;
    for (std::size_t k = 0; k < placed.size() && !held; ++k) {
      if (!x_overlap(piece.box, placed[k].box)) continue;
      bool common = false;
      held = drop_gap(piece, placed[k], common) <= kTouch && common;
    }
    if (!held) return true;
  }
  return false;
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

/// The pig resting at x, if it rests at height `surface` (nothing higher under or above it).
bool rests_at(ObjectType pig, double x, double surface, const std::vector<Solid>& placed,
              double max_top, Spot& spot) {
  const ShapeInfo& s = shape_info(pig);
  const Solid local = solid_of(Object{pig, Material::kNone, x, 0});
  const double y = rest_height({local}, placed);
  if (std::abs(y - s.height / 2 - surface) > 1e-7 || y + s.height / 2 > max_top) return false;
  spot = {pig, x, y, pig_box(pig, x, y)};
  return true;
}

/// One place for a pig, with the pig kinds that rest there.
using Slot = std::vector<Spot>;

/// Slots along a surface at height `surface`: the pig centres x in [from, to] where a small pig
/// rests on it are scanned; each stretch of them holds as many small pigs as fit side by side
/// (`pitch` apart), each slot also offering the larger pigs that rest there, base within
/// [base_lo, base_hi] (a block's top; the ground has no bound).
void add_slots(double from, double to, double surface, double base_lo, double base_hi,
               const std::vector<Solid>& placed, const PlacementSettings& settings,
               std::vector<Slot>& out) {
  constexpr double kStep = 0.04;
  const double pitch = shape_info(ObjectType::kPigSmall).width + settings.pig_gap + 0.01;
  std::vector<double> free;
  for (double x = from; x <= to + kEps; x += kStep) {
    Spot spot{};
    if (rests_at(ObjectType::kPigSmall, x, surface, placed, settings.max_top, spot)) {
      free.push_back(x);
    }
  }
  // The last point of the range, so that a stretch reaches it exactly.
  if (to > from && (free.empty() || free.back() < to - kEps)) {
    Spot spot{};
    if (rests_at(ObjectType::kPigSmall, to, surface, placed, settings.max_top, spot)) {
      free.push_back(to);
    }
  }
  for (std::size_t a = 0; a < free.size();) {
    std::size_t b = a;
    while (b + 1 < free.size() && free[b + 1] - free[b] < kStep * 1.5) ++b;
    const double lo = free[a], hi = free[b];
    const int count = 1 + static_cast<int>((hi - lo) / pitch + 1e-9);
    const double start = (lo + hi) / 2 - pitch * (count - 1) / 2;
    for (int k = 0; k < count; ++k) {
      const double x = start + pitch * k;
      Slot fits;
      for (ObjectType pig : kPigTypes) {
        const auto [blo, bhi] = pig_base(pig);
        if (x + blo < base_lo - kEps || x + bhi > base_hi + kEps) continue;
        Spot spot{};
        if (rests_at(pig, x, surface, placed, settings.max_top, spot)) fits.push_back(spot);
      }
      if (!fits.empty()) out.push_back(std::move(fits));
    }
    a = b + 1;
  }
}

/// Candidate slots: on the flat top of every box-like block (as many as fit along it) and along
/// the free ground from settings.ground_min to settings.ground_max.
void candidate_slots(const Level& level, const std::vector<Solid>& placed,
                     const PlacementSettings& settings, std::vector<Slot>& tops,
                     std::vector<Slot>& ground) {
  const auto [small_lo, small_hi] = pig_base(ObjectType::kPigSmall);
  for (std::size_t i = 0; i < level.objects.size(); ++i) {
    const Object& o = level.objects[i];
    if (o.kind() != Kind::kBlock || !flat_box(o)) continue;
    const Bounds& b = placed[i].box;
    const double from = b.min_x - small_lo, to = b.max_x - small_hi;
    if (to < from - kEps) continue;
    add_slots(from, std::max(from, to), b.max_y, b.min_x, b.max_x, placed, settings, tops);
  }
  add_slots(settings.ground_min, settings.ground_max, kGroundY, -1e300, 1e300, placed, settings,
            ground);
}

bool clear_of(const Bounds& box, const std::vector<Bounds>& others, double gap) {
  const Bounds grown{box.min_x - gap, box.min_y - gap, box.max_x + gap, box.max_y + gap};
  return std::none_of(others.begin(), others.end(),
                      [&](const Bounds& o) { return grown.overlaps(o); });
}

void add_pigs_and_birds(Placement& p, const std::vector<Solid>& placed, const Genome& genome,
                        const Ruleset& rules, const PlacementSettings& settings) {
  Rng rng(genome.pig_seed);
  const int lo = std::max(1, rules.pigs_min), hi = std::max(lo, rules.pigs_max);
  const int wanted = lo + static_cast<int>(rng.index(static_cast<std::size_t>(hi - lo + 1)));
  // The document puts pigs on the composites; the ground around them takes the rest.
  std::vector<Slot> slots, ground;
  candidate_slots(p.level, placed, settings, slots, ground);
  rng.shuffle(slots);
  rng.shuffle(ground);
  slots.insert(slots.end(), ground.begin(), ground.end());
  std::vector<Spot> chosen;
  std::vector<Bounds> boxes;
  std::vector<char> used(slots.size(), 0);
  auto take = [&](std::size_t k, const Spot& s) {
    if (static_cast<int>(chosen.size()) >= wanted || used[k] ||
        !clear_of(s.box, boxes, settings.pig_gap)) {
      return;
    }
    chosen.push_back(s);
    boxes.push_back(s.box);
    used[k] = 1;
  };
  // A random kind per slot; then small pigs (every slot holds one) where there is still room.
  for (std::size_t k = 0; k < slots.size(); ++k) take(k, slots[k][rng.index(slots[k].size())]);
  for (std::size_t k = 0; k < slots.size(); ++k) take(k, slots[k].front());
  if (static_cast<int>(chosen.size()) < wanted) {
    // Larger pigs took the room of several: small pigs only, if that holds more.
    std::vector<Spot> before = std::move(chosen);
    chosen.clear();
    boxes.clear();
    std::fill(used.begin(), used.end(), 0);
    for (std::size_t k = 0; k < slots.size(); ++k) take(k, slots[k].front());
    if (chosen.size() < before.size()) chosen = std::move(before);
  }
  for (const Spot& s : chosen) p.level.objects.push_back({s.pig, Material::kNone, s.x, s.y});
  p.pigs_wanted = wanted;
  p.pigs_missing = wanted - static_cast<int>(chosen.size());
  const int birds = static_cast<int>(std::ceil(static_cast<double>(chosen.size()) / 2.0)) + 1;
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
  std::vector<Solid> placed;  // one outline per object of the level
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
      std::vector<Solid> shape;
      for (const Object& o : objects) shape.push_back(solid_of(o));
      const double y = rest_height(shape, placed) + std::max(gene.dy, 0.0);
      if (y + c.box.max_y > settings.max_top || (gene.dy <= 0 && hangs(shape, y, placed))) {
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
