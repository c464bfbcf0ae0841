// The board games' routes: a position from its moves, a bot's move in it (value, depth, nodes,
// principal line), and Connect Four's exact score of every column (a job).
//
// Stateless: the page sends the moves played so far with every request, so undo is the page
// dropping moves, a server restart loses nothing and any number of clients cost no memory.
#include <fmt/format.h>

#include <algorithm>
#include <filesystem>
#include <limits>

#include "evoplay/core/error.hpp"
#include "evoplay/core/rng.hpp"
#include "evoplay/games/connect4/solver.hpp"
#include "evoplay/games/connect4/ui.hpp"
#include "evoplay/games/flags/map.hpp"
#include "evoplay/games/flags/text.hpp"
#include "evoplay/games/tictactoe/ui.hpp"
#include "evoplay/search/spec.hpp"
#include "evoplay/web/context.hpp"
#include "evoplay/web/paths.hpp"

namespace evoplay::web {

using nlohmann::json;
namespace c4 = games::connect4;
namespace ttt = games::tictactoe;
namespace flags = games::flags;

namespace {

/// A board game for the page: its GameUi (made per request from the request's body: a ui may
/// keep tallies, capture the flag's is made for the map sent) and the cells as the page draws
/// them (null: the page shows the ui's text).
template <search::Game G>
struct BoardGame {
  std::function<std::shared_ptr<const search::GameUi<G>>(const json& body)> ui;
  std::function<json(const G&)> cells;
};

BoardGame<ttt::Board> tictactoe_game() {
  return {[](const json&) { return ttt::game_ui(); },
          [](const ttt::Board& b) {
            json cells = json::array();
            for (int i = 0; i < 9; ++i) cells.push_back(b.cell(i));
            return cells;
          }};
}

/// Capture the flag on the map sent as text in "map" (the file format: docs/flags.md), read
/// by the command line's parser (errors: map:LINE: message).
BoardGame<flags::State> flags_game() {
  return {[](const json& body) -> std::shared_ptr<const search::GameUi<flags::State>> {
            return flags::game_ui(flags::parse_map(get_string(body, "map", "", 1 << 16), "map"));
          },
          [](const flags::State&) { return json(nullptr); }};
}

BoardGame<c4::Board> connect4_game() {
  return {[](const json&) { return c4::game_ui(); },
          [](const c4::Board& b) {
            json rows = json::array();  // top row first, 0 empty, 1 first player, 2 second
            for (int row = c4::kHeight - 1; row >= 0; --row) {
              json r = json::array();
              for (int col = 0; col < c4::kWidth; ++col) r.push_back(b.cell(col, row));
              rows.push_back(r);
            }
            return rows;
          }};
}

/// The position after the request's "moves" (names as people type them, strings or numbers).
template <search::Game G>
G position(const search::GameUi<G>& ui, const json& body, std::vector<std::string>& names) {
  G state = ui.start;
  note_read("moves");  // read here, not by a getter
  const auto it = body.find("moves");
  if (it == body.end() || it->is_null()) return state;
  if (!it->is_array()) throw BadRequest("moves: expected a list of moves");
  if (it->size() > 1000) throw BadRequest("moves: too many moves");
  for (std::size_t i = 0; i < it->size(); ++i) {
    const json& m = (*it)[i];
    std::string text;
    if (m.is_string() && m.get_ref<const std::string&>().size() <= 16) {
      text = m.get<std::string>();
    } else if (m.is_number_integer()) {
      text = m.dump();
    } else {
      throw BadRequest(fmt::format("moves[{}]: expected {}", i, ui.move_help));
    }
    if (state.is_terminal()) throw BadRequest(fmt::format("moves[{}]: the game is over", i));
    typename G::Move move{};
    std::string why;
    if (!ui.parse_move(state, text, move, why)) {
      throw BadRequest(fmt::format("moves[{}]: {}", i, why));
    }
    state.play(move);
    names.push_back(ui.move_name(move));
  }
  return state;
}

template <search::Game G>
json describe(const BoardGame<G>& game, const search::GameUi<G>& ui, const G& state,
              const std::vector<std::string>& names) {
  search::MovesOf<G> legal;
  state.legal_moves(legal);
  json legal_names = json::array();
  for (const auto& m : legal) legal_names.push_back(ui.move_name(m));
  json out = {{"moves", names},
              {"cells", game.cells(state)},
              {"to_move", state.to_move()},
              {"terminal", state.is_terminal()},
              {"legal", legal_names},
              {"text", ui.draw(state, false)}};
  if (state.is_terminal()) {
    const auto v = state.evaluate(0);
    out["winner"] = v > 0 ? 0 : v < 0 ? 1 : -1;
  }
  return out;
}

/// The bot's spec with the server's caps: a time beyond `cap` becomes `cap`; `agent:RUN` names a
/// run folder under --runs (nothing else). Searches given a depth or iterations, and bots whose
/// default time is longer (Connect Four's bare `perfect`: see bot_for), are stopped at the cap
/// by an alarm.
std::string capped_spec(const std::string& text, double cap, const std::string& runs) {
  auto spec = search::parse_bot_spec(text);
  if (spec.kind == "human") throw BadRequest("bot: 'human' is the page's own player");
  for (auto& arg : spec.args) {
    if (const auto t = search::parse_duration(arg); t && *t > cap) {
      arg = search::format_duration(cap);
    }
  }
  if (spec.kind == "agent") {
    if (runs.empty() || spec.args.empty()) {
      throw BadRequest("bot: agent:RUN needs a run folder under the server's --runs");
    }
    const auto dir = resolve_under(runs, spec.args[0]);
    if (!dir) throw BadRequest("bot: no such run folder under --runs", 404);
    spec.args[0] = dir->string();
  }
  std::string out = spec.kind;
  for (const auto& a : spec.args) out += ":" + a;
  return out;
}

template <search::Game G>
void add_game_routes(Routes& server, const Context& ctx, const std::string& name,
                     BoardGame<G> game) {
  server.Post("/api/" + name + "/state", guarded([&ctx, game](const auto& req, auto& res) {
                const json body = ctx.body(req);
                const auto ui = game.ui(body);
                std::vector<std::string> names;
                const G state = position(*ui, body, names);
                reply(res, describe(game, *ui, state, names));
              }));
  server.Post(
      "/api/" + name + "/move", guarded([&ctx, game](const auto& req, auto& res) {
        const json body = ctx.body(req);
        const auto ui = game.ui(body);
        std::vector<std::string> names;
        G state = position(*ui, body, names);
        if (state.is_terminal()) throw BadRequest("the game is over");
        const std::string spec = capped_spec(get_string(body, "bot", "alphabeta:100ms", 200),
                                             ctx.settings.think_seconds, ctx.settings.runs);
        const auto seed = get_seed(body, "seed", 1);
        // A bot may own a transposition table: made only when its turn to search comes.
        ctx.searches.acquire();
        const std::shared_ptr<void> release(nullptr, [&ctx](void*) { ctx.searches.release(); });
        const auto factory = ui->bots();
        auto bot = factory.make(spec, Rng(seed));
        if (spec == "perfect") {
          // A perfect player that takes a time (Connect Four's solver) gets the cap.
          try {
            bot = factory.make("perfect:" + search::format_duration(ctx.settings.think_seconds),
                               Rng(seed));
          } catch (const Error&) {
          }
        }
        CancelToken stop;
        bot->set_cancel(stop.flag());
        const auto alarm = ctx.alarms.set(
            stop, std::chrono::milliseconds(
                      static_cast<long long>(1000 * ctx.settings.think_seconds) + 250));
        const auto r = bot->choose(state);
        if (!r.has_move) {
          throw BadRequest(fmt::format("the bot found no move within the server's cap of "
                                       "{} s: give it less to do",
                                       ctx.settings.think_seconds),
                           503);
        }
        search::MovesOf<G> legal;
        state.legal_moves(legal);
        if (!legal.contains(r.move)) throw std::logic_error("a bot chose an illegal move");
        json pv = json::array();
        for (const auto& m : r.pv) pv.push_back(ui->move_name(m));
        json played = {{"bot", bot->name()}, {"move", ui->move_name(r.move)},
                       {"value", r.value},   {"value_text", ui->describe_value(r.value)},
                       {"depth", r.depth},   {"nodes", r.stats.nodes},
                       {"pv", pv},           {"seconds", r.seconds}};
        state.play(r.move);
        names.push_back(ui->move_name(r.move));
        json out = describe(game, *ui, state, names);
        out["played"] = played;
        reply(res, out);
      }));
}

/// Pons' score of playing `col` (for the side to move): solved after the move, within
/// `seconds`; {"column", "score"} or, unfinished, {"column", "low", "high"}.
json column_score(const c4::Board& board, int col, c4::Solver& solver, double seconds) {
  json out = {{"column", col + 1}};
  if (!board.can_play(col)) {
    out["full"] = true;
    return out;
  }
  if (board.is_winning_move(col)) {
    out["score"] = (c4::kCells + 1 - board.moves()) / 2;
    out["complete"] = true;
    return out;
  }
  c4::Board next = board;
  next.play(static_cast<c4::Board::Move>(col));
  const auto r = solver.solve(next, false, false, seconds);
  out["complete"] = r.complete;
  if (r.complete) {
    out["score"] = -r.score;
  } else {
    out["low"] = -r.high;
    out["high"] = -r.low;
  }
  out["nodes"] = r.stats.nodes;
  return out;
}

void add_connect4_scores(Routes& server, const Context& ctx) {
  server.Post("/api/connect4/scores", guarded([&ctx](const auto& req, auto& res) {
                const json body = ctx.body(req);
                const auto ui = c4::game_ui();  // scores: Connect Four only
                std::vector<std::string> names;
                const c4::Board board = position(*ui, body, names);
                if (board.is_terminal()) throw BadRequest("the game is over");
                const double seconds = ctx.settings.job_seconds / c4::kWidth;
                ctx.start_job(req, res, "connect4-scores", [board, seconds](Job& job) {
                  c4::Solver solver(64);
                  solver.engine().set_cancel(job.cancel_token().flag());
                  json columns = json::array();
                  for (const int col : c4::Board::kCentreFirst) {
                    if (job.cancelled()) break;
                    json c = column_score(board, col, solver, seconds);
                    c["type"] = "column";
                    job.emit(c);
                    columns.push_back(c);
                  }
                  std::sort(columns.begin(), columns.end(), [](const json& a, const json& b) {
                    return a["column"].get<int>() < b["column"].get<int>();
                  });
                  return json{{"columns", columns}};
                });
              }));
}

/// The maps shipped in data/flags (name and text), for the page's menu.
void add_flags_maps(Routes& server, const Context& ctx) {
  server.Get("/api/flags/maps", guarded([&ctx](const auto&, auto& res) {
               json maps = json::array();
               for (const auto& [path, text] : shipped_files(ctx.settings.flags_maps, ".map")) {
                 maps.push_back({{"name", path.stem().string()}, {"text", text}});
               }
               reply(res, {{"maps", maps}});
             }));
}

}  // namespace

void add_board_routes(Routes& server, const Context& ctx) {
  add_game_routes(server, ctx, "tictactoe", tictactoe_game());
  add_game_routes(server, ctx, "connect4", connect4_game());
  add_game_routes(server, ctx, "flags", flags_game());
  add_flags_maps(server, ctx);
  add_connect4_scores(server, ctx);
}

}  // namespace evoplay::web
