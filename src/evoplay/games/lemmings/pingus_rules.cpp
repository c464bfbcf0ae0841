#include "evoplay/games/lemmings/pingus_rules.hpp"

#include <algorithm>
#include <cmath>

#include "evoplay/core/error.hpp"

namespace evoplay::games::lemmings {

namespace {

// Pingus 0.7.6's constants (pingu_enums.hpp, the actions' headers, World's gravity).
constexpr float kDeadlyVelocity = 10.4f;
constexpr float kTerminalVelocity = 11.0f;
constexpr int kPinguHeight = 26;
constexpr float kGravity = 0.2f;
constexpr int kMaxSteps = 5;        // Walker: pixels up or down a walker takes in a step
constexpr int kBashStepsDown = 3;   // Basher::max_steps_down
constexpr int kMinBashHeight = 5;   // Basher
constexpr int kMaxBashHeight = 33;  // Basher
constexpr int kMaxBricks = 15;      // Bridger::MAX_BRICKS
constexpr int kTickMs = 33;         // every sprite advances int(0.033f * 1000.0f) ms per update

// The sprites whose frames the actions read (pingus-data's images/pingus/player0/*.sprite and
// traps/spike.sprite): milliseconds per frame and frames.
constexpr int kBasherDelay = 100, kBasherFrames = 12;
constexpr int kBomberDelay = 60, kBomberFrames = 16;
constexpr int kBridgerDelay = 66, kBridgerFrames = 15;
constexpr int kBridgerWalkDelay = 66, kBridgerWalkFrames = 4;
constexpr int kExitDelay = 60, kExitFrames = 9;
constexpr int kDrownDelay = 60, kDrownFrames = 15;
constexpr int kSplatDelay = 33, kSplatFrames = 16;
constexpr int kSpikeDelay = 100, kSpikeFrames = 14;

int side(int dir) { return dir > 0 ? 1 : 0; }

PinguAction action_of(Skill s) {
  switch (s) {
    case Skill::kBomber:
      return PinguAction::kBomber;
    case Skill::kBlocker:
      return PinguAction::kBlocker;
    case Skill::kBuilder:
      return PinguAction::kBridger;
    case Skill::kBasher:
      return PinguAction::kBasher;
    case Skill::kMiner:
      return PinguAction::kMiner;
    case Skill::kDigger:
      return PinguAction::kDigger;
    case Skill::kJumper:
      return PinguAction::kJumper;
    case Skill::kSlider:
      return PinguAction::kSlider;
    case Skill::kClimber:
      return PinguAction::kClimber;
    case Skill::kFloater:
      return PinguAction::kFloater;
  }
  return PinguAction::kWalker;
}

/// The game's PinguAction::change_allowed of the action a pingu is doing.
bool change_allowed(PinguAction current, PinguAction next) {
  switch (current) {
    case PinguAction::kFaller:
      return next == PinguAction::kFloater || next == PinguAction::kClimber ||
             next == PinguAction::kBomber;
    case PinguAction::kClimber:
      return next == PinguAction::kFloater || next == PinguAction::kBomber ||
             next == PinguAction::kJumper;
    case PinguAction::kFloater:
      return next == PinguAction::kBomber;
    case PinguAction::kBomber:
    case PinguAction::kSplashed:
      return false;
    default:
      return true;
  }
}

Job job_of(PinguAction a) {
  switch (a) {
    case PinguAction::kWalker:
    case PinguAction::kSlider:
    case PinguAction::kExiter:
    case PinguAction::kBomber:
      return Job::kWalker;
    case PinguAction::kClimber:
      return Job::kClimbing;
    case PinguAction::kBlocker:
      return Job::kBlocker;
    case PinguAction::kBridger:
    case PinguAction::kWaiter:
      return Job::kBuilder;
    case PinguAction::kBasher:
      return Job::kBasher;
    case PinguAction::kMiner:
      return Job::kMiner;
    case PinguAction::kDigger:
      return Job::kDigger;
    default:
      return Job::kFaller;
  }
}

}  // namespace

std::unique_ptr<PlanRunner> make_runner(const Level& level, int dirt_cost) {
  if (level.pingus) return std::make_unique<PingusSimulator>(level);
  return std::make_unique<Simulator>(level, dirt_cost);
}

void PingusSimulator::Clock::update(int delay, int frames, bool loop) {
  // SpriteImpl::update
  if (finished || delay == 0) return;
  const int total = delay * frames;
  tick += kTickMs;
  if (tick >= total) {
    if (loop) {
      tick %= total;
      frame = tick / delay;
    } else {
      finished = true;
    }
  } else {
    frame = tick / delay;
  }
}

PingusSimulator::PingusSimulator(Level level) : level_(std::move(level)) {
  if (!level_.pingus) throw InternalError("PingusSimulator: not a Pingus level");
  const PingusLevel& l = *level_.pingus;
  masks_ = l.masks.get();
  if (!masks_) throw InternalError("PingusSimulator: the level's masks are missing");
  width_ = l.width;
  height_ = l.height;
  distances_ = exit_distances(level_);
  outcome_.lemmings.resize(static_cast<std::size_t>(l.pingus));
  pingus_.reserve(static_cast<std::size_t>(l.pingus));
  holder_.reserve(static_cast<std::size_t>(l.pingus));
}

PinguState PingusSimulator::pingu(int index) const {
  const Pingu& p = pingus_[static_cast<std::size_t>(index)];
  PinguState s;
  s.id = index + 1;
  s.x = p.x;
  s.y = p.y;
  s.dir = p.dir;
  s.action = p.action;
  s.climber = p.climber;
  s.floater = p.floater;
  s.alive = p.status == kAlive;
  return s;
}

int PingusSimulator::distance_of(const Pingu& p) const {
  const int cx = std::clamp(static_cast<int>(p.x) / kPingusCell, 0, level_.width - 1);
  const int cy = std::clamp((static_cast<int>(p.y) - 1) / kPingusCell, 0, level_.height - 1);
  return distances_[static_cast<std::size_t>(cy * level_.width + cx)];
}

void PingusSimulator::reset(const Plan& plan) {
  const PingusLevel& l = *level_.pingus;
  colmap_ = l.colmap;
  pingus_.clear();
  holder_.clear();
  last_release_.assign(l.entrances.size(), 0);
  last_direction_.assign(l.entrances.size(), 0);
  for (std::size_t i = 0; i < l.entrances.size(); ++i) {
    last_release_[i] = 150 - l.entrances[i].release_rate;
  }
  spikes_.assign(l.spikes.size(), Spike{});
  door_height_.clear();
  for (const auto& d : l.doors) door_height_.push_back(d.height);
  door_opening_.assign(l.doors.size(), false);
  switch_on_.assign(l.switches.size(), false);
  left_ = l.actions;
  assignments_.clear();
  done_ = 0;
  Outcome& o = outcome_;
  o.solved = false;
  o.saved = o.dead = o.out = o.released = o.steps = 0;
  o.solved_step = l.save == 0 ? 0 : -1;
  o.deaths = {};
  o.skills_used = {};
  o.lemming_steps = 0;
  std::fill(o.lemmings.begin(), o.lemmings.end(), LemmingOutcome{});
  o.gene_lemming.assign(plan.size(), 0);
  o.events.clear();
  o.events.reserve(plan.size() + 2 * static_cast<std::size_t>(l.pingus));
  order_.clear();
  for (std::size_t i = 0; i < plan.size(); ++i) {
    const int s = plan[i].step;
    if (s >= 1 && s < level_.time) {
      order_.push_back((static_cast<std::uint64_t>(s) << 32) | static_cast<std::uint64_t>(i));
    }
  }
  std::sort(order_.begin(), order_.end());
}

// ---- the collision map ----------------------------------------------------------------------

void PingusSimulator::remove(const PingusMask& m, int xp, int yp) {
  const int sx = std::max(0, -xp), sy = std::max(0, -yp);
  const int ex = std::min(m.width, width_ - xp), ey = std::min(m.height, height_ - yp);
  for (int y = sy; y < ey; ++y) {
    for (int x = sx; x < ex; ++x) {
      if (!m.bits[static_cast<std::size_t>(y * m.width + x)]) continue;
      auto& pixel = colmap_[static_cast<std::size_t>(y + yp) * static_cast<std::size_t>(width_) +
                            static_cast<std::size_t>(x + xp)];
      if (pixel != kGpSolid) pixel = kGpNothing;
    }
  }
}

void PingusSimulator::put(const PingusMask& m, int sx, int sy, std::uint8_t type) {
  if (sx > width_ || sy > height_) return;
  for (int y = 0; y < m.height; ++y) {
    for (int x = 0; x < m.width; ++x) {
      if (!m.bits[static_cast<std::size_t>(y * m.width + x)]) continue;
      const int px = x + sx, py = y + sy;
      if (px < 0 || py < 0 || px >= width_ || py >= height_) continue;
      auto& pixel = colmap_[static_cast<std::size_t>(py) * static_cast<std::size_t>(width_) +
                            static_cast<std::size_t>(px)];
      if (type == kGpBridge && pixel != kGpNothing) continue;
      pixel = type;
    }
  }
}

bool PingusSimulator::head_collision_on_walk(const Pingu& p, int x, int y) const {
  const int pixel = rel(p, x, y + kPinguHeight);
  return pixel != kGpNothing && !(pixel & kGpBridge);
}

// ---- pingus ---------------------------------------------------------------------------------

void PingusSimulator::set_velocity(Pingu& p, float vx, float vy) {
  p.vx = std::max(-kTerminalVelocity, std::min(vx, kTerminalVelocity));
  p.vy = std::max(-kTerminalVelocity, std::min(vy, kTerminalVelocity));
}

void PingusSimulator::set_action(Pingu& p, PinguAction a) {
  // Pingu::set_action with a new action object: its constructor runs now.
  p.previous = p.action;
  p.action = a;
  p.counter = 0;
  p.flag = false;
  p.walking = false;
  p.clock[0].restart();
  p.clock[1].restart();
  p.walk[0].restart();
  p.walk[1].restart();
  switch (a) {
    case PinguAction::kWalker:
      p.vx = p.vy = 0;
      break;
    case PinguAction::kBlocker:
      if (rel(p, 0, -1) == kGpNothing && rel(p, 0, -2) == kGpGround) {
        p.y = p.y + 1;
      } else if (rel(p, 0, -1) == kGpNothing && rel(p, 0, -2) == kGpNothing &&
                 rel(p, 0, -3) == kGpGround) {
        p.y = p.y + 2;
      }
      break;
    case PinguAction::kBasher:
      p.flag = true;  // first_bash
      bash(p);
      break;
    case PinguAction::kBridger:
      p.bricks = kMaxBricks;
      break;
    case PinguAction::kWaiter:
      p.value = 2.0f;
      break;
    case PinguAction::kSlider:
      p.value = 10;
      break;
    default:
      break;
  }
}

bool PingusSimulator::move_linear(Pingu& p, float mx, float my) {
  // Movers::LinearMover::update with Colliders::PinguCollider(pingu_height).
  float px = p.x, py = p.y;
  const int length = static_cast<int>(std::sqrt(mx * mx + my * my + 0.0f * 0.0f));
  float sx = mx, sy = my;
  const float f = std::sqrt(sx * sx + sy * sy + 0.0f * 0.0f);
  if (f != 0.0f) {
    sx /= f;
    sy /= f;
  }
  bool collision = false;
  for (int i = 0; i < length && !collision; ++i) {
    float nx = px + sx, ny = py + sy;
    const bool falling = sy > 0.0f;
    if (static_cast<int>(nx) != static_cast<int>(px)) {
      const float top = ny - static_cast<float>(kPinguHeight);
      for (; ny >= top; --ny) {
        const int pixel = getpixel(static_cast<int>(nx), static_cast<int>(ny));
        if (pixel != kGpNothing && !(pixel == kGpBridge && !falling)) {
          collision = true;
          break;
        }
      }
    } else if (!falling) {
      const int pixel =
          getpixel(static_cast<int>(nx), static_cast<int>(ny - static_cast<float>(kPinguHeight)));
      if (pixel != kGpNothing && pixel != kGpBridge) collision = true;
    } else if (getpixel(static_cast<int>(nx), static_cast<int>(ny)) != kGpNothing) {
      collision = true;
    }
    px += sx;
    py += sy;
  }
  if (collision) {
    px -= sx;
    py -= sy;
  }
  p.x = px;
  p.y = py;
  return collision;
}

void PingusSimulator::update(Pingu& p) {
  // Pingu::update
  if (p.status == kDead) return;
  if (rel(p, 0, -1) == kGpOutOfScreen) {
    p.status = kDead;
    p.cause = Fate::kFellOut;
    return;
  }
  switch (p.action) {
    case PinguAction::kWalker:
      walker(p);
      break;
    case PinguAction::kFaller:
      faller(p);
      break;
    case PinguAction::kFloater:
      floater(p);
      break;
    case PinguAction::kClimber:
      climber(p);
      break;
    case PinguAction::kJumper:
      jumper(p);
      break;
    case PinguAction::kBlocker:
      blocker(p);
      break;
    case PinguAction::kBomber:
      bomber(p);
      break;
    case PinguAction::kBridger:
      bridger(p);
      break;
    case PinguAction::kWaiter:
      waiter(p);
      break;
    case PinguAction::kBasher:
      basher(p);
      break;
    case PinguAction::kDigger:
      digger(p);
      break;
    case PinguAction::kMiner:
      miner(p);
      break;
    case PinguAction::kSlider:
      slider(p);
      break;
    case PinguAction::kExiter:
      exiter(p);
      break;
    case PinguAction::kDrown:
      dying(p, kDrownDelay, kDrownFrames);
      break;
    case PinguAction::kSplashed:
      dying(p, kSplatDelay, kSplatFrames);
      break;
  }
}

void PingusSimulator::walker(Pingu& p) {
  const float last_x = p.x, last_y = p.y;
  if (rel(p, 1, 0) == kGpOutOfScreen) {
    p.x = p.x + static_cast<float>(p.dir);
    return;
  }
  if (rel(p, 0, -1) == kGpWater) {
    set_action(p, PinguAction::kDrown);
    return;
  }
  if (rel(p, 0, -1) == kGpNothing) {
    bool found = false;
    int i;
    for (i = -2; i > -5; --i) {
      if (rel(p, 0, i) != kGpNothing) {
        found = true;
        break;
      }
    }
    if (found) {
      p.y = p.y - static_cast<float>(i);
    } else {
      set_action(p, PinguAction::kFaller);
      return;
    }
  }
  if (rel(p, 1, 0) == kGpBridge && !head_collision_on_walk(p, 1, 1)) {
    p.x = p.x + static_cast<float>(p.dir);
    p.y = p.y - 1.0f;
  } else {
    bool found = false;
    int step = 0;
    for (int y_inc = -kMaxSteps; y_inc <= kMaxSteps; ++y_inc) {
      const int a = rel(p, 1, y_inc);
      if ((a == kGpNothing || a == kGpBridge) && rel(p, 1, y_inc - 1) != kGpNothing) {
        found = true;
        step = y_inc;
      }
    }
    if (found) {
      p.x = p.x + static_cast<float>(p.dir);
      p.y = p.y - static_cast<float>(step);
    } else if (rel(p, 1, 0) != kGpNothing) {
      if (p.climber) {
        set_action(p, PinguAction::kClimber);  // request_wall_action
        return;
      }
      p.dir = -p.dir;
    } else {
      p.x = p.x + static_cast<float>(p.dir);
      set_action(p, PinguAction::kFaller);
      return;
    }
  }
  if (head_collision_on_walk(p, 0, 0)) {
    p.dir = -p.dir;
    p.x = last_x;
    p.y = last_y;
  }
}

void PingusSimulator::faller(Pingu& p) {
  if (static_cast<double>(p.vy) > 5.0 && p.floater) {
    set_action(p, PinguAction::kFloater);  // request_fall_action
    return;
  }
  set_velocity(p, p.vx + 0.0f, p.vy + kGravity);
  float vx = p.vx, vy = p.vy;
  const bool collided = move_linear(p, vx, vy);
  if (!collided) return;
  if (rel(p, 0, -1) == kGpNothing && rel(p, 0, -2) == kGpNothing && rel(p, 0, -3) == kGpNothing &&
      rel(p, 1, 0) != kGpNothing && rel(p, 1, 0) != kGpBridge) {
    vx = -(vx / 3.0f);
    p.dir = vx > 0.0f ? 1 : -1;
    set_velocity(p, vx, vy);
  } else if (vy > 0.0f) {
    if (rel(p, 0, -1) == kGpWater || rel(p, 0, -1) == kGpLava) {
      set_action(p, PinguAction::kDrown);
    } else if (std::fabs(p.vy) > kDeadlyVelocity) {
      set_action(p, PinguAction::kSplashed);
    } else if (p.previous == PinguAction::kBlocker) {
      set_action(p, PinguAction::kBlocker);
    } else {
      set_action(p, PinguAction::kWalker);
    }
  } else {
    set_velocity(p, vx / 3.0f, 0);
  }
}

void PingusSimulator::floater(Pingu& p) {
  set_velocity(p, 0.0f, 1.0f);
  if (rel(p, 0, -1) == kGpNothing) {
    p.y = p.y + 1;  // ++step > 0 every tick: a pixel per tick
  } else {
    set_action(p, PinguAction::kWalker);
  }
}

void PingusSimulator::climber(Pingu& p) {
  const int above = rel(p, 0, 1);
  if (above == kGpNothing || above == kGpBridge) {
    if (rel(p, 1, 1) != kGpNothing) {
      p.y = p.y - 1;
      return;
    }
    // head_collision_on_walk(direction, 1): the game passes the direction as x, which the
    // direction multiplies again, so it always looks one pixel to the right.
    const int pixel = getpixel(static_cast<int>(p.x + 1.0f),
                               static_cast<int>(p.y - static_cast<float>(1 + kPinguHeight)));
    if (!(pixel != kGpNothing && !(pixel & kGpBridge))) {
      p.x = p.x + static_cast<float>(p.dir);
      p.y = p.y - 1.0f;
    } else {
      p.dir = -p.dir;
    }
    set_action(p, PinguAction::kWalker);
  } else {
    p.dir = -p.dir;
    set_action(p, PinguAction::kWalker);
  }
}

void PingusSimulator::jumper(Pingu& p) {
  if (p.previous == PinguAction::kClimber) p.dir = -p.dir;
  if (p.dir < 0) {
    set_velocity(p, p.vx + -4.58f, p.vy + -4.58f);
  } else {
    set_velocity(p, p.vx + 4.58f, p.vy + -4.58f);
  }
  p.y = p.y - 1;
  set_action(p, PinguAction::kFaller);
}

void PingusSimulator::blocker(Pingu& p) {
  if (rel(p, 0, -1) == kGpNothing) {
    set_action(p, PinguAction::kFaller);
    return;
  }
  for (int id : holder_) {
    Pingu& t = pingus_[static_cast<std::size_t>(id)];
    if (&t == &p) continue;
    if (t.x > p.x - 16 && t.x < p.x + 16 && t.y > p.y - 32 && t.y < p.y + 5) {
      t.dir = t.x > p.x ? 1 : -1;
    }
  }
}

void PingusSimulator::bomber(Pingu& p) {
  p.clock[0].update(kBomberDelay, kBomberFrames, false);
  p.clock[1].update(kBomberDelay, kBomberFrames, false);
  const float vx = p.vx, vy = p.vy;
  move_linear(p, vx, vy);
  const Clock& c = p.clock[side(p.dir)];
  if (c.frame <= 9 && (rel(p, 0, -1) == kGpWater || rel(p, 0, -1) == kGpLava)) {
    set_action(p, PinguAction::kDrown);
    return;
  }
  if (c.frame <= 9 && rel(p, 0, -1) != kGpNothing && vy > kDeadlyVelocity) {
    set_action(p, PinguAction::kSplashed);
    return;
  }
  if (c.frame >= 13 && !p.flag) {
    p.flag = true;
    const PingusMask& m = masks_->bomber;
    remove(m, static_cast<int>(p.x) - m.width / 2, static_cast<int>(p.y) - 16 - m.width / 2);
  }
  if (c.finished) {
    p.status = kDead;
    p.cause = Fate::kExploded;
  }
}

void PingusSimulator::bridger(Pingu& p) {
  const int s = side(p.dir);
  if (!p.walking) {
    Clock& c = p.clock[s];
    c.update(kBridgerDelay, kBridgerFrames, false);
    if (c.frame >= 7 && !p.flag) {
      p.flag = true;
      if (p.bricks > 0) {
        if (!head_collision_on_walk(p, 0, 2)) {
          --p.bricks;
          if (p.dir > 0) {
            const PingusMask& b = masks_->brick_right;
            put(b, static_cast<int>(p.x + 10.0f - static_cast<float>(b.width)),
                static_cast<int>(p.y), kGpBridge);
          } else {
            put(masks_->brick_left, static_cast<int>(p.x - 10.0f), static_cast<int>(p.y),
                kGpBridge);
          }
        } else {
          p.dir = -p.dir;
          set_action(p, PinguAction::kWalker);
          return;
        }
      } else {
        set_action(p, PinguAction::kWaiter);
        return;
      }
    }
    if (c.finished) {
      p.walking = true;
      c.restart();
    }
    return;
  }
  if (p.walk[s].finished) {
    bool free = true;
    for (int x = 1; x <= 4; ++x) {
      if (rel(p, x, 2) != kGpNothing || head_collision_on_walk(p, x, 2)) {
        free = false;
        break;
      }
    }
    if (free) {
      p.walking = false;
      p.flag = false;
      p.walk[s].restart();
      p.x = p.x + (4.0f * static_cast<float>(p.dir));
      p.y = p.y - 2;
    } else {
      p.dir = -p.dir;
      set_action(p, PinguAction::kWalker);
    }
  } else {
    p.walk[0].update(kBridgerWalkDelay, kBridgerWalkFrames, false);
    p.walk[1].update(kBridgerWalkDelay, kBridgerWalkFrames, false);
  }
}

void PingusSimulator::waiter(Pingu& p) {
  if (p.value < 0) {
    set_action(p, PinguAction::kWalker);
    return;
  }
  p.value -= 0.025f;
}

void PingusSimulator::bash(Pingu& p) {
  const PingusMask& m = masks_->bash;
  remove(m, static_cast<int>(p.x) - m.width / 2, static_cast<int>(p.y) - m.height + 1);
}

void PingusSimulator::basher(Pingu& p) {
  Clock& c = p.clock[side(p.dir)];
  c.update(kBasherDelay, kBasherFrames, true);
  ++p.counter;
  if (p.counter % 3 != 0) return;
  // walk_forward
  int y_inc;
  for (y_inc = 0; y_inc >= -kBashStepsDown; --y_inc) {
    if (rel(p, 0, y_inc - 1) != kGpNothing) break;
  }
  if (y_inc < -kBashStepsDown) {
    set_action(p, PinguAction::kFaller);
    return;
  }
  p.x = p.x + static_cast<float>(p.dir);
  p.y = p.y - static_cast<float>(y_inc);
  const int below = rel(p, 0, -1);
  if (below == kGpWater || below == kGpLava) {
    set_action(p, PinguAction::kDrown);
  } else if (below != kGpNothing) {
    if (rel(p, 0, 0) == kGpSolid || rel(p, 0, kPinguHeight) == kGpSolid) {
      p.dir = -p.dir;
      set_action(p, PinguAction::kWalker);
      return;
    }
    bool something = false;
    if (p.flag) {
      p.flag = false;
      something = true;
    } else {
      const int reach = masks_->bash.width;
      for (int x = 0; x <= reach && !something; ++x) {
        for (int y = kMinBashHeight; y <= kMaxBashHeight; ++y) {
          if (rel(p, x, y) == kGpGround) {
            something = true;
            break;
          }
        }
      }
    }
    if (something) {
      if (p.counter % 2 == 0) bash(p);
    } else if (static_cast<float>(p.clock[side(p.dir)].frame) / static_cast<float>(kBasherFrames) >
               0.6f) {
      set_action(p, PinguAction::kWalker);
    }
  }
}

void PingusSimulator::digger(Pingu& p) {
  ++p.counter;
  const int below = rel(p, 0, -1);
  if (below == kGpWater || below == kGpLava) {
    set_action(p, PinguAction::kDrown);
    return;
  }
  const bool something = below != kGpNothing && below != kGpSolid;
  const PingusMask& r = masks_->digger;
  if (!something) {
    remove(masks_->digger_final, static_cast<int>(p.x) - r.width / 2,
           static_cast<int>(p.y) - r.height + 2);
    p.x = static_cast<float>(static_cast<int>(p.x));
    p.y = static_cast<float>(static_cast<int>(p.y) + 1);
    set_action(p, PinguAction::kWalker);
  } else if (p.counter % 4 == 0) {
    remove(r, static_cast<int>(p.x) - r.width / 2, static_cast<int>(p.y) - r.height + 2);
    p.x = static_cast<float>(static_cast<int>(p.x));
    p.y = static_cast<float>(static_cast<int>(p.y) + 1);
  }
}

void PingusSimulator::miner(Pingu& p) {
  ++p.counter;
  if (p.counter % 4 != 0) return;
  auto mine_final = [&] {
    const PingusMask& m = p.dir < 0 ? masks_->miner_left : masks_->miner_right;
    remove(m, static_cast<int>(p.x) - m.width / 2 + p.dir, static_cast<int>(p.y) - m.height + 2);
  };
  if (rel(p, 0, -1) == kGpNothing) {
    mine_final();
    set_action(p, PinguAction::kWalker);
  } else if (rel(p, 0, -1) == kGpSolid || rel(p, 0, kPinguHeight) == kGpSolid) {
    mine_final();
    p.dir = -p.dir;
    set_action(p, PinguAction::kWalker);
  } else {
    const PingusMask& m = masks_->miner;
    if (p.counter % 2 == 0) {
      remove(m, static_cast<int>(p.x) - m.width / 2 + p.dir, static_cast<int>(p.y) - m.height + 2);
    }
    const int x = static_cast<int>(p.x) + p.dir, y = static_cast<int>(p.y) + 1;
    p.x = static_cast<float>(x);
    p.y = static_cast<float>(y);
  }
}

void PingusSimulator::slider(Pingu& p) {
  for (int i = 0; static_cast<float>(i) < p.value && rel(p, 1, 0) == kGpNothing; ++i) {
    p.x = p.x + static_cast<float>(p.dir);
    if (rel(p, 0, -1) == kGpNothing) {
      p.value = p.value > 5 ? 5 : p.value;
      if (p.dir > 0) {
        set_velocity(p, p.vx + p.value, p.vy + 0.0f);
      } else {
        set_velocity(p, p.vx + -p.value, p.vy + 0.0f);
      }
      set_action(p, PinguAction::kFaller);
      return;
    }
  }
  p.value -= 7 * 0.025f;
  if (p.value < 1) set_action(p, PinguAction::kWalker);
}

void PingusSimulator::exiter(Pingu& p) {
  Clock& c = p.clock[side(p.dir)];
  c.update(kExitDelay, kExitFrames, false);
  if (c.finished) p.status = kExited;
}

void PingusSimulator::dying(Pingu& p, int delay, int frames) {
  Clock& c = p.clock[side(p.dir)];
  c.update(delay, frames, false);
  if (c.finished) {
    p.status = kDead;
    p.cause = p.action == PinguAction::kDrown ? Fate::kDrowned : Fate::kSplat;
  }
}

void PingusSimulator::update_spike(int i) {
  // WorldObjs::Spike::update
  Spike& s = spikes_[static_cast<std::size_t>(i)];
  const PingusSpike& at = level_.pingus->spikes[static_cast<std::size_t>(i)];
  if (s.killing) s.clock.update(kSpikeDelay, kSpikeFrames, true);
  for (int id : holder_) {
    Pingu& p = pingus_[static_cast<std::size_t>(id)];
    if (!s.killing) {
      if (p.x > at.x + 16 - 5 && p.x < at.x + 16 + 5 && p.y > at.y && p.y < at.y + 32) {
        s.clock.restart();
        s.killing = true;
      }
    } else if (s.clock.frame == 3 && p.x > at.x + 16 - 12 && p.x < at.x + 16 + 12 && p.y > at.y &&
               p.y < at.y + 32) {
      if (p.status != kDead) {
        p.status = kDead;
        p.cause = Fate::kTrapped;
      }
    }
  }
  if (s.clock.frame == kSpikeFrames - 1) s.killing = false;
}

// ---- a run ----------------------------------------------------------------------------------

void PingusSimulator::finish(int index, Fate fate) {
  LemmingOutcome& r = outcome_.lemmings[static_cast<std::size_t>(index)];
  r.fate = fate;
  r.end_step = time_;
  ++done_;
  if (fate == Fate::kSaved) {
    if (++outcome_.saved == level_.save) outcome_.solved_step = time_;
  } else {
    ++outcome_.dead;
    ++outcome_.deaths[static_cast<std::size_t>(fate) - static_cast<std::size_t>(Fate::kSplat)];
  }
  outcome_.events.push_back({time_, fate == Fate::kSaved ? EventKind::kSaved : EventKind::kDied,
                             index + 1, -1, Skill::kClimber, fate, SkipReason::kNone});
}

void PingusSimulator::tick(int t) {
  const PingusLevel& l = *level_.pingus;
  for (const PingusUpdate& u : l.updates) {
    switch (u.kind) {
      case PingusUpdate::Kind::kEntrance: {
        const auto i = static_cast<std::size_t>(u.index);
        const PingusEntrance& e = l.entrances[i];
        if (last_release_[i] + e.release_rate < t) {
          last_release_[i] = t;
          if (static_cast<int>(pingus_.size()) < l.pingus) {
            Pingu p;
            p.x = e.x;
            p.y = e.y;
            p.owner = e.owner;
            if (e.direction == 0) {
              p.dir = last_direction_[i] ? -1 : 1;
              last_direction_[i] = last_direction_[i] ? 0 : 1;
            } else {
              p.dir = e.direction;
            }
            const int index = static_cast<int>(pingus_.size());
            p.best = distance_of(p);
            pingus_.push_back(p);
            holder_.push_back(index);
            outcome_.events.push_back({t, EventKind::kReleased, index + 1, -1, Skill::kClimber,
                                       Fate::kOut, SkipReason::kNone});
          }
        }
        break;
      }
      case PingusUpdate::Kind::kExit: {
        const PingusExit& e = l.exits[static_cast<std::size_t>(u.index)];
        for (int id : holder_) {
          Pingu& p = pingus_[static_cast<std::size_t>(id)];
          if (p.owner == e.owner && p.x > e.x - 1 && p.x < e.x + 1 && p.y > e.y - 5 &&
              p.y < e.y + 5 && p.status == kAlive && p.action != PinguAction::kExiter) {
            set_action(p, PinguAction::kExiter);
          }
        }
        break;
      }
      case PingusUpdate::Kind::kSpike:
        update_spike(u.index);
        break;
      case PingusUpdate::Kind::kSwitch: {
        // WorldObjs::SwitchDoorSwitch::update
        const auto i = static_cast<std::size_t>(u.index);
        const PingusSwitch& sw = l.switches[i];
        if (switch_on_[i] || sw.door < 0) break;
        for (int id : holder_) {
          const Pingu& p = pingus_[static_cast<std::size_t>(id)];
          if (p.x > sw.x && p.x < sw.x + sw.width && p.y > sw.y && p.y < sw.y + sw.height) {
            switch_on_[i] = true;
            door_opening_[static_cast<std::size_t>(sw.door)] = true;
            break;
          }
        }
        break;
      }
      case PingusUpdate::Kind::kDoor: {
        // WorldObjs::SwitchDoorDoor::update: once open, the door's pixels go 11 ticks later.
        const auto i = static_cast<std::size_t>(u.index);
        const PingusDoor& d = l.doors[i];
        if (door_height_[i] > 0 && door_opening_[i]) {
          --door_height_[i];
          if (door_height_[i] + 10 < d.height) {
            put(masks_->door_box, d.x, d.y, kGpNothing);
            for (int k = 0; k < d.height; ++k) {
              put(masks_->door_tile, d.x, d.y + k * d.tile_height + d.box_height, kGpNothing);
            }
          }
        }
        break;
      }
      case PingusUpdate::Kind::kPingus: {
        std::size_t w = 0;
        for (std::size_t r = 0; r < holder_.size(); ++r) {
          const int id = holder_[r];
          Pingu& p = pingus_[static_cast<std::size_t>(id)];
          ++outcome_.lemming_steps;
          update(p);
          if (p.status == kDead) {
            finish(id, p.cause);
          } else if (p.status == kExited) {
            finish(id, Fate::kSaved);
          } else {
            const std::int32_t d = distance_of(p);
            if (d < p.best) p.best = d;
            holder_[w++] = id;
          }
        }
        holder_.resize(w);
        break;
      }
    }
  }
}

bool PingusSimulator::can_take(const Pingu& p, Skill s) const {
  if (p.status != kAlive || p.action == PinguAction::kExiter || p.action == PinguAction::kDrown ||
      p.action == PinguAction::kSplashed) {
    return false;
  }
  if (s == Skill::kClimber) return !p.climber;
  if (s == Skill::kFloater) return !p.floater;
  const PinguAction a = action_of(s);
  return p.action != a && change_allowed(p.action, a);
}

void PingusSimulator::apply_gene(int step, int gene, const Gene& g) {
  const auto k = static_cast<std::size_t>(g.skill);
  Event e{step, EventKind::kSkipped, g.lemming, gene, g.skill, Fate::kOut, SkipReason::kNone};
  int who = -1;
  if (left_[k] == 0) {
    e.reason = SkipReason::kUsedUp;
  } else if (g.lemming > 0) {
    const int i = g.lemming - 1;
    if (i >= static_cast<int>(pingus_.size()) ||
        pingus_[static_cast<std::size_t>(i)].status != kAlive) {
      e.reason = SkipReason::kNotOut;
    } else if (!can_take(pingus_[static_cast<std::size_t>(i)], g.skill)) {
      e.reason = SkipReason::kCannotTake;
    } else {
      who = i;
    }
  } else {
    for (int i = 0; i < static_cast<int>(pingus_.size()) && who < 0; ++i) {
      if (can_take(pingus_[static_cast<std::size_t>(i)], g.skill)) who = i;
    }
    if (who < 0) e.reason = SkipReason::kNobody;
  }
  if (who >= 0) {
    Pingu& p = pingus_[static_cast<std::size_t>(who)];
    assignments_.push_back({step, who, p.x, p.y, g.skill});
    if (g.skill == Skill::kClimber) {
      p.climber = true;
    } else if (g.skill == Skill::kFloater) {
      p.floater = true;
    } else {
      set_action(p, action_of(g.skill));
    }
    --left_[k];
    ++outcome_.skills_used[k];
    outcome_.gene_lemming[static_cast<std::size_t>(gene)] = who + 1;
    e.kind = EventKind::kAssigned;
    e.lemming = who + 1;
  }
  outcome_.events.push_back(e);
}

const Outcome& PingusSimulator::run(const Plan& plan, PingusObserver* observer) {
  reset(plan);
  const PingusLevel& l = *level_.pingus;
  std::size_t cursor = 0;
  int steps = level_.time;
  if (observer) observer->on_start(*this);
  for (int t = 1; t <= level_.time; ++t) {
    time_ = t;
    tick(t);
    // GoalManager: every pingu released and none left in the world ends the level.
    const bool over = static_cast<int>(pingus_.size()) == l.pingus && holder_.empty();
    if (!over) {
      while (cursor < order_.size() && static_cast<int>(order_[cursor] >> 32) == t) {
        const auto gene = static_cast<int>(order_[cursor] & 0xFFFFFFFFu);
        apply_gene(t, gene, plan[static_cast<std::size_t>(gene)]);
        ++cursor;
      }
    }
    if (observer) observer->on_step(*this, t);
    if (over) {
      steps = t;
      break;
    }
  }
  Outcome& o = outcome_;
  o.steps = steps;
  o.released = static_cast<int>(pingus_.size());
  o.out = l.pingus - o.saved - o.dead;
  o.solved = o.saved >= l.save;
  for (std::size_t i = 0; i < pingus_.size(); ++i) {
    const Pingu& p = pingus_[i];
    LemmingOutcome& r = o.lemmings[i];
    if (r.fate == Fate::kWaiting) r.fate = Fate::kOut;
    r.job = p.status == kExited ? Job::kSaved : p.status == kDead ? Job::kDead : job_of(p.action);
    r.x = static_cast<int>(p.x);
    r.y = static_cast<int>(p.y);
    r.distance = r.fate == Fate::kSaved ? 0 : distance_of(p);
    r.best_distance = std::min<int>(p.best, r.distance);
    r.climber = p.climber;
    r.floater = p.floater;
  }
  return o;
}

}  // namespace evoplay::games::lemmings
