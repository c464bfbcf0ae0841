// The board games' routes (add_tictactoe_routes, add_connect4_routes, add_flags_routes): a
// position from its moves, a bot's move in it (its score for the side to move, whether it is
// proven, depth, nodes, principal line), Connect Four's exact score of every column (a job) and
// capture the flag's shipped maps.
//
// Stateless: the page sends the moves played so far with every request, so undo is the page
// dropping moves, a server restart loses nothing and any number of clients cost no memory.
#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <limits>
#include <optional>

#include "evoplay/core/error.hpp"
#include "evoplay/core/rng.hpp"
#include "evoplay/games/connect4/solver.hpp"
#include "evoplay/games/connect4/ui.hpp"
#include "evoplay/search/spec.hpp"
#include "evoplay/web/board_games.hpp"
#include "evoplay/web/board_json.hpp"
#include "evoplay/web/context.hpp"
#include "evoplay/web/paths.hpp"

namespace evoplay::web {

using nlohmann::json;
namespace c4 = games::connect4;

namespace {

/// A game's moves as the page shows them: the ui's names ("4", "1n"), which the requests send
/// back, and readable labels ("A1 north"; the names where the game has none).
struct Played {
  std::vector<std::string> names, labels;
};

template <search::Game G>
void record(const BoardGame<G>& game, const search::GameUi<G>& ui, const G& before,
            const typename G::Move& m, Played& played) {
  played.names.push_back(ui.move_name(m));
  played.labels.push_back(game.label ? game.label(before, m) : played.names.back());
}

/// The position after the request's "moves" (names as people type them, strings or numbers).
template <search::Game G>
G position(const BoardGame<G>& game, const search::GameUi<G>& ui, const json& body,
           Played& played) {
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
    record(game, ui, state, move, played);
    state.play(move);
  }
  return state;
}

template <search::Game G>
json describe(const BoardGame<G>& game, const search::GameUi<G>& ui, const G& state,
              const Played& played) {
  search::MovesOf<G> legal;
  state.legal_moves(legal);
  json legal_names = json::array();
  for (const auto& m : legal) legal_names.push_back(ui.move_name(m));
  json out = {{"moves", played.names},           {"labels", played.labels},
              {"cells", game.cells(state)},      {"to_move", state.to_move()},
              {"terminal", state.is_terminal()}, {"legal", legal_names},
              {"text", ui.draw(state, false)}};
  if (state.is_terminal()) {
    const auto v = state.evaluate(0);
    out["winner"] = v > 0 ? 0 : v < 0 ? 1 : -1;
  }
  return out;
}

/// What a bot's value means for the side to move (board_json.hpp), with a note when a search
/// limited by time did not prove it. Bots that value no positions (random, a learned agent)
/// have no score; MCTS's value is the share of its playouts won.
template <search::Game G>
json bot_score(const BoardGame<G>& game, const search::Bot<G>& bot,
               const search::SearchResult<typename G::Move>& r, const G& state) {
  if (game.own_score) {
    if (auto own = game.own_score(bot, r, state)) return *own;
  }
  const auto spec = search::parse_bot_spec(bot.name());
  if (spec.kind == "random" || spec.kind == "agent") {
    return {{"outcome", "none"}, {"exact", false}, {"text", "none: this bot values no positions"}};
  }
  const bool searches = spec.kind == "alphabeta" || spec.kind == "minimax" || spec.kind == "greedy";
  const bool complete = spec.kind == "perfect" || (searches && r.depth >= game.plies_left(state));
  json out = engine_score(r.value, game.plies_known, complete);
  if (spec.kind == "mcts" && !search::is_proven(r.value)) {
    out["text"] = fmt::format("{:.0f}% of its playouts won", 50.0 + r.value / 20.0);
  } else if (out["outcome"] == "estimate" && game.estimate) {
    out["text"] = game.estimate(state, r.value);
  }
  const bool timed = std::any_of(spec.args.begin(), spec.args.end(), [](const std::string& a) {
    return search::parse_duration(a).has_value();
  });
  if (timed && !out["exact"].get<bool>()) {
    out["note"] = spec.kind == "mcts"
                      ? std::string(
                            "not proven: its playouts in the time given sample the game, "
                            "so this move is its best estimate")
                      : fmt::format(
                            "not proven: the search stopped at its time limit after {} "
                            "plies of {} left, so this move is its best estimate",
                            r.depth, game.plies_left(state));
  }
  return out;
}

/// A bot's spec as made (`agent:RUN` with the run folder's path on the server) and as shown
/// (the run's name under --runs: the server's paths are its own).
struct Spec {
  std::string made, shown;
};

/// A timed bot's least time when its request waited for a search slot longer than its time.
constexpr double kLeastThinkSeconds = 0.01;

/// The bot's spec with the server's caps: a time beyond `cap` becomes `cap`; `agent:RUN` names a
/// run folder under --runs (nothing else). Searches given a depth or iterations, and bots whose
/// default time is longer (Connect Four's bare `perfect`: see bot_for), are stopped at the cap
/// by an alarm. A bot's time counts from the request: `waited` (seconds spent waiting for a
/// search slot) is taken off it (down to kLeastThinkSeconds) in the spec made, not the one shown.
Spec capped_spec(const std::string& text, double cap, const std::string& runs, double waited = 0) {
  auto spec = search::parse_bot_spec(text);
  if (spec.kind == "human") throw BadRequest("bot: 'human' is the page's own player");
  auto made_args = spec.args;
  for (std::size_t i = 0; i < spec.args.size(); ++i) {
    if (const auto t = search::parse_duration(spec.args[i])) {
      const double given = std::min(*t, cap);
      if (given < *t) spec.args[i] = search::format_duration(given);
      made_args[i] = waited > 0.001
                         ? search::format_duration(std::max(given - waited, kLeastThinkSeconds))
                         : spec.args[i];
    }
  }
  if (spec.kind == "agent") {
    if (runs.empty() || spec.args.empty()) {
      throw BadRequest("bot: agent:RUN needs a run folder under the server's --runs");
    }
  }
  std::string shown = spec.kind, made_timed = spec.kind;
  for (const auto& a : spec.args) shown += ":" + a;
  for (const auto& a : made_args) made_timed += ":" + a;
  if (spec.kind != "agent") return {made_timed, shown};
  const auto dir = resolve_under(runs, spec.args[0]);
  if (!dir) throw BadRequest("bot: no such run folder under --runs", 404);
  spec.args[0] = dir->string();
  std::string made = spec.kind;
  for (const auto& a : spec.args) made += ":" + a;
  return {made, shown};
}

template <search::Game G>
void add_game_routes(Routes& server, const Context& ctx, const std::string& name,
                     BoardGame<G> game) {
  server.Post("/api/" + name + "/state", guarded([&ctx, game](const auto& req, auto& res) {
                const json body = ctx.body(req);
                const auto ui = game.ui(body);
                Played played;
                const G state = position(game, *ui, body, played);
                reply(res, describe(game, *ui, state, played));
              }));
  server.Post(
      "/api/" + name + "/move", guarded([&ctx, game](const auto& req, auto& res) {
        const json body = ctx.body(req);
        const auto ui = game.ui(body);
        Played moves;
        G state = position(game, *ui, body, moves);
        if (state.is_terminal()) throw BadRequest("the game is over");
        const auto asked = std::chrono::steady_clock::now();
        const std::string bot_text = get_string(body, "bot", "alphabeta:100ms", 200);
        Spec spec = capped_spec(bot_text, ctx.settings.think_seconds, ctx.settings.runs);
        const auto seed = get_seed(body, "seed", 1);
        // A bot may own a transposition table: made only when its turn to search comes. Its time
        // counts from the request: what it waited for a slot is taken off (the answer comes
        // within the time asked for, or soon after, however many clients are waiting).
        ctx.searches.acquire();
        const std::shared_ptr<void> release(nullptr, [&ctx](void*) { ctx.searches.release(); });
        const double waited =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - asked).count();
        spec.made =
            capped_spec(bot_text, ctx.settings.think_seconds, ctx.settings.runs, waited).made;
        const auto factory = ui->bots();
        auto bot = factory.make(spec.made, Rng(seed));
        if (spec.made == "perfect") {
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
        json pv = json::array(), pv_labels = json::array();
        G line = state;
        for (const auto& m : r.pv) {
          search::MovesOf<G> here;
          if (!line.is_terminal()) line.legal_moves(here);
          if (!here.contains(m)) break;  // a line cut short by the table's move
          pv.push_back(ui->move_name(m));
          pv_labels.push_back(game.label ? game.label(line, m) : ui->move_name(m));
          line.play(m);
        }
        const json score = bot_score(game, *bot, r, state);
        const bool perfect = spec.made == "perfect";  // capped above: name the cap
        json played = {{"bot", perfect ? bot->name() : spec.shown},
                       {"move", ui->move_name(r.move)},
                       {"label", game.label ? game.label(state, r.move) : ui->move_name(r.move)},
                       {"value", r.value},
                       {"value_text", score["text"]},
                       {"score", score},
                       {"side", state.to_move()},
                       {"depth", r.depth},
                       {"nodes", r.stats.nodes},
                       {"pv", pv},
                       {"pv_labels", pv_labels},
                       {"seconds", r.seconds}};
        record(game, *ui, state, r.move, moves);
        state.play(r.move);
        json out = describe(game, *ui, state, moves);
        out["played"] = played;
        reply(res, out);
      }));
}

/// Pons' score of playing `col` (for the side to move): solved after the move, within
/// `seconds`; {"column", "score"} or, unfinished, {"column", "low", "high"}; "meaning" says it
/// in words for the side to move (board_json.hpp).
json column_score(const c4::Board& board, int col, c4::Solver& solver, double seconds) {
  json out = {{"column", col + 1}};
  if (!board.can_play(col)) {
    out["full"] = true;
    return out;
  }
  if (board.is_winning_move(col)) {
    out["score"] = (c4::kCells + 1 - board.moves()) / 2;
    out["complete"] = true;
    out["meaning"] = pons_score(out["score"].get<int>(), board.moves());
    return out;
  }
  c4::Board next = board;
  next.play(static_cast<c4::Board::Move>(col));
  const auto r = solver.solve(next, false, false, seconds);
  out["complete"] = r.complete;
  if (r.complete) {
    out["score"] = -r.score;
    out["meaning"] = pons_score(-r.score, board.moves());
  } else {
    out["low"] = -r.high;
    out["high"] = -r.low;
    out["meaning"] = pons_bounds(-r.high, -r.low, board.moves());
  }
  out["nodes"] = r.stats.nodes;
  return out;
}

void add_connect4_scores(Routes& server, const Context& ctx) {
  server.Post("/api/connect4/scores", guarded([&ctx](const auto& req, auto& res) {
                const json body = ctx.body(req);
                const auto ui = c4::game_ui();  // scores: Connect Four only
                Played played;
                const c4::Board board = position(connect4_game(), *ui, body, played);
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

void add_tictactoe_routes(Routes& server, const Context& ctx) {
  add_game_routes(server, ctx, "tictactoe", tictactoe_game());
}

void add_connect4_routes(Routes& server, const Context& ctx) {
  add_game_routes(server, ctx, "connect4", connect4_game());
  add_connect4_scores(server, ctx);
}

void add_flags_routes(Routes& server, const Context& ctx) {
  add_game_routes(server, ctx, "flags", flags_game());
  add_flags_maps(server, ctx);
}

}  // namespace evoplay::web
