// Pickling of the seeds' systems' inputs (pickling.hpp): a Sudoku puzzle by its line and the
// line it starts at in its file; a Lemmings level by its .lvl text (a Pingus level by its file
// and checksum: its images are the Pingus data's, so another process reads the same file again,
// and a file that changed since is a ValueError); a Science Birds level by its XML (numbers
// written in their shortest exact form, so the copy is ==). A lemmings Study is refused (its
// unit results are plain dicts).
#include <string>

#include "evoplay/games/birds/xml.hpp"
#include "evoplay/games/lemmings/level.hpp"
#include "evoplay/games/lemmings/pingus_level.hpp"
#include "evoplay/games/sudoku/board.hpp"
#include "pickling.hpp"

namespace evoplay::python {

namespace su = games::sudoku;
namespace lem = games::lemmings;
namespace birds = games::birds;

namespace {

su::PuzzleEntry puzzle_from_state(const py::object& state) {
  constexpr const char* kType = "sudoku.Puzzle";
  const py::tuple t = state_tuple(state, kType, 2);
  auto parsed =
      su::parse_puzzles(state_item<std::string>(t, 0, kType, "puzzle line"), "<pickled puzzle>");
  if (parsed.size() != 1)
    bad_state(kType, fmt::format("expected one puzzle, found {}", parsed.size()));
  parsed[0].line = state_item<int>(t, 1, kType, "line");
  return std::move(parsed[0]);
}

py::object lemmings_level_state(const lem::Level& l) {
  if (l.pingus) return state_of("pingus", l.pingus->file, l.pingus->checksum);
  return state_of("lvl", lem::to_text(l), "");
}

lem::Level lemmings_level_from_state(const py::object& state) {
  constexpr const char* kType = "lemmings.Level";
  const py::tuple t = state_tuple(state, kType, 3);
  const auto kind = state_item<std::string>(t, 0, kType, "kind");
  const auto text = state_item<std::string>(t, 1, kType, "text or file");
  if (kind == "lvl") return lem::parse_level(text, "<pickled level>");
  if (kind != "pingus") bad_state(kType, "kind: expected 'lvl' or 'pingus', found '" + kind + "'");
  lem::Level level = lem::load_level(text);
  const auto checksum = state_item<std::string>(t, 2, kType, "checksum");
  if (!level.pingus || level.pingus->checksum != checksum) {
    bad_state(kType, fmt::format("the Pingus level {} is not the file that was pickled (its "
                                 "checksum changed)",
                                 text));
  }
  return level;
}

}  // namespace

void add_system_pickling(py::module_& root) {
  registered_class<su::PuzzleEntry>(root.attr("sudoku"), "Puzzle")
      .def(py::pickle(
          [](const su::PuzzleEntry& p) { return state_of(su::to_line(p.board), p.line); },
          &puzzle_from_state));
  registered_class<lem::Level>(root.attr("lemmings"), "Level")
      .def(py::pickle(&lemmings_level_state, &lemmings_level_from_state));
  refuse_pickling(root.attr("lemmings").attr("Study"),
                  "it holds loaded levels and the study's units; pickle its results (run_unit() "
                  "gives plain dicts), or make the Study again in the other process from the same "
                  "levels and keyword arguments (the same seed gives the same units)");
  registered_class<birds::Level>(root.attr("birds"), "Level")
      .def(py::pickle([](const birds::Level& l) { return state_of(birds::level_to_xml(l)); },
                      [](const py::object& state) {
                        const py::tuple t = state_tuple(state, "birds.Level", 1);
                        return birds::parse_level(
                            state_item<std::string>(t, 0, "birds.Level", "xml"), "<pickled level>");
                      }));
}

}  // namespace evoplay::python
