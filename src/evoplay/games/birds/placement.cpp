#include "evoplay/games/birds/placement.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <span>

#include "evoplay/games/birds/outline.hpp"
#include "evoplay/games/birds/protection.hpp"
#include "evoplay/games/birds/shelter.hpp"
#include "evoplay/games/birds/support.hpp"

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

/// Occupants stand on a surface this far above it (so that they touch it without being inside).
constexpr double kLift = 1e-6;

/// The occupant (a pig or TNT) standing on the surface at height `surface` at x, if it fits there:
/// its outline inside nothing placed (it may be under a roof or beside a wall) and below max_top.
bool fits_at(ObjectType type, double x, double surface, const std::vector<Solid>& placed,
             double max_top, Spot& spot) {
  const ShapeInfo& s = shape_info(type);
  const double y = surface + s.height / 2;
  if (y + s.height / 2 > max_top) return false;
  const Solid body = solid_of(Object{type, Material::kNone, x, y + kLift});
  for (const Solid& q : placed) {
    if (body.box.overlaps(q.box) && distance_between(body, q) <= 0) return false;
  }
  spot = {type, x, y, pig_box(type, x, y)};
  return true;
}

/// One place for an occupant, with the kinds that fit there.
using Slot = std::vector<Spot>;

/// Slots along a surface at height `surface`: the centres x in [from, to] where the smallest of
/// `types` fits are scanned; each stretch of them holds as many of it as fit side by side
/// (`pitch` apart), each slot also offering the other types that fit there, base within
/// [base_lo, base_hi] (a block's or a platform's top; the ground has no bound).
void add_slots(std::span<const ObjectType> types, double from, double to, double surface,
               double base_lo, double base_hi, const std::vector<Solid>& placed,
               const PlacementSettings& settings, std::vector<Slot>& out) {
  constexpr double kStep = 0.04;
  const ObjectType smallest = types.front();
  const double pitch = shape_info(smallest).width + settings.pig_gap + 0.01;
  std::vector<double> free;
  for (double x = from; x <= to + kEps; x += kStep) {
    Spot spot{};
    if (fits_at(smallest, x, surface, placed, settings.max_top, spot)) free.push_back(x);
  }
  // The last point of the range, so that a stretch reaches it exactly.
  if (to > from && (free.empty() || free.back() < to - kEps)) {
    Spot spot{};
    if (fits_at(smallest, to, surface, placed, settings.max_top, spot)) free.push_back(to);
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
      for (ObjectType type : types) {
        const auto [blo, bhi] = pig_base(type);
        if (x + blo < base_lo - kEps || x + bhi > base_hi + kEps) continue;
        Spot spot{};
        if (fits_at(type, x, surface, placed, settings.max_top, spot)) fits.push_back(spot);
      }
      if (!fits.empty()) out.push_back(std::move(fits));
    }
    a = b + 1;
  }
}

/// Candidate slots: on the flat top of every box-like block and platform (as many as fit along
/// it), and along the ground from settings.ground_min to settings.ground_max (under roofs and
/// platforms too).
void candidate_slots(std::span<const ObjectType> types, const Level& level,
                     const std::vector<Solid>& placed, const PlacementSettings& settings,
                     std::vector<Slot>& tops, std::vector<Slot>& ground) {
  const auto [small_lo, small_hi] = pig_base(types.front());
  for (std::size_t i = 0; i < level.objects.size(); ++i) {
    const Object& o = level.objects[i];
    if ((o.kind() != Kind::kBlock && o.kind() != Kind::kPlatform) || !flat_box(o)) continue;
    const Bounds& b = placed[i].box;
    const double from = b.min_x - small_lo, to = b.max_x - small_hi;
    if (to < from - kEps) continue;
    add_slots(types, from, std::max(from, to), b.max_y, b.min_x, b.max_x, placed, settings, tops);
  }
  add_slots(types, settings.ground_min, settings.ground_max, kGroundY, -1e300, 1e300, placed,
            settings, ground);
}

bool clear_of(const Bounds& box, const std::vector<Bounds>& others, double gap) {
  const Bounds grown{box.min_x - gap, box.min_y - gap, box.max_x + gap, box.max_y + gap};
  return std::none_of(others.begin(), others.end(),
                      [&](const Bounds& o) { return grown.overlaps(o); });
}

/// Puts `wanted` occupants into the slots, in their order: a random kind per slot, then the
/// smallest kind where there is still room (and, if the larger kinds took the room of several,
/// the smallest kind only, if that holds more). Keeps `gap` from each other and from `taken`.
/// With `spread` > 0, the first `spread_slots` slots are offered first to occupants at least
/// `spread` apart in x (pigs in different rooms: one shot does not reach them all).
std::vector<Spot> fill_slots(const std::vector<Slot>& slots, int wanted, double gap,
                             const std::vector<Bounds>& taken, Rng& rng, double spread = 0,
                             std::size_t spread_slots = 0) {
  std::vector<Spot> chosen;
  std::vector<Bounds> boxes = taken;
  std::vector<char> used(slots.size(), 0);
  auto take = [&](std::size_t k, const Spot& s) {
    if (static_cast<int>(chosen.size()) >= wanted || used[k] || !clear_of(s.box, boxes, gap)) {
      return;
    }
    chosen.push_back(s);
    boxes.push_back(s.box);
    used[k] = 1;
  };
  if (spread > 0) {
    for (std::size_t k = 0; k < std::min(spread_slots, slots.size()); ++k) {
      const Spot& s = slots[k][rng.index(slots[k].size())];
      const bool apart = std::all_of(chosen.begin(), chosen.end(),
                                     [&](const Spot& c) { return std::abs(c.x - s.x) >= spread; });
      if (apart) take(k, s);
    }
  }
  for (std::size_t k = 0; k < slots.size(); ++k) take(k, slots[k][rng.index(slots[k].size())]);
  for (std::size_t k = 0; k < slots.size(); ++k) take(k, slots[k].front());
  if (static_cast<int>(chosen.size()) < wanted) {
    std::vector<Spot> before = std::move(chosen);
    chosen.clear();
    boxes = taken;
    std::fill(used.begin(), used.end(), 0);
    for (std::size_t k = 0; k < slots.size(); ++k) take(k, slots[k].front());
    if (chosen.size() < before.size()) chosen = std::move(before);
  }
  return chosen;
}

/// The slots in the order pigs take them: first in rooms (a roof and walls, shelter.hpp) where
/// no shot reaches the pig (protection.hpp), then in rooms, then where no shot reaches, then the
/// others, tops before the ground within each; each slot keeps the kinds of its best class.
std::vector<Slot> sheltered_first(const Level& level, const std::vector<Solid>& placed,
                                  std::vector<Slot> tops, std::vector<Slot> ground, bool shelter,
                                  Rng& rng, std::size_t& rooms) {
  rooms = 0;
  rng.shuffle(tops);
  rng.shuffle(ground);
  std::vector<Slot> out;
  if (!shelter) {
    out = std::move(tops);
    out.insert(out.end(), ground.begin(), ground.end());
    return out;
  }
  ProtectionSettings coarse;
  coarse.angle_step = 0.5;
  const Flights flights(level, coarse);
  const Flights reach = open_flights(level, coarse);
  std::array<std::vector<Slot>, 4> classes;  // 3: room and safe, 2: room, 1: safe, 0: neither
  for (auto* list : {&tops, &ground}) {
    for (Slot& slot : *list) {
      std::array<Slot, 4> by_class;
      for (const Spot& s : slot) {
        const Solid pig = solid_of(Object{s.pig, Material::kNone, s.x, s.y});
        const bool room = shelter_of(pig, placed).sheltered();
        const bool safe = !flights.reaches(pig) && reach.reaches(pig);
        by_class[static_cast<std::size_t>((room ? 2 : 0) + (safe ? 1 : 0))].push_back(s);
      }
      for (std::size_t c = 4; c-- > 0;) {
        if (by_class[c].empty()) continue;
        classes[c].push_back(std::move(by_class[c]));
        break;
      }
    }
  }
  for (std::size_t c = 4; c-- > 0;) out.insert(out.end(), classes[c].begin(), classes[c].end());
  rooms = classes[3].size() + classes[2].size();
  return out;
}

void add_pigs_and_birds(Placement& p, std::vector<Solid>& placed, const Genome& genome,
                        const Ruleset& rules, const PlacementSettings& settings) {
  Rng rng(genome.pig_seed);
  const int lo = std::max(1, rules.pigs_min), hi = std::max(lo, rules.pigs_max);
  const int wanted = lo + static_cast<int>(rng.index(static_cast<std::size_t>(hi - lo + 1)));
  std::vector<Slot> tops, ground;
  candidate_slots(kPigTypes, p.level, placed, settings, tops, ground);
  std::size_t rooms = 0;
  const auto slots = sheltered_first(p.level, placed, std::move(tops), std::move(ground),
                                     settings.shelter_pigs, rng, rooms);
  const std::vector<Spot> chosen =
      fill_slots(slots, wanted, settings.pig_gap, {}, rng, settings.pig_spread, rooms);
  std::vector<Bounds> taken;
  for (const Spot& s : chosen) {
    p.level.objects.push_back({s.pig, Material::kNone, s.x, s.y});
    placed.push_back(solid_of(p.level.objects.back()));
    taken.push_back(s.box);
  }
  p.pigs_wanted = wanted;
  p.pigs_missing = wanted - static_cast<int>(chosen.size());
  // TNT where its blast pays, as the game's levels have it: the crates go first where the most
  // pigs lie within the blast's reach (the game's radius 2, centre to centre), then where the
  // most blocks do (a blast that brings the structure down on a pig), in the structure or on the
  // ground.
  const int tnt_lo = std::max(0, settings.tnt_min), tnt_hi = std::max(tnt_lo, settings.tnt_max);
  const int tnt =
      tnt_lo + static_cast<int>(rng.index(static_cast<std::size_t>(tnt_hi - tnt_lo + 1)));
  if (tnt > 0 && !chosen.empty()) {
    std::vector<Slot> boxes_top, boxes_ground;
    const ObjectType crate[] = {ObjectType::kTnt};
    candidate_slots(crate, p.level, placed, settings, boxes_top, boxes_ground);
    boxes_top.insert(boxes_top.end(), boxes_ground.begin(), boxes_ground.end());
    rng.shuffle(boxes_top);
    constexpr double kBlast = 2;  // ABTNT's _explosionArea
    auto payoff = [&](const Slot& slot) {
      const Spot& s = slot.front();
      double pays = 0;
      for (const Spot& pig : chosen) pays += std::hypot(pig.x - s.x, pig.y - s.y) <= kBlast ? 1 : 0;
      for (const Object& o : p.level.objects) {
        if (o.kind() == Kind::kBlock && std::hypot(o.x - s.x, o.y - s.y) <= kBlast) pays += 0.05;
      }
      return pays;
    };
    std::vector<double> pays(boxes_top.size());
    for (std::size_t k = 0; k < boxes_top.size(); ++k) pays[k] = payoff(boxes_top[k]);
    std::vector<std::size_t> order(boxes_top.size());
    for (std::size_t k = 0; k < order.size(); ++k) order[k] = k;
    std::stable_sort(order.begin(), order.end(),
                     [&](std::size_t a, std::size_t b) { return pays[a] > pays[b]; });
    std::vector<Slot> ranked;
    for (std::size_t k : order) ranked.push_back(std::move(boxes_top[k]));
    for (const Spot& s : fill_slots(ranked, tnt, settings.pig_gap, taken, rng)) {
      p.level.objects.push_back({ObjectType::kTnt, Material::kNone, s.x, s.y});
      placed.push_back(solid_of(p.level.objects.back()));
    }
  }
  const int birds = static_cast<int>(std::ceil(static_cast<double>(chosen.size()) / 2.0)) + 1;
  constexpr double kBirdWeights[] = {0.4, 0.2, 0.2, 0.1, 0.1};  // red, blue, yellow, black, white
  for (int i = 0; i < birds; ++i) {
    p.level.birds.push_back(static_cast<BirdType>(rng.weighted(kBirdWeights)));
  }
}

/// A platform under a column, its top `lift` above the ground, as wide as the column's widest
/// composite (with its offset) and a margin, in whole tiles; left out if it would cut into what is
/// already placed.
void add_platform(Placement& p, std::vector<Solid>& placed, const Genome& genome,
                  const Catalogue& catalogue, std::size_t first, int count, int column, double lift,
                  const PlacementSettings& settings) {
  double half = 0;
  for (std::size_t k = first;
       k < first + static_cast<std::size_t>(count) && k < genome.genes.size(); ++k) {
    const Gene& gene = genome.genes[k];
    half = std::max(
        half, std::abs(gene.dx) + catalogue[static_cast<std::size_t>(gene.composite)].width() / 2);
  }
  const double x = column_x(column, settings);
  Object platform{ObjectType::kPlatform, Material::kNone, x, kGroundY + lift - kPlatformTile / 2};
  platform.scale_x = std::ceil(2 * (half + settings.platform_margin) / kPlatformTile);
  const Solid solid = solid_of(platform);
  const Solid lifted = shifted(solid, 0, kLift);
  for (const Solid& q : placed) {
    if (lifted.box.overlaps(q.box) && distance_between(lifted, q) <= 0) return;
  }
  p.level.objects.push_back(platform);
  placed.push_back(solid);
  ++p.platforms;
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
  std::vector<int> owner;     // per object: its composite in p.composites (-1: a platform)
  // Per placed composite: the x-range of the narrowest footing under it and the height it stands
  // on (the ground's or a platform's), for the slenderness cap.
  struct Footing {
    double lo, hi, base;
  };
  std::vector<Footing> footing;
  std::vector<std::vector<Material>> allowed(catalogue.size());
  std::vector<char> allowed_known(catalogue.size(), 0);
  auto may_be = [&](int composite, Material m) {
    const auto k = static_cast<std::size_t>(composite);
    if (!allowed_known[k]) {
      allowed[k] = allowed_materials(catalogue[k], rules);
      allowed_known[k] = 1;
    }
    return std::find(allowed[k].begin(), allowed[k].end(), m) != allowed[k].end();
  };
  std::size_t next = 0;
  for (int column = 0; column < kColumns; ++column) {
    const int count = column < static_cast<int>(genome.mask.size())
                          ? genome.mask[static_cast<std::size_t>(column)]
                          : 0;
    const double lift = column < static_cast<int>(genome.platforms.size())
                            ? genome.platforms[static_cast<std::size_t>(column)]
                            : 0.0;
    if (lift > 0 && count > 0) {
      add_platform(p, placed, genome, catalogue, next, count, column, lift, settings);
      owner.resize(p.level.objects.size(), -1);
    }
    Material structure = Material::kNone;  // the column's material, once its first is placed
    for (int k = 0; k < count && next < genome.genes.size(); ++k, ++next) {
      const Gene& gene = genome.genes[next];
      const Composite& c = catalogue[static_cast<std::size_t>(gene.composite)];
      Material material = gene.material;
      if (settings.column_materials && material != Material::kNone &&
          structure != Material::kNone && may_be(gene.composite, structure)) {
        material = structure;
      }
      const double x = column_x(column, settings) + gene.dx;
      std::vector<Object> objects;
      place_composite(c, x, 0, material, objects);
      std::vector<Solid> shape;
      for (const Object& o : objects) shape.push_back(solid_of(o));
      const double y = rest_height(shape, placed) + std::max(gene.dy, 0.0);
      if (y + c.box.max_y > settings.max_top || (gene.dy <= 0 && hangs(shape, y, placed))) {
        ++p.skipped;
        continue;
      }
      // What it rests on: the ground, platforms, pieces of composites placed before.
      const double own_lo = x + c.box.min_x, own_hi = x + c.box.max_x;
      Footing f{1e300, -1e300, 1e300};
      bool curved = false;
      for (const Solid& s : shape) {
        const Solid piece = shifted(s, 0, y);
        if (std::abs(piece.box.min_y - kGroundY) <= kTouch) {
          f = {std::min(f.lo, own_lo), std::max(f.hi, own_hi), std::min(f.base, kGroundY)};
        }
        for (std::size_t q = 0; q < placed.size(); ++q) {
          if (!x_overlap(piece.box, placed[q].box)) continue;
          bool common = false;
          if (!(drop_gap(piece, placed[q], common) <= kTouch && common)) continue;
          if (bearing(piece, p.level.objects[q], placed[q]) != Bearing::kFlat) curved = true;
          if (owner[q] < 0) {  // a platform
            f = {std::min(f.lo, own_lo), std::max(f.hi, own_hi),
                 std::min(f.base, placed[q].box.max_y)};
          } else {
            const Footing& under = footing[static_cast<std::size_t>(owner[q])];
            f = {std::min(f.lo, under.lo), std::max(f.hi, under.hi), std::min(f.base, under.base)};
          }
        }
      }
      f.lo = std::max(f.lo, own_lo);
      f.hi = std::min(f.hi, own_hi);
      const double top = y + c.box.max_y;
      if ((settings.flat_supports && curved) ||
          (gene.dy <= 0 &&
           (f.hi - f.lo <= 0 || top - f.base > settings.max_slenderness * (f.hi - f.lo) + kEps))) {
        ++p.skipped;
        continue;
      }
      if (settings.column_materials && structure == Material::kNone) structure = material;
      PlacedComposite pc{static_cast<int>(next), column, static_cast<int>(p.level.objects.size()),
                         static_cast<int>(objects.size())};
      for (std::size_t i = 0; i < objects.size(); ++i) {
        objects[i].y += y;
        p.level.objects.push_back(objects[i]);
        placed.push_back(shifted(shape[i], 0, y));
        owner.push_back(static_cast<int>(p.composites.size()));
      }
      p.composites.push_back(pc);
      footing.push_back(f);
    }
  }
  add_pigs_and_birds(p, placed, genome, rules, settings);
  for (const Object& o : p.level.objects) p.blocks += o.kind() == Kind::kBlock ? 1 : 0;
  return p;
}

}  // namespace evoplay::games::birds
