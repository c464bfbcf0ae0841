// Pickling of evoplay.evo's native problems (pickling.hpp): OneMax by its bits, CircleTsp by
// its construction (cities, radius, seed: the same seed places the same cities). A Run in
// progress holds a live optimiser (and a Python problem's functions) and is refused with a
// TypeError that says what to pickle instead; its RunResult pickles (evo.cpp).
#include <string>

#include "evoplay/evo/problems/circle_tsp.hpp"
#include "evoplay/evo/problems/onemax.hpp"
#include "pickling.hpp"

namespace evoplay::python {

void add_evo_pickling(py::module_& root) {
  const py::object evo_module = root.attr("evo");
  registered_class<evo::OneMax>(evo_module, "OneMax")
      .def(py::pickle([](const evo::OneMax& p) { return state_of(p.bits()); },
                      [](const py::object& state) {
                        const py::tuple t = state_tuple(state, "evo.OneMax", 1);
                        const auto bits = state_item<long long>(t, 0, "evo.OneMax", "bits");
                        return evo::OneMax(evo::OneMax::checked_bits(bits));
                      }));
  registered_class<evo::CircleTsp>(evo_module, "CircleTsp")
      .def(py::pickle(
          [](const evo::CircleTsp& p) { return state_of(p.cities(), p.radius(), p.seed()); },
          [](const py::object& state) {
            constexpr const char* kType = "evo.CircleTsp";
            const py::tuple t = state_tuple(state, kType, 3);
            const auto cities = state_item<long long>(t, 0, kType, "cities");
            return evo::CircleTsp(evo::CircleTsp::checked_cities(cities),
                                  state_item<double>(t, 1, kType, "radius"),
                                  state_item<std::uint64_t>(t, 2, kType, "seed"));
          }));
  const std::string why =
      "it holds a live optimiser and its problem's functions; pickle run.result() (a "
      "RunResult), or the problem and the keyword arguments, and make the run again in the "
      "other process (the same seed gives the same run)";
  refuse_pickling(evo_module.attr("Run"), why);
  if (py::hasattr(evo_module, "Nsga2Run")) refuse_pickling(evo_module.attr("Nsga2Run"), why);
}

}  // namespace evoplay::python
