// evoplay.birds.Play: a Science Birds level played shot by shot in the in-process Box2D
// simulation (the rules of `birds play`, docs/birds-play.md): shoot(angle, tap) fires the next
// bird and returns what the shot did.
//
// Why it exists: a learning agent (evoplay.envs' Angry Birds environment) chooses one shot at a
// time and sees the level as the shot left it; the library already keeps the game between shots
// (GameState), this only holds one.
#include <pybind11/stl.h>

#include <cmath>
#include <string>

#include "bindings.hpp"
#include "evoplay/games/birds/level.hpp"
#include "evoplay/games/birds/play_render.hpp"
#include "evoplay/games/birds/shot.hpp"

namespace evoplay::python {

namespace {

namespace bp = games::birds;

/// A level, its rules and the game between shots.
class PyBirdsPlay {
 public:
  explicit PyBirdsPlay(const bp::Level& level) : level_(level) {
    settings_.validate();
    state_ =
        run_cancellable(CancelToken{}, [this] { return bp::initial_state(level_, settings_); });
  }

  py::object shoot(double angle, double tap, double pull) {
    if (!std::isfinite(angle) || angle < -90 || angle > 90)
      throw py::value_error("angle: expected degrees from -90 to 90, found " +
                            std::to_string(angle));
    if (!std::isfinite(pull) || pull <= 0 || pull > 1)
      throw py::value_error("pull: expected more than 0 and at most 1, found " +
                            std::to_string(pull));
    if (!std::isfinite(tap) || tap > 20)
      throw py::value_error(
          "tap: expected seconds after the release up to 20 (negative: never), "
          "found " +
          std::to_string(tap));
    if (state_.status(level_) != bp::GameStatus::kPlaying)
      throw py::value_error("shoot: the game is over (" +
                            std::string(bp::status_name(state_.status(level_))) + ")");
    bp::Shot shot;
    shot.angle = angle;
    shot.tap = tap;
    shot.pull = pull;
    const auto record = run_cancellable(
        CancelToken{}, [&] { return bp::play_shot(level_, state_, shot, settings_); });
    return to_python(record.to_json(level_));
  }

  int score() const { return state_.score; }
  int birds_used() const { return state_.birds_used; }
  int birds_left() const { return state_.birds_left(level_); }
  int pigs_alive() const { return state_.pigs_alive(level_); }
  std::string status() const { return std::string(bp::status_name(state_.status(level_))); }
  bp::Level level() const { return bp::level_in_state(level_, state_); }
  const bp::Level& start() const { return level_; }

 private:
  bp::Level level_;
  bp::PlaySettings settings_;
  bp::GameState state_;
};

}  // namespace

void add_birds_play(py::module_& m) {
  py::class_<PyBirdsPlay>(m, "Play",
                          "A level played shot by shot with the game's rules (the level settles "
                          "first, as `birds play` does).")
      .def(py::init<const bp::Level&>(), py::arg("level"))
      .def("shoot", &PyBirdsPlay::shoot, py::arg("angle"), py::arg("tap") = bp::Shot{}.tap,
           py::arg("pull") = bp::Shot{}.pull,  // the declared defaults (never, full power)
           "Fires the next bird at `angle` degrees (0 right, 90 up), tapping its ability `tap` "
           "seconds after the release (negative: never), pulled `pull` (0 to 1) of the way; "
           "runs the shot to its end without the GIL. Returns the shot's record (pigs_killed, "
           "score, status, ...). ValueError once the game is over.")
      .def_property_readonly("score", &PyBirdsPlay::score)
      .def_property_readonly("birds_used", &PyBirdsPlay::birds_used)
      .def_property_readonly("birds_left", &PyBirdsPlay::birds_left)
      .def_property_readonly("pigs_alive", &PyBirdsPlay::pigs_alive)
      .def_property_readonly("status", &PyBirdsPlay::status, "'playing', 'won' or 'lost'.")
      .def("level", &PyBirdsPlay::level, "The level as the shots left it (a birds.Level).")
      .def_property_readonly("start", &PyBirdsPlay::start, "The level as loaded.");
}

}  // namespace evoplay::python
