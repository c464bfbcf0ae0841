#pragma once
// A position of capture the flag, as the search engine's Game: the board (terrain, occupants,
// flags not yet captured), every player's cell, energy and facing, the captured flags, the side
// to move and the ply. Moves are (player, action) pairs; play and undo update the Zobrist hash
// incrementally; the evaluation is the minimax document's (terminal utility of §2, evaluation of
// §5 with the map's parameters); noisy moves feed quiescence search.
//
// Rules: docs/flags.md. Team A (side 0) moves first; on its turn a team moves exactly one of its
// living players with one of seven actions.

#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "evoplay/games/flags/map.hpp"
#include "evoplay/search/game.hpp"

namespace evoplay::games::flags {

/// The seven actions, in the order of the document's successor function.
enum Action : std::uint8_t { kMoveNorth, kMoveEast, kMoveSouth, kMoveWest, kRest, kAttack, kDig };
inline constexpr int kActions = 7;

/// "n", "e", "s", "w", "rest", "attack", "dig".
std::string_view action_name(int action);

/// One player. A dead player (energy 0) has left the board: cell -1.
struct Player {
  std::int16_t cell = -1;
  std::int16_t energy = 0;
  std::uint8_t facing = kNorth;
  bool alive() const { return cell >= 0; }
  friend bool operator==(const Player&, const Player&) = default;
};

class State {
 public:
  /// (index of the player in its team) * 8 + action.
  using Move = std::uint8_t;
  static constexpr int kMaxMoves = kMaxPlayers * kActions;
  static constexpr int kMoveIndices = kMaxPlayers * kActions;
  static constexpr Move make_move(int player, int action) {
    return static_cast<Move>(player * 8 + action);
  }
  static constexpr int player_of(Move m) { return m >> 3; }
  static constexpr int action_of(Move m) { return m & 7; }

  /// Outcome codes of result().
  static constexpr int kOngoing = -2, kDraw = -1;

  /// An empty, finished state (no map); assign a real one before use.
  State() = default;
  /// The start of a game on `map`.
  explicit State(std::shared_ptr<const Map> map);

  // The search engine's Game interface (search/game.hpp).
  int to_move() const { return side_; }
  bool is_terminal() const { return result_ != kOngoing; }
  void legal_moves(search::MoveList<Move, kMaxMoves>& out) const;
  void play(Move m);
  void undo(Move m);
  /// From `player`'s view: at the end, the terminal utility (a win ±(kWin - 200 + margin));
  /// elsewhere eval(player) - eval(other), the document's evaluation. Zero-sum.
  search::Score evaluate(int player) const;
  std::uint64_t hash() const;
  /// The map's content (size, cells, energy, turns, flags, players, evaluation settings), for
  /// the fingerprint of a resumed series or tournament (search::HasSetupHash).
  std::uint64_t setup_hash() const;
  bool operator==(const State& o) const;
  /// Attacks, captures and moves that end next to an enemy (quiescence follows only these).
  void noisy_moves(search::MoveList<Move, kMaxMoves>& out) const;
  /// Captures, then attacks, then moves that shorten the way to the enemy flags, ...
  int move_hint(Move m) const;
  int move_index(Move m) const { return player_of(m) * kActions + action_of(m); }

  // What people and pictures need.
  const Map& map() const { return *map_; }
  int ply() const { return ply_; }
  /// kOngoing, kDraw, or the winning side (0 = A, 1 = B).
  int result() const { return result_; }
  Cell cell(int index) const {
    return static_cast<Cell>(board_[static_cast<std::size_t>(index)] & 15);
  }
  /// The player slot (team * kMaxPlayers + index) on `index`, or -1.
  int occupant(int index) const { return (board_[static_cast<std::size_t>(index)] >> 4) - 1; }
  int player_count(int team) const { return counts_[static_cast<std::size_t>(team)]; }
  const Player& player(int team, int i) const {
    return players_[static_cast<std::size_t>(team * kMaxPlayers + i)];
  }
  int captured(int team) const;  // enemy flags captured by `team`
  bool flag_captured(int flag_id) const { return (captured_ >> flag_id) & 1; }
  int total_energy(int team) const;
  int living(int team) const;
  /// Whether (player, action) is legal for the side to move.
  bool is_legal(Move m) const;
  /// The actions `team` has left before the ply limit (a team moves one player per turn).
  int moves_left(int team) const;
  /// The evaluation's terms for one team (flags, distance, energy, in points).
  struct Terms {
    double flags = 0, distance = 0, energy = 0;
    double total() const { return flags + distance + energy; }
  };
  Terms terms(int team) const;
  /// Why a typed move is illegal ("player 2 is dead", "mud costs 3 energy, player 1 has 2").
  std::string why_illegal(Move m) const;

  /// What a position holds besides its map (position.cpp): each cell's terrain now (dug rock
  /// and captured flags are floor), every player slot, the captured flags, the side to move and
  /// the ply. With the map's text it is all a copy in another process needs (Python's pickle).
  struct Position {
    std::vector<Cell> terrain;
    std::array<Player, Map::kPlayerSlots> players{};
    std::uint32_t captured = 0;
    int side = 0;
    int ply = 0;
  };
  Position position() const;
  /// The state of `position` on `map` (hash, result and distances recomputed); throws Error
  /// naming the first value that no game on that map can reach in that form.
  static State from_position(std::shared_ptr<const Map> map, const Position& position);

  /// "1n", "2dig", "1rest" (player number from 1).
  static std::string move_name(Move m);
  /// The board as text (two characters a cell: A1 is team A's player 1), then each team's
  /// players with their energy and facing.
  std::string to_text() const;

 private:
  struct Undo {
    std::uint64_t hash = 0, dug_key = 0;
    std::uint32_t captured = 0;
    std::int8_t result = kOngoing;
    std::int8_t flag = -1;  // flag id captured by the move
    std::int16_t dug = -1;  // cell dug by the move
    Player mover;
    std::uint8_t victims = 0;
    std::array<std::uint8_t, 4> victim_slot{};
    std::array<Player, 4> victim{};
  };

  int slot(int team, int i) const { return team * kMaxPlayers + i; }
  Player& at_slot(int s) { return players_[static_cast<std::size_t>(s)]; }
  const Player& at_slot(int s) const { return players_[static_cast<std::size_t>(s)]; }
  const Distances& distances() const;
  void set_energy(int s, int energy);
  void leave_cell(int s);
  void enter_cell(int s, int cell);
  void update_result();
  int team_eval(int team) const;
  int terminal_value(int player) const;
  bool enemy_next_to(int team, int cell) const;

  std::shared_ptr<const Map> map_;
  std::vector<std::uint8_t> board_;  // Cell in the low 4 bits, occupant slot + 1 above
  std::array<Player, Map::kPlayerSlots> players_{};
  std::array<std::uint8_t, kTeams> counts_{};
  std::uint32_t captured_ = 0;  // bit per flag id
  std::uint8_t side_ = 0;
  std::int8_t result_ = kDraw;
  std::int32_t ply_ = 0;
  std::uint64_t hash_ = 0;     // Zobrist hash without the ply
  std::uint64_t dug_key_ = 0;  // XOR of the dug cells' keys
  std::vector<Undo> undo_;
  // The distance maps of the current dug set (refreshed when it changes).
  mutable std::shared_ptr<const Distances> dist_;
  mutable std::uint64_t dist_key_ = 0;
};

/// Whether two maps are the same map: their content (name, size, limits, cells, flags, players,
/// facings, weights), not the file they came from nor where they are in memory (position.cpp).
bool same_map(const Map& a, const Map& b);

static_assert(search::Game<State>);
static_assert(search::UndoableGame<State>);
static_assert(search::HasNoisyMoves<State>);
static_assert(search::HasMoveHints<State>);
static_assert(search::HasMoveIndex<State>);

}  // namespace evoplay::games::flags
