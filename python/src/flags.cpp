// evoplay.flags: capture the flag on a map, as an environment, and its bots.
#include <filesystem>
#include <string>

#include "evoplay/games/flags/bots.hpp"
#include "evoplay/games/flags/map.hpp"
#include "evoplay/games/flags/render.hpp"
#include "evoplay/games/flags/state.hpp"
#include "evoplay/games/flags/text.hpp"
#include "games.hpp"

namespace evoplay::python {

namespace fl = games::flags;

namespace {

/// Observation planes, in order (flags.State.observation).
enum Plane {
  kTeamA,
  kTeamB,
  kFloor,
  kMud,
  kWall,
  kRock,
  kFlagA,
  kFlagB,
  kEnergyA,
  kEnergyB,
  kPlanes
};

py::array_t<float> observation(const fl::State& s) {
  const fl::Map& map = s.map();
  auto a =
      planes(kPlanes, static_cast<std::size_t>(map.height), static_cast<std::size_t>(map.width));
  auto v = a.mutable_unchecked<3>();
  for (int i = 0; i < map.cell_count(); ++i) {
    const int r = map.row_of(i), c = map.col_of(i);
    const auto terrain = static_cast<int>(s.cell(i));  // floor, mud, wall, rock, flag A, flag B
    v(kFloor + terrain, r, c) = 1.0f;
    if (const int slot = s.occupant(i); slot >= 0) {
      const int team = slot / fl::kMaxPlayers;
      v(kTeamA + team, r, c) = 1.0f;
      const auto& p = s.player(team, slot % fl::kMaxPlayers);
      v(kEnergyA + team, r, c) = static_cast<float>(p.energy) / static_cast<float>(map.energy);
    }
  }
  return a;
}

py::bytes state_png(const fl::State& s) {
  return written_bytes(
      ".png", [&](const std::filesystem::path& path) { fl::save_state_picture(path, s, ""); });
}

}  // namespace

void add_flags(py::module_& root) {
  auto m = root.def_submodule("flags", "Capture the flag: maps, states, bots");
  py::class_<fl::State> state(m, "State",
                              "A capture-the-flag position. A move is player * 8 + action "
                              "(player 0-3 of the side to move; actions n, e, s, w, rest, "
                              "attack, dig = 0-6); move_name() spells it.");
  state
      .def_static(
          "from_map",
          [](const std::string& path_or_text) {
            const bool text = path_or_text.find('\n') != std::string::npos;
            return fl::State(text ? fl::parse_map(path_or_text, "<text>")
                                  : fl::load_map(path_or_text));
          },
          py::arg("path_or_text"),
          "The start of a game on a map: a map file's path, or the map's text (docs/flags.md).")
      .def("__str__", &fl::State::to_text)
      .def("__repr__",
           [](const fl::State& s) {
             return "<flags.State " + s.map().name + ", ply " + std::to_string(s.ply()) + ">";
           })
      .def("png", &state_png, "A picture of the position (PNG bytes).")
      .def("_repr_png_", &state_png)
      .def_property_readonly("ply", &fl::State::ply)
      .def_property_readonly("width", [](const fl::State& s) { return s.map().width; })
      .def_property_readonly("height", [](const fl::State& s) { return s.map().height; })
      .def("captured", &fl::State::captured, py::arg("team"),
           "Enemy flags captured by `team` (0 = A, 1 = B).")
      .def("total_energy", &fl::State::total_energy, py::arg("team"))
      .def_static(
          "move_name",
          [](int m) {
            // A move is player * 8 + action: players 0-3, actions 0-6 (so 30 is player 4's dig).
            const int last = fl::State::make_move(fl::kMaxPlayers - 1, fl::kActions - 1);
            if (m < 0 || m > last ||
                fl::State::action_of(static_cast<fl::State::Move>(m)) >= fl::kActions)
              throw py::value_error(fmt::format(
                  "move: expected player * 8 + action (players 0 to {}, actions 0 to {}), found {}",
                  fl::kMaxPlayers - 1, fl::kActions - 1, m));
            return fl::State::move_name(static_cast<fl::State::Move>(m));
          },
          py::arg("move"), "\"1n\", \"2dig\" (player numbers from 1).")
      .def(
          "parse_move",
          [](const fl::State& s, const std::string& text) {
            fl::State::Move move = 0;
            std::string why;
            if (!fl::parse_move(s, text, move, why)) throw py::value_error(why);
            return static_cast<int>(move);
          },
          py::arg("text"), "The move of \"1 n\", \"2 dig\" for the side to move.")
      .def("observation", &observation,
           "float32 array (10, height, width): planes team A players, team B players, floor, "
           "mud, wall, rock, flag A, flag B (flags not captured), energy of A's and of B's "
           "players (as a share of the starting energy).");
  add_state_methods(state);
  add_bot_class(m, state, [] { return fl::bots(); });
}

}  // namespace evoplay::python
