// The capture-the-flag part of the demo: a round robin of four bots on two maps, and one game
// of the two best drawn.
#include <fmt/format.h>

#include "evoplay/core/data_dir.hpp"
#include "evoplay/core/rng.hpp"
#include "evoplay/core/run_dir.hpp"
#include "evoplay/demo/demo.hpp"
#include "evoplay/games/flags/bots.hpp"
#include "evoplay/games/flags/render.hpp"
#include "evoplay/games/flags/text.hpp"
#include "evoplay/games/flags/tournament.hpp"
#include "evoplay/search/series.hpp"

namespace evoplay::demo {

namespace fl = games::flags;

void flags(Context& ctx) {
  const auto data = find_data_dir("flags");
  if (data.empty()) {
    ctx.say("  skipped: data/flags not found (run from the source folder)\n");
    return;
  }
  const auto dir = ctx.folder("flags");
  fl::TournamentSettings settings;
  settings.bots = {"random", "greedy", "minimax:2", "alphabeta:4"};
  settings.maps = {(data / "01-duel.map").string(), (data / "04-crossroads.map").string()};
  settings.seed = ctx.seed;
  settings.threads = ctx.threads;
  const auto maps = fl::load_tournament_maps(settings.maps);
  const auto report = fl::play_tournament(settings, maps);
  const auto& result = report.result;
  const RunDir run = ctx.begin_part("flags", settings.to_json());
  run.write_json("result.json", report.to_json());
  report.write_files(run);
  for (int b : result.ranking) {
    const auto& s = result.standings[static_cast<std::size_t>(b)];
    ctx.say("  {:<12} {:>3} of {:>3} points ({:>2}-{}-{:<2}), Elo {:+5.0f} ({:+.0f} to {:+.0f})\n",
            s.name, s.points, s.max_points, s.wins, s.draws, s.losses, s.elo, s.elo_low,
            s.elo_high);
  }
  // One game of the winner against the runner-up on the crossroads, drawn.
  const auto factory = fl::bots();
  const fl::State& start = maps.starts[1];
  auto a = factory.make(settings.bots[3], Rng(ctx.seed).split({3, 0}));
  auto b = factory.make(settings.bots[2], Rng(ctx.seed).split({3, 1}));
  const auto record = search::play_game(start, {a.get(), b.get()},
                                        [](const fl::State&, fl::State::Move, const auto&) {});
  fl::State end = start;
  for (const auto m : record.moves) end.play(m);
  const std::string caption =
      fmt::format("{}: A {} against B {}", start.map().name, settings.bots[3], settings.bots[2]);
  fl::save_game_gif(dir / "game.gif", start, record.moves, caption);
  fl::save_state_picture(dir / "game-end.png", end, caption);
  ctx.say("  a game on {}: {} after {} plies\n", start.map().name,
          end.result() == fl::State::kDraw
              ? std::string("draw")
              : fmt::format("team {} won", fl::team_letter(end.result())),
          record.moves.size());
  ctx.show("flags game (GIF)", dir / "game.gif");
  ctx.show("flags game, last position", dir / "game-end.png");
  ctx.show("flags tournament standings", dir / "standings.csv");
}

}  // namespace evoplay::demo
