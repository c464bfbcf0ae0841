#include "evoplay/web/board_games.hpp"

#include <fmt/format.h>

#include "evoplay/games/connect4/bots.hpp"
#include "evoplay/games/connect4/ui.hpp"
#include "evoplay/games/flags/map.hpp"
#include "evoplay/games/flags/text.hpp"
#include "evoplay/games/tictactoe/ui.hpp"
#include "evoplay/web/board_json.hpp"
#include "evoplay/web/request.hpp"

namespace evoplay::web {

using nlohmann::json;
namespace c4 = games::connect4;
namespace ttt = games::tictactoe;
namespace flags = games::flags;

BoardGame<ttt::Board> tictactoe_game() {
  BoardGame<ttt::Board> g;
  g.ui = [](const json&) { return ttt::game_ui(); };
  g.cells = [](const ttt::Board& b) {
    json cells = json::array();
    for (int i = 0; i < 9; ++i) cells.push_back(b.cell(i));
    return cells;
  };
  g.plies_left = [](const ttt::Board& b) {
    int empty = 0;
    for (int i = 0; i < 9; ++i) empty += b.cell(i) == 0 ? 1 : 0;
    return empty;
  };
  g.estimate = [](const ttt::Board&, search::Score v) {
    return estimate_text(v, "",
                         fmt::format("a line open to one side only counts {} with two stones, {} "
                                     "with one",
                                     ttt::Board::kTwoStonesWeight, ttt::Board::kOneStoneWeight));
  };
  // The cell by its place, with the number people type (cells 1-9 in reading order).
  g.label = [](const ttt::Board&, const ttt::Board::Move& m) {
    static constexpr const char* kPlaces[] = {"top left",    "top",    "top right",
                                              "left",        "centre", "right",
                                              "bottom left", "bottom", "bottom right"};
    return fmt::format("{} ({})", kPlaces[m], m + 1);
  };
  return g;
}

BoardGame<flags::State> flags_game() {
  BoardGame<flags::State> g;
  g.ui = [](const json& body) -> std::shared_ptr<const search::GameUi<flags::State>> {
    return flags::game_ui(flags::parse_map(get_string(body, "map", "", 1 << 16), "map"));
  };
  g.cells = [](const flags::State& s) { return flags_view::board(s); };
  g.plies_left = [](const flags::State& s) { return s.map().turns - s.ply(); };
  g.plies_known = false;  // a win is kWin - 200 + a margin for flags and energy
  g.estimate = [](const flags::State& s, search::Score v) {
    return estimate_text(v, "points",
                         fmt::format("a flag is worth {:.0f}", s.map().params.flag_value));
  };
  g.label = [](const flags::State& s, const flags::State::Move& m) {
    return flags_view::move_label(s.to_move(), m);
  };
  return g;
}

namespace {

/// A Connect Four estimate in words, with what the evaluation counts (docs/connect4.md).
std::string connect4_estimate(search::Score v) {
  return estimate_text(
      v, "",
      fmt::format("a cell that would complete four counts {}, a stone in the "
                  "centre column {}, a win at once {}",
                  c4::Board::kThreatWeight, c4::Board::kCentreWeight, c4::Board::kWinAtOnceWeight));
}

}  // namespace

BoardGame<c4::Board> connect4_game() {
  BoardGame<c4::Board> g;
  g.ui = [](const json&) { return c4::game_ui(); };
  g.cells = [](const c4::Board& b) {
    json rows = json::array();  // top row first, 0 empty, 1 first player, 2 second
    for (int row = c4::kHeight - 1; row >= 0; --row) {
      json r = json::array();
      for (int col = 0; col < c4::kWidth; ++col) r.push_back(b.cell(col, row));
      rows.push_back(r);
    }
    return rows;
  };
  g.plies_left = [](const c4::Board& b) { return c4::kCells - b.moves(); };
  g.estimate = [](const c4::Board&, search::Score v) { return connect4_estimate(v); };
  g.label = [](const c4::Board&, const c4::Board::Move& m) {
    return fmt::format("column {}", m + 1);
  };
  // The solver's value is Pons' score when it solved the position in time.
  g.own_score = [](const search::Bot<c4::Board>& bot,
                   const search::SearchResult<c4::Board::Move>& r,
                   const c4::Board& b) -> std::optional<json> {
    const auto* perfect = dynamic_cast<const c4::PerfectBot*>(&bot);
    if (!perfect) return std::nullopt;
    if (perfect->last_solved()) return pons_score(r.value, b.moves());
    // The fallback search: proven if it found a win or loss or saw every line to the end.
    json out = engine_score(r.value, true, r.depth >= c4::kCells - b.moves());
    if (out["outcome"] == "estimate") out["text"] = connect4_estimate(r.value);
    if (!out["exact"].get<bool>()) {
      out["note"] =
          "not proven: the solver did not finish in its time, so this move is a "
          "heuristic alpha-beta search's best guess";
    }
    return out;
  };
  return g;
}

}  // namespace evoplay::web
