#pragma once
// Pictures of play: a level after its shots with every bird's path drawn (PNG or SVG), an
// animation of the shots (GIF), and the paths over any drawing of the level (contact sheets).

#include <cairo.h>

#include <filesystem>
#include <span>
#include <string>

#include "evoplay/games/birds/agents.hpp"
#include "evoplay/games/birds/difficulty.hpp"
#include "evoplay/games/birds/render.hpp"

namespace evoplay::games::birds {

/// The level as a state leaves it: the survivors where they are, the birds not yet shot.
Level level_in_state(const Level& level, const GameState& state);

/// Draws the paths of `shots` (each bird's, its children's and its egg's) with the view `v`,
/// each in its bird's colour, numbered at the release.
void draw_paths(cairo_t* cr, const View& v, std::span<const ShotRecord> shots);

/// The level after the game's shots with their paths (PNG or SVG by the extension), atomically.
void save_game_picture(const std::filesystem::path& path, const Level& level,
                       const GameRecord& game, int width = 1200, const std::string& title = "");

/// The game's shots animated (GIF), replayed from game.start: the flight, the impacts, what
/// falls; paths drawn as they grow. About `fps` frames per second of game time, at most
/// `max_frames` (longer games are sampled more sparsely). Atomic.
void save_game_animation(const std::filesystem::path& path, const Level& level,
                         const GameRecord& game, const PlaySettings& play, int width = 800,
                         const std::string& title = "", int fps = 25, int max_frames = 600);

/// The game as --render asks: FILE.gif animated (800 wide), FILE.png or .svg its picture (1200).
void save_game_render(const std::filesystem::path& path, const Level& level, const GameRecord& game,
                      const PlaySettings& play, const std::string& title);

/// A contact sheet of levels with the search agent's shots of their difficulty reports, each
/// captioned with its name (the file's stem) and verdict (PNG or SVG by the extension).
void save_difficulty_sheet(const std::filesystem::path& path, std::span<const Level> levels,
                           std::span<const std::string> files,
                           std::span<const DifficultyReport> reports);

}  // namespace evoplay::games::birds
