#pragma once
// Science Birds level files: reading (the game's own files are not well-formed XML: <Camera> and
// <Slingshot> are never closed and the header claims utf-16 while the bytes are ASCII; both are
// repaired before a strict parse, and real UTF-16 files are converted) and writing in the
// competition generators' layout, which the game loads.

#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include "evoplay/games/birds/level.hpp"

namespace evoplay::games::birds {

/// Reads a level file ("-" = standard input). Throws Error(file, line, ...) on anything the game
/// would not understand: malformed XML, unknown block, pig or bird type, unknown material,
/// missing or non-numeric coordinates.
Level read_level(const std::string& path);
/// read_level() of each file, in order.
std::vector<Level> read_levels(const std::vector<std::string>& paths);

/// Parses the text of a level file; `name` is the file name used in error messages.
Level parse_level(std::string_view text, const std::string& name);

/// The level as a file, in the competition generators' layout (utf-16 header, <Camera> and
/// <Slingshot> left open as the game's own files have them, numbers in their shortest exact form).
std::string level_to_xml(const Level& level);

/// Writes level_to_xml(level) to `path`, atomically.
void write_level(const std::filesystem::path& path, const Level& level);

/// The repair step alone (exposed for tests): UTF-16 to UTF-8, byte-order mark dropped, and
/// <Camera ...> / <Slingshot ...> closed when the file never closes them. Line numbers are kept.
std::string repair_level_text(std::string_view raw);

/// The most objects a level may hold (the game's own levels hold about 100): past it the
/// pairwise checks of a level (overlaps, contacts) would take minutes and gigabytes.
inline constexpr std::size_t kMaxObjects = 2000;

}  // namespace evoplay::games::birds
