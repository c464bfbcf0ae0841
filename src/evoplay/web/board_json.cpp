#include "evoplay/web/board_json.hpp"

#include <fmt/format.h>

#include <array>

#include "evoplay/games/connect4/board.hpp"

namespace evoplay::web {

using nlohmann::json;
namespace flags = games::flags;

namespace {

json outcome(const char* what, int moves, bool exact, std::string text) {
  json out = {{"outcome", what}, {"exact", exact}, {"text", std::move(text)}};
  if (moves > 0) out["moves"] = moves;
  return out;
}

json win_or_loss(bool win, int moves) {
  return outcome(win ? "win" : "loss", moves, true,
                 fmt::format("{} in {}", win ? "win" : "loss", moves));
}

}  // namespace

json engine_score(search::Score value, bool plies_known, bool complete) {
  json out;
  if (search::is_proven(value)) {
    const bool win = search::is_win_score(value);
    const int plies = search::kWin - (win ? value : -value);
    // A win ends on the winner's move: plies 1, 3, 5 are own moves 1, 2, 3; a loss ends on the
    // opponent's: plies 2, 4 are its moves 1, 2.
    out = plies_known ? win_or_loss(win, win ? (plies + 1) / 2 : plies / 2)
                      : outcome(win ? "win" : "loss", 0, true, win ? "win" : "loss");
  } else if (complete && value == 0) {
    out = outcome("draw", 0, true, "draw");
  } else {
    out = outcome("estimate", 0, false, fmt::format("{:+d}", value));
  }
  out["value"] = value;
  return out;
}

std::string estimate_text(search::Score value, std::string_view unit, std::string_view scale) {
  const char* word = value > 0 ? "ahead" : value < 0 ? "behind" : "even";
  return fmt::format("{} by its evaluation ({:+d}{}{}; {})", word, value, unit.empty() ? "" : " ",
                     unit, scale);
}

json pons_score(int score, int moves) {
  namespace c4 = games::connect4;
  json out;
  if (score > 0) {
    // score = (kCells + 1 - k) / 2 for the winning stone played after k stones (k = moves, moves
    // + 2, ...): own moves to the win, the winning one included.
    out = win_or_loss(true, (c4::kCells + 1 - moves) / 2 - score + 1);
  } else if (score < 0) {
    // The opponent's score after one more stone is -score.
    out = win_or_loss(false, (c4::kCells - moves) / 2 + score + 1);
  } else {
    out = outcome("draw", 0, true, "draw");
  }
  out["value"] = score;
  return out;
}

json pons_bounds(int low, int high, int moves) {
  if (low == high) return pons_score(low, moves);
  const char* what = low > 0     ? "win"
                     : high < 0  ? "loss"
                     : low == 0  ? "draw or win"
                     : high == 0 ? "draw or loss"
                                 : "not known yet";
  json out = outcome(low > 0 ? "win" : high < 0 ? "loss" : "unknown", 0, false, what);
  out["low"] = low;
  out["high"] = high;
  return out;
}

namespace flags_view {

namespace {

constexpr std::array<const char*, flags::kActions> kActionWords = {
    "north", "east", "south", "west", "rest", "attack", "dig"};

json cell_json(const flags::Map& m, int cell) { return {m.row_of(cell), m.col_of(cell)}; }

/// The cells a legal move aims at: the cell entered, the rock dug, the enemies hit, or the
/// player's own cell (rest).
json targets(const flags::State& s, int team, const flags::Player& p, int action) {
  const auto& m = s.map();
  json out = json::array();
  if (action <= flags::kMoveWest) {
    out.push_back(cell_json(m, m.neighbour(p.cell, action)));
  } else if (action == flags::kDig) {
    out.push_back(cell_json(m, m.neighbour(p.cell, p.facing)));
  } else if (action == flags::kAttack) {
    for (int d = 0; d < 4; ++d) {
      const int n = m.neighbour(p.cell, d);
      if (n >= 0 && s.occupant(n) >= 0 && s.occupant(n) / flags::kMaxPlayers != team) {
        out.push_back(cell_json(m, n));
      }
    }
  } else {
    out.push_back(cell_json(m, p.cell));
  }
  return out;
}

json terrain(const flags::State& s) {
  const auto& m = s.map();
  json rows = json::array();
  for (int r = 0; r < m.height; ++r) {
    std::string row;
    for (int c = 0; c < m.width; ++c) {
      const int i = m.index(r, c);
      const auto cell = s.cell(i);
      const bool dug =
          m.cells[static_cast<std::size_t>(i)] == flags::Cell::kRock && cell == flags::Cell::kFloor;
      const bool flag = cell == flags::Cell::kFlagA || cell == flags::Cell::kFlagB;
      row += dug ? ',' : flag ? '.' : flags::cell_char(cell);
    }
    rows.push_back(row);
  }
  return rows;
}

json flags_json(const flags::State& s) {
  const auto& m = s.map();
  json out = json::array();
  for (int team = 0; team < flags::kTeams; ++team) {
    const auto& cells = m.flags[static_cast<std::size_t>(team)];
    for (std::size_t i = 0; i < cells.size(); ++i) {
      out.push_back({{"team", team},
                     {"cell", cell_json(m, cells[i])},
                     {"captured", s.flag_captured(m.flag_id(team, static_cast<int>(i)))}});
    }
  }
  return out;
}

json players_json(const flags::State& s) {
  const auto& m = s.map();
  json out = json::array();
  for (int team = 0; team < flags::kTeams; ++team) {
    for (int i = 0; i < s.player_count(team); ++i) {
      const auto& p = s.player(team, i);
      json j = {{"team", team},
                {"number", i + 1},
                {"name", fmt::format("{}{}", flags::team_letter(team), i + 1)},
                {"alive", p.alive()},
                {"energy", p.energy},
                {"facing", std::string(1, "nesw"[p.facing])}};
      if (p.alive()) j["cell"] = cell_json(m, p.cell);
      out.push_back(j);
    }
  }
  return out;
}

json teams_json(const flags::State& s) {
  const auto& m = s.map();
  json out = json::array();
  for (int team = 0; team < flags::kTeams; ++team) {
    const auto t = s.terms(team);
    out.push_back(
        {{"captured", s.captured(team)},
         {"enemy_flags", m.flags[static_cast<std::size_t>(1 - team)].size()},
         {"energy", s.total_energy(team)},
         {"living", s.living(team)},
         {"terms", {{"flags", t.flags}, {"distance", t.distance}, {"energy", t.energy}}}});
  }
  return out;
}

json legal_json(const flags::State& s) {
  json out = json::array();
  if (s.is_terminal()) return out;
  search::MoveList<flags::State::Move, flags::State::kMaxMoves> legal;
  s.legal_moves(legal);
  const int team = s.to_move();
  for (const auto mv : legal) {
    const int player = flags::State::player_of(mv), action = flags::State::action_of(mv);
    out.push_back({{"move", flags::State::move_name(mv)},
                   {"player", player + 1},
                   {"action", kActionWords[static_cast<std::size_t>(action)]},
                   {"label", move_label(team, mv)},
                   {"targets", targets(s, team, s.player(team, player), action)}});
  }
  return out;
}

}  // namespace

std::string move_label(int team, flags::State::Move m) {
  return fmt::format("{}{} {}", flags::team_letter(team), flags::State::player_of(m) + 1,
                     kActionWords[static_cast<std::size_t>(flags::State::action_of(m))]);
}

json board(const flags::State& s) {
  const auto& m = s.map();
  json out = {{"name", m.name},         {"width", m.width},       {"height", m.height},
              {"energy", m.energy},     {"ply", s.ply()},         {"turns", m.turns},
              {"terrain", terrain(s)},  {"flags", flags_json(s)}, {"players", players_json(s)},
              {"teams", teams_json(s)}, {"units", legal_json(s)}};
  // The evaluation from team A's view (eval(A) - eval(B), the practice's function), as the
  // bots see a position they stop at.
  out["evaluation"] = s.evaluate(0);
  return out;
}

}  // namespace flags_view

}  // namespace evoplay::web
