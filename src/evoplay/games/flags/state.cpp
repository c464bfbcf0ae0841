#include "evoplay/games/flags/state.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cassert>
#include <cmath>

#include "evoplay/core/content_hash.hpp"
#include "evoplay/core/rng.hpp"

namespace evoplay::games::flags {

namespace {

constexpr std::array<std::string_view, kActions> kActionNames = {"n",    "e",      "s",  "w",
                                                                 "rest", "attack", "dig"};
constexpr std::array<std::string_view, 4> kDirectionNames = {"north", "east", "south", "west"};

bool walkable(Cell c) { return c != Cell::kWall && c != Cell::kRock; }
Cell enemy_flag(int team) { return team == 0 ? Cell::kFlagB : Cell::kFlagA; }
Cell own_flag(int team) { return team == 0 ? Cell::kFlagA : Cell::kFlagB; }
int enter_cost(Cell c) { return c == Cell::kMud ? kMudCost : kFloorCost; }

}  // namespace

std::string_view action_name(int action) { return kActionNames[static_cast<std::size_t>(action)]; }

State::State(std::shared_ptr<const Map> map) : map_(std::move(map)) {
  const Map& m = *map_;
  board_.resize(m.cells.size());
  for (std::size_t i = 0; i < m.cells.size(); ++i)
    board_[i] = static_cast<std::uint8_t>(m.cells[i]);
  for (int t = 0; t < kTeams; ++t) {
    const auto& starts = m.players[static_cast<std::size_t>(t)];
    counts_[static_cast<std::size_t>(t)] = static_cast<std::uint8_t>(starts.size());
    for (std::size_t i = 0; i < starts.size(); ++i) {
      const int s = slot(t, static_cast<int>(i));
      Player& p = at_slot(s);
      p.energy = static_cast<std::int16_t>(m.energy);
      p.facing = m.facing[static_cast<std::size_t>(t)];
      hash_ ^= m.energy_key(s, p.energy) ^ m.facing_key(s, p.facing);
      enter_cell(s, starts[i]);
    }
  }
  dist_ = m.base_distances_ptr();
  dist_key_ = 0;
  result_ = kOngoing;
  update_result();
  undo_.reserve(64);
}

void State::enter_cell(int s, int cell) {
  Player& p = at_slot(s);
  p.cell = static_cast<std::int16_t>(cell);
  auto& b = board_[static_cast<std::size_t>(cell)];
  b = static_cast<std::uint8_t>((b & 15) | ((s + 1) << 4));
  hash_ ^= map_->position_key(s, cell);
}

void State::leave_cell(int s) {
  Player& p = at_slot(s);
  auto& b = board_[static_cast<std::size_t>(p.cell)];
  b = static_cast<std::uint8_t>(b & 15);
  hash_ ^= map_->position_key(s, p.cell);
  p.cell = -1;
}

void State::set_energy(int s, int energy) {
  Player& p = at_slot(s);
  hash_ ^= map_->energy_key(s, p.energy) ^ map_->energy_key(s, energy);
  p.energy = static_cast<std::int16_t>(energy);
  if (energy <= 0 && p.alive()) leave_cell(s);  // dead: the player leaves the board
}

int State::captured(int team) const {
  int n = 0;
  const auto& enemy = map_->flags[static_cast<std::size_t>(1 - team)];
  for (std::size_t i = 0; i < enemy.size(); ++i)
    n += flag_captured(map_->flag_id(1 - team, static_cast<int>(i)));
  return n;
}

int State::total_energy(int team) const {
  int e = 0;
  for (int i = 0; i < counts_[static_cast<std::size_t>(team)]; ++i) e += player(team, i).energy;
  return e;
}

int State::living(int team) const {
  int n = 0;
  for (int i = 0; i < counts_[static_cast<std::size_t>(team)]; ++i) n += player(team, i).alive();
  return n;
}

bool State::enemy_next_to(int team, int cell) const {
  for (int d = 0; d < 4; ++d) {
    const int n = map_->neighbour(cell, d);
    if (n < 0) continue;
    const int o = occupant(n);
    if (o >= 0 && o / kMaxPlayers != team) return true;
  }
  return false;
}

void State::legal_moves(search::MoveList<Move, kMaxMoves>& out) const {
  if (is_terminal()) return;
  const int team = side_;
  for (int i = 0; i < counts_[team]; ++i) {
    const Player& p = player(team, i);
    if (!p.alive()) continue;
    for (int d = 0; d < 4; ++d) {
      const int n = map_->neighbour(p.cell, d);
      if (n < 0 || occupant(n) >= 0) continue;
      const Cell c = cell(n);
      if (walkable(c) && enter_cost(c) <= p.energy) out.push_back(make_move(i, d));
    }
    out.push_back(make_move(i, kRest));
    if (p.energy >= kAttackCost && enemy_next_to(team, p.cell))
      out.push_back(make_move(i, kAttack));
    if (p.energy >= kDigCost) {
      const int front = map_->neighbour(p.cell, p.facing);
      if (front >= 0 && cell(front) == Cell::kRock) out.push_back(make_move(i, kDig));
    }
  }
}

bool State::is_legal(Move m) const {
  search::MoveList<Move, kMaxMoves> moves;
  legal_moves(moves);
  return moves.contains(m);
}

void State::play(Move m) {
  assert(is_legal(m));
  const Map& map = *map_;
  const int team = side_, i = player_of(m), action = action_of(m), s = slot(team, i);
  Undo u;
  u.hash = hash_;
  u.dug_key = dug_key_;
  u.captured = captured_;
  u.result = result_;
  u.mover = at_slot(s);
  const int energy = at_slot(s).energy;
  switch (action) {
    case kMoveNorth:
    case kMoveEast:
    case kMoveSouth:
    case kMoveWest: {
      Player& p = at_slot(s);
      const int target = map.neighbour(p.cell, action);
      const Cell c = cell(target);
      leave_cell(s);
      hash_ ^= map.facing_key(s, p.facing) ^ map.facing_key(s, action);
      p.facing = static_cast<std::uint8_t>(action);
      enter_cell(s, target);
      if (c == enemy_flag(team)) {  // captured: the flag leaves the board
        const auto& flags = map.flags[static_cast<std::size_t>(1 - team)];
        const auto k = std::find(flags.begin(), flags.end(), target) - flags.begin();
        const int id = map.flag_id(1 - team, static_cast<int>(k));
        captured_ |= 1u << id;
        hash_ ^= map.flag_key(id);
        auto& b = board_[static_cast<std::size_t>(target)];
        b = static_cast<std::uint8_t>((b & 0xF0) | static_cast<std::uint8_t>(Cell::kFloor));
        u.flag = static_cast<std::int8_t>(id);
      }
      set_energy(s, energy - enter_cost(c));
      break;
    }
    case kRest:
      set_energy(s, std::min(map.energy, energy + kRestGain));
      break;
    case kAttack: {
      const int cell0 = at_slot(s).cell;
      for (int d = 0; d < 4; ++d) {
        const int n = map.neighbour(cell0, d);
        if (n < 0) continue;
        const int o = occupant(n);
        if (o < 0 || o / kMaxPlayers == team) continue;
        u.victim_slot[u.victims] = static_cast<std::uint8_t>(o);
        u.victim[u.victims] = at_slot(o);
        ++u.victims;
        set_energy(o, std::max(0, at_slot(o).energy - kAttackDamage));
      }
      set_energy(s, energy - kAttackCost);
      break;
    }
    case kDig: {
      const Player& p = at_slot(s);
      const int front = map.neighbour(p.cell, p.facing);
      auto& b = board_[static_cast<std::size_t>(front)];
      b = static_cast<std::uint8_t>((b & 0xF0) | static_cast<std::uint8_t>(Cell::kFloor));
      hash_ ^= map.dug_key(front);
      dug_key_ ^= map.dug_key(front);
      u.dug = static_cast<std::int16_t>(front);
      set_energy(s, energy - kDigCost);
      break;
    }
    default:
      assert(false);
  }
  side_ ^= 1;
  hash_ ^= map.side_key();
  ++ply_;
  undo_.push_back(u);
  update_result();
}

void State::undo(Move m) {
  assert(!undo_.empty());
  const Undo u = undo_.back();
  undo_.pop_back();
  --ply_;
  side_ ^= 1;
  const int s = slot(side_, player_of(m));
  auto restore = [&](int slot_index, const Player& before) {
    Player& p = at_slot(slot_index);
    if (p.alive()) board_[static_cast<std::size_t>(p.cell)] &= 15;
    p = before;
    if (p.alive()) {
      auto& b = board_[static_cast<std::size_t>(p.cell)];
      b = static_cast<std::uint8_t>((b & 15) | ((slot_index + 1) << 4));
    }
  };
  restore(s, u.mover);
  for (int v = 0; v < u.victims; ++v)
    restore(u.victim_slot[static_cast<std::size_t>(v)], u.victim[static_cast<std::size_t>(v)]);
  if (u.flag >= 0) {
    const int team = u.flag < static_cast<int>(map_->flags[0].size()) ? 0 : 1;
    const int cell_index = map_->flags[static_cast<std::size_t>(team)]
                                      [static_cast<std::size_t>(u.flag - map_->flag_id(team, 0))];
    auto& b = board_[static_cast<std::size_t>(cell_index)];
    b = static_cast<std::uint8_t>((b & 0xF0) | static_cast<std::uint8_t>(own_flag(team)));
  }
  if (u.dug >= 0) {
    auto& b = board_[static_cast<std::size_t>(u.dug)];
    b = static_cast<std::uint8_t>((b & 0xF0) | static_cast<std::uint8_t>(Cell::kRock));
  }
  captured_ = u.captured;
  hash_ = u.hash;
  dug_key_ = u.dug_key;
  result_ = u.result;
}

void State::update_result() {
  result_ = kOngoing;
  for (int t = 0; t < kTeams; ++t) {
    if (captured(t) == static_cast<int>(map_->flags[static_cast<std::size_t>(1 - t)].size())) {
      result_ = static_cast<std::int8_t>(t);
      return;
    }
  }
  const int a = living(0), b = living(1);
  if (a > 0 && b > 0 && ply_ < map_->turns) return;
  if (a == 0 && b > 0) {
    result_ = 1;
  } else if (b == 0 && a > 0) {
    result_ = 0;
  } else {  // the ply limit (or both teams dead at once): flags, then energy, else a draw
    const int fa = captured(0), fb = captured(1);
    const int ea = total_energy(0), eb = total_energy(1);
    result_ = fa != fb ? (fa > fb ? 0 : 1) : ea != eb ? (ea > eb ? 0 : 1) : kDraw;
  }
}

int State::terminal_value(int player) const {
  if (result_ == kDraw || !map_) return 0;
  // The document's utility (flags captured, remaining energy) decides the winner; a win is worth
  // kWin - 200 plus a margin in [0, 100] that grows with the winner's lead in flags and energy.
  const int w = result_, l = 1 - w;
  auto share = [&](int t) {
    const auto flags = static_cast<double>(map_->flags[static_cast<std::size_t>(1 - t)].size());
    const double energy = static_cast<double>(map_->energy) * counts_[static_cast<std::size_t>(t)];
    return std::array{captured(t) / flags, total_energy(t) / energy};
  };
  const auto sw = share(w), sl = share(l);
  const double margin = 50 + 25 * (sw[0] - sl[0]) + 25 * (sw[1] - sl[1]);
  const int value =
      search::kWin - 200 + static_cast<int>(std::clamp(std::lround(margin), 0L, 100L));
  return player == w ? value : -value;
}

const Distances& State::distances() const {
  if (dist_key_ != dug_key_ || !dist_) {
    dist_ = map_->distances(dug_key_, board_);
    dist_key_ = dug_key_;
  }
  return *dist_;
}

int State::moves_left(int team) const {
  const int plies = std::max(0, map_->turns - ply_);
  return team == side_ ? (plies + 1) / 2 : plies / 2;
}

State::Terms State::terms(int team) const {
  Terms t;
  const Map& m = *map_;
  t.flags = m.weights.flags * m.params.flag_value * captured(team);
  t.energy = m.weights.energy * m.params.energy_value * total_energy(team);
  const Distances& dist = distances();
  double near = 0;
  const int enemy = 1 - team;
  const int moves = moves_left(team);
  for (std::size_t f = 0; f < m.flags[static_cast<std::size_t>(enemy)].size(); ++f) {
    const int id = m.flag_id(enemy, static_cast<int>(f));
    if (flag_captured(id)) continue;
    // A defender on the flag must be beaten first: one attack per 10 of its energy.
    const int guard = occupant(m.flags[static_cast<std::size_t>(enemy)][f]);
    const int to_beat_guard =
        guard < 0 ? 0 : (at_slot(guard).energy + kAttackDamage - 1) / kAttackDamage;
    // The nearest player counts fully, the others with the weight `support`; a player that
    // cannot take the flag in the team's moves left (its path, the rests its energy needs on the
    // way, the attacks on a guard) counts nothing.
    double best = 0, all = 0;
    for (int i = 0; i < counts_[static_cast<std::size_t>(team)]; ++i) {
      const Player& p = player(team, i);
      if (!p.alive()) continue;
      const Distances::Path& path = dist.path(id, p.cell, p.facing);
      if (path.cost == kFar) continue;
      const int rests = std::max(0, path.cost - p.energy + kRestGain - 1) / kRestGain;
      if (path.steps + rests + to_beat_guard > moves) continue;
      const double v = m.distance_decay(path.cost);
      best = std::max(best, v);
      all += v;
    }
    near += (best + m.weights.support * (all - best)) * (guard >= 0 ? 1 - m.weights.guard : 1.0);
  }
  t.distance = m.weights.distance * near;
  return t;
}

int State::team_eval(int team) const { return static_cast<int>(std::lround(terms(team).total())); }

search::Score State::evaluate(int player) const {
  if (is_terminal()) return terminal_value(player);
  const int v = team_eval(player) - team_eval(1 - player);
  constexpr int kLimit = search::kWinBound - 1000;
  return std::clamp(v, -kLimit, kLimit);
}

std::uint64_t State::hash() const {
  std::uint64_t s = static_cast<std::uint64_t>(ply_) * 0x9E3779B97F4A7C15ULL;
  return hash_ ^ splitmix64(s);
}

bool State::operator==(const State& o) const {
  return (map_ == o.map_ || (map_ && o.map_ && same_map(*map_, *o.map_))) && side_ == o.side_ && ply_ == o.ply_ && result_ == o.result_ &&
         captured_ == o.captured_ && players_ == o.players_ && board_ == o.board_;
}

void State::noisy_moves(search::MoveList<Move, kMaxMoves>& out) const {
  search::MoveList<Move, kMaxMoves> moves;
  legal_moves(moves);
  const int team = side_;
  for (const Move m : moves) {
    const int action = action_of(m);
    if (action == kAttack) {
      out.push_back(m);
    } else if (action < 4) {
      const int from = player(team, player_of(m)).cell;
      const int to = map_->neighbour(from, action);
      if (cell(to) == enemy_flag(team)) {
        out.push_back(m);
      } else {
        // Next to an enemy after the move (the mover's old cell is empty by then).
        for (int d = 0; d < 4; ++d) {
          const int n = map_->neighbour(to, d);
          const int o = n < 0 ? -1 : occupant(n);
          if (o >= 0 && o / kMaxPlayers != team) {
            out.push_back(m);
            break;
          }
        }
      }
    }
  }
}

int State::move_hint(Move m) const {
  const int team = side_, action = action_of(m);
  const Player& p = player(team, player_of(m));
  switch (action) {
    case kAttack:
      return 5000;
    case kRest:
      return p.energy < map_->energy ? 200 : 0;
    case kDig:
      return 1000;
    default:
      break;
  }
  const int to = map_->neighbour(p.cell, action);
  if (cell(to) == enemy_flag(team)) return 10000;
  // How much closer to the nearest flag still to capture (path cost).
  const Distances& dist = distances();
  int before = kFar, after = kFar;
  const int enemy = 1 - team;
  for (std::size_t f = 0; f < map_->flags[static_cast<std::size_t>(enemy)].size(); ++f) {
    const int id = map_->flag_id(enemy, static_cast<int>(f));
    if (flag_captured(id)) continue;
    before = std::min<int>(before, dist.at(id, p.cell, p.facing));
    after = std::min<int>(after, dist.at(id, to, action));
  }
  return 1000 + 100 * std::clamp(before - after, -9, 9) - enter_cost(cell(to));
}

std::string State::move_name(Move m) {
  return fmt::format("{}{}", player_of(m) + 1, action_name(action_of(m)));
}

std::string State::why_illegal(Move m) const {
  if (is_terminal()) return "the game is over";
  const int team = side_, i = player_of(m), action = action_of(m);
  if (i >= counts_[team]) {
    return fmt::format("team {} has {} player{}: choose a number from 1 to {}", team_letter(team),
                       counts_[team], counts_[team] == 1 ? "" : "s", counts_[team]);
  }
  const Player& p = player(team, i);
  if (!p.alive()) return fmt::format("player {} of team {} is dead", i + 1, team_letter(team));
  if (action < 4) {
    const int n = map_->neighbour(p.cell, action);
    const auto dir = kDirectionNames[static_cast<std::size_t>(action)];
    if (n < 0) return fmt::format("player {} cannot go {}: the edge of the board", i + 1, dir);
    if (cell(n) == Cell::kWall) return fmt::format("player {} cannot go {}: a wall", i + 1, dir);
    if (cell(n) == Cell::kRock)
      return fmt::format("player {} cannot go {}: rock (dig it first: face it, then dig)", i + 1,
                         dir);
    if (occupant(n) >= 0)
      return fmt::format("player {} cannot go {}: another player is there", i + 1, dir);
    if (enter_cost(cell(n)) > p.energy)
      return fmt::format("player {} cannot go {}: mud costs {} energy and it has {}", i + 1, dir,
                         kMudCost, p.energy);
  } else if (action == kAttack) {
    if (!enemy_next_to(team, p.cell))
      return fmt::format("player {} has no enemy next to it", i + 1);
    if (p.energy < kAttackCost)
      return fmt::format("an attack costs {} energy and player {} has {}", kAttackCost, i + 1,
                         p.energy);
  } else if (action == kDig) {
    const int front = map_->neighbour(p.cell, p.facing);
    if (front < 0 || cell(front) != Cell::kRock)
      return fmt::format("player {} faces {} and there is no rock there", i + 1,
                         kDirectionNames[p.facing]);
    if (p.energy < kDigCost)
      return fmt::format("digging costs {} energy and player {} has {}", kDigCost, i + 1, p.energy);
  }
  return "";
}

std::string State::to_text() const {
  const Map& m = *map_;
  std::string out;
  if (is_terminal()) {
    out += fmt::format("ply {} of {}, game over", ply_, m.turns);
  } else {
    out += fmt::format("ply {} of {}, {} to move", ply_, m.turns, team_letter(side_));
  }
  out += fmt::format(" | flags captured: A {} of {}, B {} of {}\n", captured(0), m.flags[1].size(),
                     captured(1), m.flags[0].size());
  if (m.width >= 10) {  // column numbers: tens above units
    out += "   ";
    for (int c = 0; c < m.width; ++c)
      out += c + 1 >= 10 ? fmt::format("{:>2}", (c + 1) / 10) : "  ";
    out += '\n';
  }
  out += "   ";
  for (int c = 0; c < m.width; ++c) out += fmt::format("{:>2}", (c + 1) % 10);
  out += '\n';
  for (int r = 0; r < m.height; ++r) {
    out += fmt::format("{:>3}", r + 1);
    for (int c = 0; c < m.width; ++c) {
      const int i = m.index(r, c);
      const int o = occupant(i);
      if (o >= 0) {
        out += fmt::format("{}{}", team_letter(o / kMaxPlayers), o % kMaxPlayers + 1);
      } else {
        const Cell k = cell(i);
        out += k == Cell::kWall ? "##" : k == Cell::kRock ? "%%" : std::string(" ") + cell_char(k);
      }
    }
    out += '\n';
  }
  for (int t = 0; t < kTeams; ++t) {
    out += fmt::format("team {}:", team_letter(t));
    for (int i = 0; i < counts_[static_cast<std::size_t>(t)]; ++i) {
      const Player& p = player(t, i);
      if (p.alive()) {
        out += fmt::format("  {}{} energy {} facing {}", team_letter(t), i + 1, p.energy,
                           kActionNames[p.facing]);
      } else {
        out += fmt::format("  {}{} dead", team_letter(t), i + 1);
      }
    }
    out += '\n';
  }
  return out;
}

std::uint64_t State::setup_hash() const {
  const Map& m = *map_;
  ContentHash h;
  h.value(m.width).value(m.height).value(m.energy).value(m.turns).values(m.cells);
  for (std::size_t t = 0; t < static_cast<std::size_t>(kTeams); ++t) {
    h.values(m.flags[t]).values(m.players[t]).value(m.facing[t]);
  }
  const auto& p = m.params;
  const auto& w = m.weights;
  for (double v : {p.flag_value, p.start_distance, p.distance_value, p.distance_scale,
                   p.energy_value, w.flags, w.distance, w.energy, w.guard, w.support})
    h.value(v);
  return h.digest();
}

}  // namespace evoplay::games::flags
