// A capture-the-flag position as plain values and back (State::position, State::from_position),
// and maps compared by content (same_map).
//
// Why it exists: a copy of a state in another process (Python's pickle, a multiprocessing pool)
// carries the map's text and these values; the state rebuilt from them recomputes what is
// derived (hash, result, distances) and refuses values no game on that map can reach in that form.

#include <fmt/format.h>

#include <algorithm>

#include "evoplay/core/error.hpp"
#include "evoplay/games/flags/state.hpp"

namespace evoplay::games::flags {

namespace {

bool standable(Cell c) { return c != Cell::kWall && c != Cell::kRock; }
Cell enemy_flag_of(int team) { return team == 0 ? Cell::kFlagB : Cell::kFlagA; }

}  // namespace

bool same_map(const Map& a, const Map& b) {
  const auto& wa = a.weights;
  const auto& wb = b.weights;
  return a.name == b.name && a.width == b.width && a.height == b.height && a.energy == b.energy &&
         a.turns == b.turns && a.cells == b.cells && a.flags == b.flags && a.players == b.players &&
         a.facing == b.facing && wa.flags == wb.flags && wa.distance == wb.distance &&
         wa.energy == wb.energy && wa.guard == wb.guard && wa.support == wb.support;
}

State::Position State::position() const {
  Position p;
  p.terrain.reserve(board_.size());
  for (std::size_t i = 0; i < board_.size(); ++i) p.terrain.push_back(cell(static_cast<int>(i)));
  p.players = players_;
  p.captured = captured_;
  p.side = side_;
  p.ply = ply_;
  return p;
}

State State::from_position(std::shared_ptr<const Map> map, const Position& position) {
  if (!map) throw Error("position: no map");
  State s(std::move(map));
  const Map& m = *s.map_;
  const auto cells = static_cast<std::size_t>(m.cell_count());
  if (position.terrain.size() != cells) {
    throw Error(fmt::format("position: {} terrain cells for a {}x{} map of {} cells",
                            position.terrain.size(), m.width, m.height, cells));
  }
  if (position.side != 0 && position.side != 1)
    throw Error(fmt::format("position: side to move {}, expected 0 (A) or 1 (B)", position.side));
  if (position.ply < 0 || position.ply > m.turns)
    throw Error(
        fmt::format("position: ply {}, expected 0 to {} (the map's turns)", position.ply, m.turns));
  if (position.side != (position.ply & 1))
    throw Error(fmt::format("position: side {} to move at ply {} (team A moves at even plies)",
                            position.side, position.ply));
  const int flag_count = m.flag_count();
  if (flag_count < 32 && (position.captured >> flag_count) != 0)
    throw Error(fmt::format("position: captured flags {:#x} for a map of {} flags",
                            position.captured, flag_count));
  // Terrain: the map's, except rock dug to floor and captured flags (floor, their bit set).
  std::vector<int> flag_of(cells, -1);
  for (int t = 0; t < kTeams; ++t) {
    const auto& flags = m.flags[static_cast<std::size_t>(t)];
    for (std::size_t i = 0; i < flags.size(); ++i)
      flag_of[static_cast<std::size_t>(flags[i])] = m.flag_id(t, static_cast<int>(i));
  }
  for (std::size_t i = 0; i < cells; ++i) {
    const Cell was = m.cells[i], now = position.terrain[i];
    const int flag = flag_of[i];
    const bool captured = flag >= 0 && ((position.captured >> flag) & 1);
    if (static_cast<int>(now) > static_cast<int>(Cell::kFlagB)) {
      throw Error(fmt::format("position: cell {} has terrain {}, expected 0 to 5", i,
                              static_cast<int>(now)));
    }
    if (captured ? now != Cell::kFloor
                 : now != was && !(was == Cell::kRock && now == Cell::kFloor)) {
      throw Error(fmt::format("position: cell {} is '{}' where the map has '{}'{}", i,
                              cell_char(now), cell_char(was),
                              captured ? " (a captured flag's cell is floor)" : ""));
    }
    auto& b = s.board_[i];
    b = static_cast<std::uint8_t>((b & 0xF0) | static_cast<std::uint8_t>(now));
    if (was == Cell::kRock && now == Cell::kFloor) {
      s.hash_ ^= m.dug_key(static_cast<int>(i));
      s.dug_key_ ^= m.dug_key(static_cast<int>(i));
    }
  }
  for (int id = 0; id < flag_count; ++id) {
    if ((position.captured >> id) & 1) s.hash_ ^= m.flag_key(id);
  }
  s.captured_ = position.captured;
  // Players: every slot leaves its starting cell, then each living one enters its cell.
  for (int t = 0; t < kTeams; ++t) {
    for (int i = 0; i < kMaxPlayers; ++i) {
      const int slot = s.slot(t, i);
      const Player& q = position.players[static_cast<std::size_t>(slot)];
      if (i >= s.counts_[static_cast<std::size_t>(t)]) {
        if (!(q == Player{}))
          throw Error(fmt::format("position: team {} has {} players, slot {} is not empty",
                                  team_letter(t), s.counts_[static_cast<std::size_t>(t)], i + 1));
        continue;
      }
      const std::string who = fmt::format("position: player {}{}", team_letter(t), i + 1);
      if (q.facing > kWest)
        throw Error(fmt::format("{}: facing {}, expected 0 to 3", who, q.facing));
      if (q.alive() ? (q.energy < 1 || q.energy > m.energy) : q.energy != 0) {
        throw Error(fmt::format("{}: energy {}, expected {}", who, q.energy,
                                q.alive() ? fmt::format("1 to {}", m.energy) : "0 (dead)"));
      }
      if (q.cell < -1 || q.cell >= static_cast<int>(cells))
        throw Error(fmt::format("{}: cell {}, expected -1 (dead) to {}", who, q.cell, cells - 1));
      Player& p = s.at_slot(slot);
      s.hash_ ^= m.energy_key(slot, p.energy) ^ m.energy_key(slot, q.energy) ^
                 m.facing_key(slot, p.facing) ^ m.facing_key(slot, q.facing);
      s.leave_cell(slot);
      p.energy = q.energy;
      p.facing = q.facing;
    }
  }
  for (int slot = 0; slot < Map::kPlayerSlots; ++slot) {
    const Player& q = position.players[static_cast<std::size_t>(slot)];
    if (!q.alive()) continue;
    const int team = slot / kMaxPlayers;
    const Cell c = s.cell(q.cell);
    if (!standable(c) || c == enemy_flag_of(team) || s.occupant(q.cell) >= 0) {
      throw Error(fmt::format("position: player {}{} on cell {}, which is {}", team_letter(team),
                              slot % kMaxPlayers + 1, q.cell,
                              s.occupant(q.cell) >= 0 ? "taken by another player"
                              : standable(c)          ? "an enemy flag not captured"
                                                      : "a wall or rock"));
    }
    s.enter_cell(slot, q.cell);
  }
  s.side_ = static_cast<std::uint8_t>(position.side);
  if (position.side == 1) s.hash_ ^= m.side_key();
  s.ply_ = position.ply;
  s.dist_.reset();
  s.update_result();
  return s;
}

}  // namespace evoplay::games::flags
