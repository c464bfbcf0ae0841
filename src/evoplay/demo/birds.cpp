// The Angry Birds parts of the demo: levels simulated with Box2D (reports and pictures before
// and after), the level generator (five levels, two layers of composites), and a generated
// playable level won by the search agent.
#include <fmt/format.h>

#include <filesystem>

#include "evoplay/core/data_dir.hpp"
#include "evoplay/core/input_files.hpp"
#include "evoplay/core/parallel.hpp"
#include "evoplay/core/run_dir.hpp"
#include "evoplay/core/stopwatch.hpp"
#include "evoplay/demo/demo.hpp"
#include "evoplay/games/birds/agents.hpp"
#include "evoplay/games/birds/describe.hpp"
#include "evoplay/games/birds/level_set.hpp"
#include "evoplay/games/birds/pictures.hpp"
#include "evoplay/games/birds/play_render.hpp"
#include "evoplay/games/birds/render.hpp"
#include "evoplay/games/birds/report.hpp"
#include "evoplay/games/birds/showcase.hpp"
#include "evoplay/games/birds/xml.hpp"

namespace evoplay::demo {

namespace bl = games::birds;

void birds(Context& ctx) {
  const auto dir = ctx.folder("birds");
  std::vector<std::string> names;
  std::vector<bl::Level> levels;
  for (auto& [name, level] : bl::showcase_levels()) {
    names.push_back(name);
    levels.push_back(std::move(level));
  }
  const auto examples = find_data_dir("birds");
  if (examples.empty()) ctx.say("  (data/birds not found from here: only the built-in levels)\n");
  for (const auto& f : examples.empty() ? std::vector<std::filesystem::path>()
                                        : files_with_extension(examples, ".xml")) {
    names.push_back(f.stem().string());
    levels.push_back(bl::read_level(f.string()));
  }
  const bl::PhysicsSettings settings;
  const auto reports = bl::simulate_all(levels, settings, ctx.threads);
  nlohmann::json result = nlohmann::json::array();
  std::vector<bl::SheetEntry> sheet;
  for (std::size_t i = 0; i < levels.size(); ++i) {
    const auto& r = reports[i];
    ctx.say("  {:<38} {:<8} score {:.2f}  paper {:6.2f}  {} destroyed, {} moved\n", names[i],
            r.stable ? "stable" : "unstable", r.score, r.paper_score, r.destroyed, r.moved);
    bl::write_level(dir / (names[i] + ".xml"), levels[i]);
    bl::save_before_after(dir, names[i], levels[i], r, settings.seconds);
    nlohmann::json j = {{"level", names[i]}};
    j.update(bl::report_json(levels[i], r, false));
    result.push_back(std::move(j));
    sheet.push_back({&levels[i], names[i], &r});
  }
  bl::save_contact_sheet(dir / "sheet.png", sheet);
  RunDir run = ctx.begin_part(
      "birds", {{"seconds", settings.seconds},
                {"time_step", settings.time_step},
                {"iterations", {settings.velocity_iterations, settings.position_iterations}}});
  run.finish(result);
  ctx.show("Birds: levels after 10 s", dir / "sheet.png");
  ctx.show("Birds: a collapse", dir / "collapse-after.png");
}

void birds_generator(Context& ctx) {
  const Stopwatch clock;
  const auto dir = ctx.folder("birdsgen");
  bl::LevelSetSettings set;
  set.layers = 2;
  set.seed = ctx.seed;
  auto& ga = set.generator;  // population 10
  ga.generations = 30;       // per layer: two layers stay well within the demo's time
  ga.genome.length = 20;     // smaller levels than by default (40-70 blocks), for time
  ga.genome.min_length = 10;
  ga.genome.max_length = 40;
  ga.blocks_min = 40;
  ga.blocks_max = 70;
  ga.min_birds = 1;  // and no two-birds check (it plays a sweep of shots a candidate level)
  ga.threads = resolve_threads(ctx.threads);
  const bl::Ruleset rules;  // 5 levels, 2-4 pigs
  const auto made = bl::generate_level_set(dir, bl::default_catalogue(), rules, set, 0, "birdsgen");
  const auto& layers = made.report["layers"];
  ctx.say(
      "  5 levels in {:.1f} s: {} stable; two layers, {} composites cut from the first "
      "layer's levels and {} from the second's\n",
      clock.seconds(), made.stable_levels, layers[0]["new_composites"].size(),
      layers[1]["new_composites"].size());
  RunDir run = ctx.begin_part("birdsgen", set.to_json());
  run.finish(made.to_json());
  ctx.show("Birds generator: 5 levels", dir / "sheet.png");
  ctx.show("Birds generator: fitness", dir / "fitness.png");
  ctx.show("Birds generator: composites", dir / "composites.png");
}

void birds_play(Context& ctx) {
  const auto data = find_data_dir("birds");
  const auto file = data / "generated_playable_level.xml";
  if (data.empty() || !std::filesystem::exists(file)) {
    ctx.say("  skipped: data/birds/generated_playable_level.xml not found\n");
    return;
  }
  const auto dir = ctx.folder("birdsplay");
  const bl::Level level = bl::read_level(file.string());
  const bl::PlaySettings play;
  bl::AgentSettings search;  // the default budget
  search.threads = resolve_threads(ctx.threads);
  const auto game = bl::play_game(level, search, play, ctx.seed);
  for (std::size_t k = 0; k < game.shots.size(); ++k)
    ctx.say("{}", bl::shot_text(k, game.shots[k]));
  ctx.say("  {} with {} of {} birds, {} shots simulated to choose them\n",
          game.won() ? "won" : bl::status_name(game.status), game.birds_used, level.birds.size(),
          game.simulated);
  bl::save_game_animation(dir / "game.gif", level, game, play, 800, "search agent");
  bl::save_game_picture(dir / "game.png", level, game, 1200, "search agent");
  const RunDir run =
      ctx.begin_part("birdsplay", {{"level", "data/birds/generated_playable_level.xml"},
                                   {"agent", search.to_json()},
                                   {"play", play.to_json()}});
  run.write_json("result.json", game.to_json(level));
  ctx.show("Birds: search agent plays (GIF)", dir / "game.gif");
  ctx.show("Birds: the agent's shots", dir / "game.png");
}

}  // namespace evoplay::demo
