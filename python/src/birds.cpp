// evoplay.birds: Science Birds levels (read, write), their simulation (the report of `birds
// simulate --json`), a set's diversity, and pictures as PNG bytes.
#include <fmt/format.h>
#include <pybind11/stl.h>

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "bindings.hpp"
#include "evoplay/games/birds/describe.hpp"
#include "evoplay/games/birds/inspect_settings.hpp"
#include "evoplay/games/birds/physics.hpp"
#include "evoplay/games/birds/render.hpp"
#include "evoplay/games/birds/report.hpp"
#include "evoplay/games/birds/simulation_settings.hpp"
#include "evoplay/games/birds/xml.hpp"
#include "fields.hpp"

namespace evoplay::python {

namespace birds = games::birds;

namespace {

/// The settings of `birds simulate` with its options' defaults.
py::bytes png_of(const birds::Level& level, const birds::StabilityReport* report) {
  return written_bytes(".png", [&](const std::filesystem::path& path) {
    birds::save_level_picture(path, level, {1200, "", report});
  });
}

}  // namespace

void add_birds(py::module_& root) {
  auto m = root.def_submodule("birds", "Angry Birds (Science Birds) levels and their physics");
  py::class_<birds::Level>(m, "Level", "A Science Birds level (docs/birds-format.md).")
      .def_static("load", &birds::read_level, py::arg("path"), "Reads a level file (.xml).")
      .def_static("parse", &birds::parse_level, py::arg("text"), py::arg("name") = "<text>",
                  "A level from its XML text (the game's unclosed tags repaired).")
      .def("to_xml", &birds::level_to_xml, "The level in the game's XML format.")
      .def_readonly("width", &birds::Level::width)
      .def_property_readonly("pieces", &birds::Level::pieces, "Blocks, pigs and TNT.")
      .def_property_readonly("objects", [](const birds::Level& l) { return l.objects.size(); })
      .def(
          "png", [](const birds::Level& l) { return png_of(l, nullptr); },
          "A picture of the level (PNG bytes).")
      .def("_repr_png_", [](const birds::Level& l) { return png_of(l, nullptr); })
      .def("__repr__",
           [](const birds::Level& l) {
             const auto counted = [](std::size_t n, std::string_view one, std::string_view many) {
               return fmt::format("{} {}", n, n == 1 ? one : many);
             };
             return fmt::format("<birds.Level {}, {}, {}, {}, {}>",
                                counted(l.birds.size(), "bird", "birds"),
                                counted(l.count(birds::Kind::kPig), "pig", "pigs"),
                                counted(l.count(birds::Kind::kBlock), "block", "blocks"),
                                counted(l.count(birds::Kind::kTnt), "TNT", "TNT"),
                                counted(l.count(birds::Kind::kPlatform), "platform", "platforms"));
           })
      .def("__eq__", [](const birds::Level& a, const birds::Level& b) { return a == b; });
  m.def(
      "simulate",
      [](const birds::Level& level, const py::kwargs& kwargs) {
        // seconds= was the keyword of game_seconds (as --seconds of the command line).
        auto s = apply_kwargs(birds::SimulationSettings{}, kwargs, {{"seconds", "game_seconds"}});
        s.validate();
        const auto settings = s.physics();
        const auto report =
            run_cancellable(CancelToken{}, [&] { return birds::simulate(level, settings); });
        return to_python(birds::report_json(level, report, true));
      },
      py::arg("level"),
      ("Simulates the level with Box2D (the game's settings): the report of one line of `birds "
       "simulate --json` (without its file)." +
       keywords_doc(birds::SimulationSettings{}))
          .c_str());
  m.def(
      "render_png",
      [](const std::vector<birds::Level>& levels,
         const std::optional<std::vector<std::string>>& given, const py::kwargs& kwargs) {
        if (kwargs.contains("format")) {
          throw Error("format: render_png writes PNG (format is that of the pictures in a folder)");
        }
        const auto k = apply_kwargs(birds::RenderSettings{}, kwargs);
        k.validate();
        if (levels.empty()) throw Error("levels: expected at least one level");
        std::vector<std::string> names = given.value_or(std::vector<std::string>{});
        if (!given) {
          for (std::size_t i = 0; i < levels.size(); ++i)
            names.push_back(fmt::format("level {}", i + 1));
        }
        if (names.size() != levels.size()) {
          throw Error(fmt::format("names: {} names for {} levels", names.size(), levels.size()));
        }
        std::vector<birds::StabilityReport> reports;
        if (k.picture.after) {
          CancelToken token;
          reports = run_cancellable(
              token, [&] { return birds::simulate_all(levels, k.physics.physics(), 0); });
        }
        return written_bytes(".png", [&](const std::filesystem::path& path) {
          birds::render_levels(levels, names, reports, k.picture.request(path));
        });
      },
      py::arg("levels"), py::arg("names") = py::none(),
      ("PNG bytes, as `birds render --image FILE.png`: one level's picture, or a contact sheet "
       "of several (captioned by `names`, default \"level 1\", ...); after=True simulates first "
       "(the physics keywords as birds.simulate's) and draws the state after it, without the "
       "GIL." +
       keywords_doc(birds::RenderSettings{}, {"format"}))
          .c_str());
  m.def(
      "check",
      [](const birds::Level& level, const py::kwargs& kwargs) {
        auto s = apply_kwargs(birds::CheckSettings{}, kwargs);
        s.validate();
        auto j = birds::check_level(level, s.tolerance).to_json("", level);
        j.erase("file");  // a level, not a file
        return to_python(j).cast<py::dict>();
      },
      py::arg("level"),
      ("The static check of `birds check --json` (without its file): objects that start "
       "overlapping each other or the ground deeper than `tolerance`, and objects outside the "
       "level; `ok` when there are none." +
       keywords_doc(birds::CheckSettings{}))
          .c_str());
  m.def(
      "diversity",
      [](const std::vector<birds::Level>& levels, const py::kwargs& kwargs) {
        auto s = apply_kwargs(birds::DiversitySettings{}, kwargs);
        s.validate();
        // Seconds for a few hundred levels: without the GIL, and Ctrl-C stops it.
        CancelToken token;
        const auto d = run_cancellable(
            token, [&] { return birds::set_diversity(levels, s.cell, token.flag()); });
        auto j = birds::diversity_json(d, {}, s.cell, s.matrix);
        j.erase("files");  // levels, not files
        return to_python(j).cast<py::dict>();
      },
      py::arg("levels"),
      ("Pairwise distances of a set of levels (silhouettes on a grid, counts of objects), as "
       "`birds diversity --json` measures them, in its shape (without `files`): structural, "
       "counts, level and blocks as {mean, min, max}, the pigs' and pieces' counts; matrix=True "
       "adds structural_matrix and count_matrix. Runs without the GIL; Ctrl-C stops it with "
       "KeyboardInterrupt." +
       keywords_doc(birds::DiversitySettings{}))
          .c_str());
  add_birds_generate(m);
  add_birds_play(m);
}

}  // namespace evoplay::python
