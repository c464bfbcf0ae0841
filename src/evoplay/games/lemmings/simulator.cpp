#include "evoplay/games/lemmings/simulator.hpp"

#include <algorithm>
#include <cstring>

#include "evoplay/core/error.hpp"

namespace evoplay::games::lemmings {

namespace {

// The simulator's terrain: one byte of flags per cell of a padded grid. Row 0 is the solid top
// border, columns 0 and width+1 the solid side borders, the last row is "out" (below the map).
constexpr std::uint8_t kSolid = 1;
constexpr std::uint8_t kDirtBit = 2;
constexpr std::uint8_t kSteelBit = 4;
constexpr std::uint8_t kWaterBit = 8;
constexpr std::uint8_t kExitBit = 16;
constexpr std::uint8_t kEntranceBit = 32;
constexpr std::uint8_t kOutBit = 64;
constexpr std::uint8_t kBlockerBit = 128;

constexpr std::uint8_t kDirtCell = kSolid | kDirtBit;
constexpr std::uint8_t kSteelCell = kSolid | kSteelBit;
constexpr std::uint8_t kWall = kSolid | kBlockerBit;            // what a lemming cannot move into
constexpr std::uint8_t kEnds = kWaterBit | kExitBit | kOutBit;  // entering one ends the lemming

std::uint8_t flags_of(Cell c) {
  switch (c) {
    case Cell::kAir:
      return 0;
    case Cell::kDirt:
      return kDirtCell;
    case Cell::kSteel:
      return kSteelCell;
    case Cell::kWater:
      return kWaterBit;
    case Cell::kEntrance:
      return kEntranceBit;
    case Cell::kExit:
      return kExitBit;
  }
  return 0;
}

bool is_digging(Job j) {
  return j == Job::kWalker || j == Job::kBuilder || j == Job::kBasher || j == Job::kMiner ||
         j == Job::kDigger;
}

Job job_of(Skill s) {
  switch (s) {
    case Skill::kBlocker:
      return Job::kBlocker;
    case Skill::kBuilder:
      return Job::kBuilder;
    case Skill::kBasher:
      return Job::kBasher;
    case Skill::kMiner:
      return Job::kMiner;
    case Skill::kDigger:
      return Job::kDigger;
    default:
      return Job::kWalker;
  }
}

}  // namespace

Simulator::Simulator(Level level, int dirt_cost) : level_(std::move(level)) {
  const int w = level_.width, h = level_.height;
  if (level_.pingus) throw InternalError("Simulator: a Pingus level takes the Pingus rules");
  if (w <= 0 || h <= 0 || level_.cells.size() != static_cast<std::size_t>(w) * h) {
    throw InternalError("Simulator: a level without a well-formed map");
  }
  if (level_.entrances().empty() || level_.exits().empty()) {
    throw InternalError("Simulator: a level needs an entrance and an exit");
  }
  if (dirt_cost < 1) throw InternalError("Simulator: the dirt cost must be at least 1");
  distances_ = exit_distances(level_, dirt_cost);
  estimated_duration_ = lemmings::estimated_duration(level_);
  stride_ = w + 2;
  const auto padded = static_cast<std::size_t>(stride_) * static_cast<std::size_t>(h + 2);
  pristine_.assign(padded, kSteelCell);
  dist_.assign(padded, kUnreachable);
  for (int x = 0; x < stride_; ++x)
    pristine_[static_cast<std::size_t>((h + 1) * stride_ + x)] = kOutBit;
  for (int y = 0; y < h; ++y) {
    for (int x = 0; x < w; ++x) {
      const auto p = static_cast<std::size_t>((y + 1) * stride_ + x + 1);
      pristine_[p] = flags_of(level_.at(x, y));
      dist_[p] = distances_[static_cast<std::size_t>(y * w + x)];
    }
  }
  for (const Point& e : level_.entrances()) entrance_pos_.push_back((e.y + 1) * stride_ + e.x + 1);
  lems_.resize(static_cast<std::size_t>(level_.lemmings));
  outcome_.lemmings.resize(static_cast<std::size_t>(level_.lemmings));
  outcome_.events.reserve(static_cast<std::size_t>(level_.lemmings) * 2 + 16);
}

Cell Simulator::cell(int x, int y) const {
  const std::uint8_t c = cells_.empty()
                             ? pristine_[static_cast<std::size_t>((y + 1) * stride_ + x + 1)]
                             : cells_[static_cast<std::size_t>((y + 1) * stride_ + x + 1)];
  if (c & kDirtBit) return Cell::kDirt;
  if (c & kSteelBit) return Cell::kSteel;
  if (c & kWaterBit) return Cell::kWater;
  if (c & kExitBit) return Cell::kExit;
  if (c & kEntranceBit) return Cell::kEntrance;
  return Cell::kAir;
}

LemmingState Simulator::lemming(int index) const {
  const Lem& l = lems_[static_cast<std::size_t>(index)];
  LemmingState s;
  s.id = index + 1;
  s.x = l.pos % stride_ - 1;
  s.y = std::min(l.pos / stride_ - 1, level_.height - 1);
  s.dir = l.dir;
  s.job = l.job;
  s.climber = l.climber;
  s.floater = l.floater;
  s.fuse = l.fuse;
  s.fall = l.fall;
  return s;
}

void Simulator::reset(const Plan& plan) {
  cells_ = pristine_;  // same size every run: a copy, no allocation after the first
  released_ = 0;
  done_ = 0;
  left_ = level_.skills;
  Outcome& o = outcome_;
  o.solved = false;
  o.saved = o.dead = o.out = o.released = o.steps = 0;
  o.solved_step = level_.save == 0 ? 0 : -1;
  o.deaths = {};
  o.skills_used = {};
  o.lemming_steps = 0;
  std::fill(o.lemmings.begin(), o.lemmings.end(), LemmingOutcome{});
  o.gene_lemming.assign(plan.size(), 0);
  o.events.clear();
  // Every event of a run: a release and an end per lemming, one per gene. Reserved here so that
  // no step allocates.
  o.events.reserve(plan.size() + 2 * static_cast<std::size_t>(level_.lemmings));
  order_.clear();
  for (std::size_t i = 0; i < plan.size(); ++i) {
    const int s = plan[i].step;
    if (s >= 0 && s < level_.time) {
      order_.push_back((static_cast<std::uint64_t>(s) << 32) | static_cast<std::uint64_t>(i));
    }
  }
  std::sort(order_.begin(), order_.end());  // keys are distinct: stable by construction
}

void Simulator::release(int step) {
  const int index = released_++;
  Lem& l = lems_[static_cast<std::size_t>(index)];
  l = Lem{};
  l.pos = entrance_pos_[static_cast<std::size_t>(index) % entrance_pos_.size()];
  l.best = dist_[static_cast<std::size_t>(l.pos)];
  l.dir = 1;
  l.job = Job::kFaller;
  outcome_.events.push_back(
      {step, EventKind::kReleased, index + 1, -1, Skill::kClimber, Fate::kOut, SkipReason::kNone});
}

bool Simulator::can_take(const Lem& l, Skill s) const {
  if (l.job >= Job::kSaved) return false;
  const std::uint8_t* c = cells_.data();
  switch (s) {
    case Skill::kClimber:
      return !l.climber && l.job != Job::kBlocker;
    case Skill::kFloater:
      return !l.floater && l.job != Job::kBlocker;
    case Skill::kBomber:
      return l.fuse == 0;
    default:
      break;
  }
  if (!is_digging(l.job) || l.job == job_of(s) || !(c[l.pos + stride_] & kSolid)) return false;
  switch (s) {
    case Skill::kBlocker:
      return !((c[l.pos - 1] | c[l.pos] | c[l.pos + 1]) & kBlockerBit);
    case Skill::kBasher:
      return !(c[l.pos + l.dir] & kSteelBit);
    case Skill::kMiner:
      return !(c[l.pos + l.dir] & kSteelBit) && !(c[l.pos + stride_] & kSteelBit);
    case Skill::kDigger:
      return !(c[l.pos + stride_] & kSteelBit);
    default:
      return true;  // builder
  }
}

void Simulator::assign(Lem& l, Skill s) {
  switch (s) {
    case Skill::kClimber:
      l.climber = true;
      break;
    case Skill::kFloater:
      l.floater = true;
      break;
    case Skill::kBomber:
      l.fuse = static_cast<std::int16_t>(level_.fuse);
      break;
    case Skill::kBlocker:
      l.job = Job::kBlocker;
      cells_[static_cast<std::size_t>(l.pos)] |= kBlockerBit;
      break;
    case Skill::kBuilder:
      l.job = Job::kBuilder;
      l.bricks = 0;
      break;
    case Skill::kBasher:
      l.job = Job::kBasher;
      l.bashed = false;
      break;
    default:
      l.job = job_of(s);
      break;
  }
}

void Simulator::apply_gene(int step, int gene, const Gene& g) {
  const auto k = static_cast<std::size_t>(g.skill);
  Event e{step, EventKind::kSkipped, g.lemming, gene, g.skill, Fate::kOut, SkipReason::kNone};
  int who = -1;
  if (left_[k] == 0) {
    e.reason = SkipReason::kUsedUp;
  } else if (g.lemming > 0) {
    const int i = g.lemming - 1;
    if (i >= released_ || lems_[static_cast<std::size_t>(i)].job >= Job::kSaved) {
      e.reason = SkipReason::kNotOut;
    } else if (!can_take(lems_[static_cast<std::size_t>(i)], g.skill)) {
      e.reason = SkipReason::kCannotTake;
    } else {
      who = i;
    }
  } else {
    for (int i = 0; i < released_ && who < 0; ++i) {
      if (can_take(lems_[static_cast<std::size_t>(i)], g.skill)) who = i;
    }
    if (who < 0) e.reason = SkipReason::kNobody;
  }
  if (who >= 0) {
    assign(lems_[static_cast<std::size_t>(who)], g.skill);
    --left_[k];
    ++outcome_.skills_used[k];
    outcome_.gene_lemming[static_cast<std::size_t>(gene)] = who + 1;
    e.kind = EventKind::kAssigned;
    e.lemming = who + 1;
  }
  outcome_.events.push_back(e);
}

// --- the jobs -----------------------------------------------------------------------------

inline void Simulator::enter(Lem& l, int pos) {
  l.pos = pos;
  const std::uint8_t c = cells_[static_cast<std::size_t>(pos)];
  if (c & kEnds) {
    finish(l, (c & kExitBit) ? Fate::kSaved : (c & kWaterBit) ? Fate::kDrowned : Fate::kFellOut);
  }
}

void Simulator::finish(Lem& l, Fate fate) {
  if (l.job == Job::kBlocker) cells_[static_cast<std::size_t>(l.pos)] &= ~kBlockerBit;
  const auto index = static_cast<std::size_t>(&l - lems_.data());
  LemmingOutcome& r = outcome_.lemmings[index];
  r.fate = fate;
  r.end_step = step_;
  l.job = fate == Fate::kSaved ? Job::kSaved : Job::kDead;
  ++done_;
  if (fate == Fate::kSaved) {
    if (++outcome_.saved == level_.save) outcome_.solved_step = step_;
  } else {
    ++outcome_.dead;
    ++outcome_.deaths[static_cast<std::size_t>(fate) - static_cast<std::size_t>(Fate::kSplat)];
  }
  outcome_.events.push_back({step_, fate == Fate::kSaved ? EventKind::kSaved : EventKind::kDied,
                             static_cast<int>(index) + 1, -1, Skill::kClimber, fate,
                             SkipReason::kNone});
}

inline void Simulator::fall_now(Lem& l) {
  l.job = Job::kFaller;
  l.fall = 0;
  l.pause = false;
  faller(l);
}

inline void Simulator::land(Lem& l) {
  if (!l.floater && l.fall > level_.fall) {
    finish(l, Fate::kSplat);
    return;
  }
  l.job = Job::kWalker;
  l.fall = 0;
}

void Simulator::walker(Lem& l) {
  const std::uint8_t* c = cells_.data();
  if (!(c[l.pos + stride_] & kSolid)) {
    fall_now(l);
    return;
  }
  const int ahead = l.pos + l.dir;
  const std::uint8_t a = c[ahead];
  if (!(a & kWall)) {
    enter(l, ahead);
  } else if (!(a & kBlockerBit) && !(c[ahead - stride_] & kWall) && !(c[l.pos - stride_] & kWall)) {
    enter(l, ahead - stride_);  // a one-cell rise: step up
  } else if (l.climber && !(a & kBlockerBit)) {
    l.job = Job::kClimbing;
    climbing(l);
  } else {
    l.dir = static_cast<std::int8_t>(-l.dir);
  }
}

void Simulator::faller(Lem& l) {
  const std::uint8_t* c = cells_.data();
  if (c[l.pos + stride_] & kSolid) {
    land(l);
    return;
  }
  if (l.floater && l.fall >= 2) {
    l.pause = !l.pause;
    if (l.pause) return;  // a floater sinks one cell every two steps
  }
  if (l.fall < 0xFFFF) ++l.fall;
  enter(l, l.pos + stride_);
  if (l.job == Job::kFaller && (c[l.pos + stride_] & kSolid)) land(l);
}

void Simulator::climbing(Lem& l) {
  const std::uint8_t* c = cells_.data();
  const int beside = l.pos + l.dir;
  if (!(c[beside] & kWall)) {  // above the top of the wall: pull over onto it
    l.job = Job::kWalker;
    enter(l, beside);
    return;
  }
  if (c[l.pos - stride_] & kWall) {  // an overhang: let go
    l.dir = static_cast<std::int8_t>(-l.dir);
    fall_now(l);
    return;
  }
  enter(l, l.pos - stride_);
}

void Simulator::blocker(Lem& l) {
  if (!(cells_[static_cast<std::size_t>(l.pos + stride_)] & kSolid)) {
    cells_[static_cast<std::size_t>(l.pos)] &= ~kBlockerBit;
    fall_now(l);
  }
}

void Simulator::builder(Lem& l) {
  std::uint8_t* c = cells_.data();
  if (!(c[l.pos + stride_] & kSolid)) {
    fall_now(l);
    return;
  }
  if (l.bricks >= level_.bricks) {  // out of bricks
    l.job = Job::kWalker;
    return;
  }
  const int ahead = l.pos + l.dir;
  const std::uint8_t a = c[ahead];
  if (a & kExitBit) {  // the exit ahead: stop and walk into it
    l.job = Job::kWalker;
    return;
  }
  if (a != 0) {  // not plain air: turn round
    l.dir = static_cast<std::int8_t>(-l.dir);
    l.job = Job::kWalker;
    return;
  }
  if ((c[ahead - stride_] & kWall) || (c[l.pos - stride_] & kWall)) {  // no head room
    l.job = Job::kWalker;
    return;
  }
  c[ahead] = kDirtCell;
  ++l.bricks;
  enter(l, ahead - stride_);
}

void Simulator::basher(Lem& l) {
  std::uint8_t* c = cells_.data();
  if (!(c[l.pos + stride_] & kSolid)) {
    fall_now(l);
    return;
  }
  const int ahead = l.pos + l.dir;
  const std::uint8_t a = c[ahead];
  if (a & (kSteelBit | kBlockerBit)) {
    l.dir = static_cast<std::int8_t>(-l.dir);
    l.job = Job::kWalker;
  } else if (a & kDirtBit) {
    c[ahead] = static_cast<std::uint8_t>(a & ~kDirtCell);
    l.bashed = true;
    enter(l, ahead);
  } else if (l.bashed) {
    l.job = Job::kWalker;  // through: nothing left to bash
  } else {
    enter(l, ahead);  // nothing to bash yet: walks on, looking for it
  }
}

void Simulator::miner(Lem& l) {
  std::uint8_t* c = cells_.data();
  if (!(c[l.pos + stride_] & kSolid)) {
    fall_now(l);
    return;
  }
  const int ahead = l.pos + l.dir;
  const int down = ahead + stride_;
  if ((c[ahead] | c[down]) & (kSteelBit | kBlockerBit)) {
    l.dir = static_cast<std::int8_t>(-l.dir);
    l.job = Job::kWalker;
    return;
  }
  c[ahead] = static_cast<std::uint8_t>(c[ahead] & ~kDirtCell);
  c[down] = static_cast<std::uint8_t>(c[down] & ~kDirtCell);
  enter(l, down);
}

void Simulator::digger(Lem& l) {
  std::uint8_t* c = cells_.data();
  const int below = l.pos + stride_;
  const std::uint8_t b = c[below];
  if (!(b & kSolid)) {  // broke through into air
    fall_now(l);
  } else if (b & kSteelBit) {
    l.job = Job::kWalker;
  } else {
    c[below] = static_cast<std::uint8_t>(b & ~kDirtCell);
    enter(l, below);
  }
}

void Simulator::explode(Lem& l) {
  const int x = l.pos % stride_ - 1, y = l.pos / stride_ - 1;
  const int r = level_.radius;
  const int x0 = std::max(0, x - r), x1 = std::min(level_.width - 1, x + r);
  const int y0 = std::max(0, y - r), y1 = std::min(level_.height - 1, std::max(y + r, y + 1));
  for (int yy = y0; yy <= y1; ++yy) {
    for (int xx = x0; xx <= x1; ++xx) {
      if (yy > y + r && xx != x) continue;  // radius 0: the floor cell below only
      // Only dirt goes: steel, water, the entrance and the exit keep their flags (clearing
      // kDirtCell from a steel cell would take its kSolid bit and let lemmings walk through steel).
      auto& cell = cells_[static_cast<std::size_t>((yy + 1) * stride_ + xx + 1)];
      if (cell & kDirtBit) cell = static_cast<std::uint8_t>(cell & ~kDirtCell);
    }
  }
  finish(l, Fate::kExploded);
}

inline void Simulator::act(Lem& l) {
  switch (l.job) {
    case Job::kWalker:
      walker(l);
      break;
    case Job::kFaller:
      faller(l);
      break;
    case Job::kClimbing:
      climbing(l);
      break;
    case Job::kBlocker:
      blocker(l);
      break;
    case Job::kBuilder:
      builder(l);
      break;
    case Job::kBasher:
      basher(l);
      break;
    case Job::kMiner:
      miner(l);
      break;
    case Job::kDigger:
      digger(l);
      break;
    default:
      return;
  }
  if (l.job < Job::kSaved) {
    const std::int32_t d = dist_[static_cast<std::size_t>(l.pos)];
    if (d < l.best) l.best = d;
    if (l.fuse > 0 && --l.fuse == 0) explode(l);
  }
}

const Outcome& Simulator::run(const Plan& plan, StepObserver* observer) {
  reset(plan);
  const int n = level_.lemmings;
  std::size_t cursor = 0;
  int next_release = 0;
  std::int64_t actions = 0;
  int steps = level_.time;
  if (observer) observer->on_start(*this);
  for (int step = 0; step < level_.time; ++step) {
    step_ = step;
    const std::size_t first_event = outcome_.events.size();
    if (released_ < n && step == next_release) {
      release(step);
      next_release += level_.release;
    }
    while (cursor < order_.size() && static_cast<int>(order_[cursor] >> 32) == step) {
      const auto gene = static_cast<int>(order_[cursor] & 0xFFFFFFFFu);
      apply_gene(step, gene, plan[static_cast<std::size_t>(gene)]);
      ++cursor;
    }
    Lem* lems = lems_.data();
    for (int i = 0; i < released_; ++i) {
      if (lems[i].job < Job::kSaved) {
        ++actions;
        act(lems[i]);
      }
    }
    if (observer) {
      observer->on_step(*this, step, std::span<const Event>(outcome_.events).subspan(first_event));
    }
    if (done_ == n) {
      steps = step + 1;
      break;
    }
  }
  outcome_.steps = steps;
  outcome_.lemming_steps = actions;
  finalize();
  return outcome_;
}

void Simulator::finalize() {
  Outcome& o = outcome_;
  o.released = released_;
  o.out = level_.lemmings - o.saved - o.dead;
  o.solved = o.saved >= level_.save;
  for (int i = 0; i < released_; ++i) {
    const Lem& l = lems_[static_cast<std::size_t>(i)];
    LemmingOutcome& r = o.lemmings[static_cast<std::size_t>(i)];
    if (r.fate == Fate::kWaiting) r.fate = Fate::kOut;
    r.job = l.job;
    r.x = l.pos % stride_ - 1;
    r.y = std::min(l.pos / stride_ - 1, level_.height - 1);
    r.distance = r.fate == Fate::kSaved ? 0 : distance(r.x, r.y);
    r.best_distance = std::min(l.best, r.distance);
    r.climber = l.climber;
    r.floater = l.floater;
  }
}

Outcome simulate(const Level& level, const Plan& plan) { return make_runner(level)->play(plan); }

}  // namespace evoplay::games::lemmings
