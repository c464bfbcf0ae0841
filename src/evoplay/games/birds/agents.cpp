#include "evoplay/games/birds/agents.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <limits>

#include "evoplay/core/error.hpp"
#include "evoplay/core/parallel.hpp"
#include "evoplay/games/birds/settings_check.hpp"
#include "evoplay/games/birds/sling.hpp"

namespace evoplay::games::birds {

namespace {

BirdType next_bird(const Level& level, const GameState& state) {
  return level.birds[static_cast<std::size_t>(state.birds_used)];
}

std::vector<std::size_t> live_pigs(const Level& level, const GameState& state) {
  std::vector<std::size_t> out;
  for (std::size_t i = 0; i < level.objects.size(); ++i) {
    if (level.objects[i].kind() == Kind::kPig && state.pieces[i].alive) out.push_back(i);
  }
  return out;
}

/// Seconds until the flight of a full-power shot at `angle` comes back down to the ground.
double flight_time(const Level& level, BirdType bird, double angle, const PlaySettings& play) {
  const Launch l = launch_of(level.slingshot, bird, angle, 1);
  const double g = flight_gravity(bird, -play.physics.gravity);
  const double drop = l.position.y - kGroundY;
  return (l.velocity.y + std::sqrt(std::max(0.0, l.velocity.y * l.velocity.y + 2 * g * drop))) / g;
}

/// The tap of a full-power shot at `angle` when the bird has covered `share` of the horizontal
/// distance from the slingshot to x = target (-1 if it never gets there).
double tap_at_share(const Level& level, BirdType bird, double angle, double target, double share) {
  const Launch l = launch_of(level.slingshot, bird, angle, 1);
  const double x = level.slingshot.x + (target - level.slingshot.x) * share;
  const auto t = time_to_x(l, x);
  return t ? *t : -1;
}

bool has_ability(BirdType bird) { return bird != BirdType::kRed; }

Decision random_shot(const AgentSettings& s, const Level& level, const GameState& state,
                     const PlaySettings& play, Rng& rng) {
  const BirdType bird = next_bird(level, state);
  Decision d;
  d.shot.angle = rng.uniform(s.min_angle, s.max_angle);
  if (has_ability(bird)) d.shot.tap = rng.uniform(0, flight_time(level, bird, d.shot.angle, play));
  return d;
}

Decision naive_shot(const Level& level, const GameState& state, Rng& rng) {
  const BirdType bird = next_bird(level, state);
  const auto pigs = live_pigs(level, state);
  Decision d;
  if (pigs.empty()) return d;
  d.target = static_cast<int>(pigs[rng.index(pigs.size())]);
  const PieceState& pig = state.pieces[static_cast<std::size_t>(d.target)];
  const auto angles = aim_angles(level.slingshot, bird, {pig.x, pig.y});
  // NA-SB: the high trajectory when randint(0, 5) == 0, else the low one; out of reach: 45.
  const bool high = rng.index(6) == 0;
  d.shot.angle = angles.empty() ? 45.0 : angles[high ? 1 : 0];
  // NA-SB's tap intervals (% of the horizontal distance to the target); Black is never tapped.
  int percent = 0;
  switch (bird) {
    case BirdType::kYellow:
      percent = 65 + static_cast<int>(rng.between(0, 24));
      break;
    case BirdType::kBlue:
      percent = 65 + static_cast<int>(rng.between(0, 19));
      break;
    case BirdType::kWhite:
      percent = 50 + static_cast<int>(rng.between(0, 19));
      break;
    case BirdType::kRed:
    case BirdType::kBlack:
      break;
  }
  if (percent > 0) d.shot.tap = tap_at_share(level, bird, d.shot.angle, pig.x, percent / 100.0);
  return d;
}

/// A candidate's outcome, for ranking: won, then fewer pigs left, then more damage.
struct Tried {
  Shot shot;
  GameState after;
  double damage = 0;  // along the sequence it ends
  int pigs_left = 0;
  bool won = false;
  Shot first;  // the first shot of its sequence
};

bool better(const Tried& a, const Tried& b) {
  if (a.won != b.won) return a.won;
  if (a.pigs_left != b.pigs_left) return a.pigs_left < b.pigs_left;
  return a.damage > b.damage + 1e-9;
}

/// The tap a search candidate tries: Yellow and Blue at a share of the way to a random pig, White
/// over it (the egg falls straight down); Red has no ability, Black explodes by itself 0.6 s
/// after it touches something.
double search_tap(const Level& level, const GameState& state, BirdType bird, double angle,
                  Rng& rng) {
  if (bird == BirdType::kRed || bird == BirdType::kBlack) return -1;
  const auto pigs = live_pigs(level, state);
  if (pigs.empty()) return -1;
  const double x = state.pieces[pigs[rng.index(pigs.size())]].x;
  const double share = bird == BirdType::kWhite ? 1.0 : rng.uniform(0.55, 0.9);
  return tap_at_share(level, bird, angle, x, share);
}

/// Candidate shots for the next bird: `count` angles spread evenly over the range (each jittered
/// within its slice), with their taps.
std::vector<Shot> sweep(const AgentSettings& s, const Level& level, const GameState& state,
                        int count, Rng& rng) {
  const BirdType bird = next_bird(level, state);
  std::vector<Shot> out;
  const double slice = (s.max_angle - s.min_angle) / count;
  for (int k = 0; k < count; ++k) {
    Shot shot;
    shot.angle = s.min_angle + slice * (k + rng.uniform());
    shot.tap = search_tap(level, state, bird, shot.angle, rng);
    out.push_back(shot);
  }
  return out;
}

/// Simulates every shot from `state` (in parallel slots: the same results at any thread count).
/// With `until_won`, shots not yet started once one has won are skipped (left unwon, as they
/// were): only whether some shot wins is then the same at any thread count.
std::vector<Tried> try_all(const Level& level, const Tried& from, std::span<const Shot> shots,
                           const PlaySettings& play, int threads, bool first_level,
                           bool until_won = false) {
  std::vector<Tried> out(shots.size());
  std::atomic<bool> won{false};
  parallel_slots(shots.size(), threads, [&](std::size_t k) {
    Tried& t = out[k];
    t.shot = shots[k];
    t.first = first_level ? shots[k] : from.first;
    if (until_won && won.load(std::memory_order_relaxed)) {
      t.pigs_left = std::numeric_limits<int>::max();  // skipped: ranks last
      return;
    }
    t.after = from.after;
    const ShotRecord r = play_shot(level, t.after, shots[k], play);
    t.damage = from.damage + r.damage;
    t.pigs_left = t.after.pigs_alive(level);
    t.won = t.pigs_left == 0;
    if (t.won) won = true;
  });
  return out;
}

/// The best shots of one state with `budget` simulations: a sweep with two thirds of it, then
/// refinements around the best four with the rest. Sorted best first. With `until_won`, no more
/// shots are simulated once one wins (whether one does is all that is then the same at any
/// thread count).
std::vector<Tried> expand(const AgentSettings& s, const Level& level, const Tried& from,
                          const PlaySettings& play, Rng& rng, bool first_level, int& simulated,
                          bool until_won = false) {
  const int budget = std::max(1, s.budget);
  const int coarse = std::max(1, budget * 2 / 3);
  const auto shots = sweep(s, level, from.after, coarse, rng);
  auto tried = try_all(level, from, shots, play, s.threads, first_level, until_won);
  std::stable_sort(tried.begin(), tried.end(), better);
  const int fine = budget - coarse;
  if (fine > 0 && !tried.front().won) {
    const std::size_t seeds = std::min<std::size_t>(4, tried.size());
    const double slice = (s.max_angle - s.min_angle) / coarse;
    std::vector<Shot> more;
    for (int k = 0; k < fine; ++k) {
      Shot shot = tried[static_cast<std::size_t>(k) % seeds].shot;
      shot.angle = std::clamp(shot.angle + slice * rng.uniform(-0.5, 0.5), s.min_angle - slice,
                              s.max_angle + slice);
      if (shot.tap >= 0) shot.tap *= rng.uniform(0.85, 1.15);
      more.push_back(shot);
    }
    auto refined = try_all(level, from, more, play, s.threads, first_level, until_won);
    tried.insert(tried.end(), refined.begin(), refined.end());
    std::stable_sort(tried.begin(), tried.end(), better);
  }
  simulated += static_cast<int>(tried.size());
  return tried;
}

Decision search_shot(const AgentSettings& s, const Level& level, const GameState& state,
                     const PlaySettings& play, Rng& rng) {
  Decision d;
  Tried root;
  root.after = state;
  const int depth = s.beam <= 1 ? 1 : std::max(1, std::min(s.depth, state.birds_left(level)));
  std::vector<Tried> beam = {root};
  for (int level_index = 0; level_index < depth; ++level_index) {
    std::vector<Tried> next;
    for (std::size_t b = 0; b < beam.size(); ++b) {
      if (beam[b].after.birds_left(level) == 0 || beam[b].won) {
        next.push_back(beam[b]);
        continue;
      }
      Rng branch = rng.split({static_cast<std::uint64_t>(level_index), b});
      auto tried = expand(s, level, beam[b], play, branch, level_index == 0, d.simulated);
      next.insert(next.end(), tried.begin(), tried.end());
    }
    std::stable_sort(next.begin(), next.end(), better);
    next.resize(std::min<std::size_t>(next.size(), static_cast<std::size_t>(std::max(1, s.beam))));
    beam = std::move(next);
    if (beam.front().won) break;
  }
  d.shot = beam.front().first;
  return d;
}

}  // namespace

bool first_bird_wins(const Level& level, int budget, const PlaySettings& play, std::uint64_t seed) {
  const GameState start = initial_state(level, play);
  if (start.status(level) != GameStatus::kPlaying) return start.status(level) == GameStatus::kWon;
  AgentSettings search;
  search.budget = budget;
  search.threads = 1;
  Rng branch = Rng(seed).split({0, 0});  // as search_shot's first decision draws
  Tried root;
  root.after = start;
  int simulated = 0;
  return expand(search, level, root, play, branch, true, simulated, true).front().won;
}

std::string_view agent_name(AgentKind kind) {
  for (const auto& n : kAgentNames)
    if (n.value == kind) return n.name;
  return "?";
}

AgentKind parse_agent(std::string_view name) {
  try {
    return fields::FieldValue<AgentKind>::parse(name, {});
  } catch (const fields::Expected& e) {
    throw Error(fmt::format("unknown agent '{}' (expected {})", name, e.what));
  }
}

void AgentSettings::validate() const {
  within("min_angle", min_angle, -90, 90);
  within("max_angle", max_angle, -90, 90);
  if (!(max_angle > min_angle)) {
    throw Error(
        fmt::format("max_angle must be above min_angle (found {} and {})", max_angle, min_angle));
  }
  fields::check(*this);  // budget, beam and depth within their declared limits
  at_least("threads", threads, 0);
}

nlohmann::json AgentSettings::to_json() const {
  nlohmann::json j = {{"agent", agent_name(kind)}};
  if (kind != AgentKind::kNaive) j["angles"] = {min_angle, max_angle};
  if (kind == AgentKind::kSearch) {
    j["budget"] = budget;
    j["beam"] = beam;
    if (beam > 1) j["depth"] = depth;
  }
  return j;
}

Decision choose_shot(const AgentSettings& agent, const Level& level, const GameState& state,
                     const PlaySettings& play, Rng& rng) {
  if (state.birds_left(level) == 0) throw Error("no bird left to shoot");
  switch (agent.kind) {
    case AgentKind::kRandom:
      return random_shot(agent, level, state, play, rng);
    case AgentKind::kNaive:
      return naive_shot(level, state, rng);
    case AgentKind::kSearch:
      break;
  }
  return search_shot(agent, level, state, play, rng);
}

nlohmann::json GameRecord::to_json(const Level& level) const {
  nlohmann::json shot_list = nlohmann::json::array();
  for (const ShotRecord& s : shots) shot_list.push_back(s.to_json(level));
  nlohmann::json j = {{"agent", agent},
                      {"won", won()},
                      {"game", status_name(status)},
                      {"pigs", pigs},
                      {"pigs_killed", pigs_killed},
                      {"birds", level.birds.size()},
                      {"birds_used", birds_used},
                      {"score", score},
                      {"shots", shot_list}};
  if (agent != "shots") j["seed"] = seed;
  if (simulated > 0) j["shots_simulated"] = simulated;
  return j;
}

namespace {

void add_shot(GameRecord& g, ShotRecord r) {
  g.pigs_killed += r.pigs_killed;
  g.score += r.score;
  g.birds_used += 1;
  g.status = r.status;
  g.shots.push_back(std::move(r));
}

}  // namespace

GameRecord play_game_from(const Level& level, const GameState& start, const AgentSettings& agent,
                          const PlaySettings& play, std::uint64_t seed) {
  GameRecord g;
  g.agent = agent_name(agent.kind);
  g.seed = seed;
  g.start = start;
  g.pigs = start.pigs_alive(level);
  g.status = start.status(level);
  GameState state = start;
  const Rng master(seed);
  while (state.status(level) == GameStatus::kPlaying) {
    Rng rng = master.split(static_cast<std::uint64_t>(state.birds_used));
    const Decision d = choose_shot(agent, level, state, play, rng);
    g.simulated += d.simulated;
    add_shot(g, play_shot(level, state, d.shot, play));
  }
  g.end = state;
  return g;
}

GameRecord play_game(const Level& level, const AgentSettings& agent, const PlaySettings& play,
                     std::uint64_t seed) {
  return play_game_from(level, initial_state(level, play), agent, play, seed);
}

GameRecord play_shots(const Level& level, std::span<const Shot> shots, const PlaySettings& play) {
  GameRecord g;
  g.agent = "shots";
  g.start = initial_state(level, play);
  g.pigs = g.start.pigs_alive(level);
  g.status = g.start.status(level);
  g.end = g.start;
  for (const Shot& shot : shots) {
    if (g.end.status(level) != GameStatus::kPlaying) break;
    play_next_shot(level, g, shot, play);
  }
  return g;
}

void play_next_shot(const Level& level, GameRecord& game, const Shot& shot,
                    const PlaySettings& play, const std::function<void(const ShotRun&)>& on_step) {
  add_shot(game, play_shot(level, game.end, shot, play, on_step));
}

std::vector<GameRecord> play_attempts(const Level& level, AgentSettings agent, int attempts,
                                      const PlaySettings& play, std::uint64_t seed, int threads,
                                      const CancelToken& cancel) {
  agent.threads = attempts == 1 ? threads : 1;
  agent.validate();
  if (level.birds.empty()) throw Error("the level has no bird to play");
  const GameState start = initial_state(level, play);
  const auto n = static_cast<std::size_t>(std::max(attempts, 0));
  std::vector<GameRecord> games(n);
  std::vector<char> played(n, 0);
  const Rng master(seed);
  parallel_slots(n, attempts == 1 ? 1 : threads, [&](std::size_t k) {
    if (cancel.cancelled()) return;
    games[k] = play_game_from(level, start, agent, play, n == 1 ? seed : master.split(k).seed());
    played[k] = 1;
  });
  const auto first_missing = std::find(played.begin(), played.end(), 0) - played.begin();
  games.resize(static_cast<std::size_t>(first_missing));
  return games;
}

}  // namespace evoplay::games::birds
