#pragma once
// Pickling of the module's value types (pickle, copy, multiprocessing): the state a type gives
// to __getstate__ is a compact tuple, and __setstate__ checks every item, so that a malformed
// state is a ValueError naming the item, never a crash.
//
// Why it exists: the value types are C++ objects; without these methods Python refuses to pickle
// them ("cannot pickle 'State' object"), so a multiprocessing pool could not take a position, a
// level or a result. The types that hold only plain members pickle through pickle_members(); the
// games' states and levels have their own compact states (pickling_games.cpp,
// pickling_systems.cpp, pickling_evo.cpp).

#include <fmt/format.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <array>
#include <cstddef>
#include <string>
#include <type_traits>
#include <utility>

namespace evoplay::python {

namespace py = pybind11;

/// The ValueError of a state __setstate__ cannot use: "<type> state: <what>".
[[noreturn]] inline void bad_state(const char* type, const std::string& what) {
  throw py::value_error(fmt::format("{} state: {}", type, what));
}

/// A state tuple as __getstate__ returns it (pybind11 wants the type __setstate__ takes: object).
template <class... A>
py::object state_of(A&&... items) {
  return py::make_tuple(std::forward<A>(items)...);
}

/// `state` as a tuple of `n` items (ValueError otherwise).
inline py::tuple state_tuple(const py::handle& state, const char* type, std::size_t n) {
  if (!py::isinstance<py::tuple>(state)) {
    bad_state(type, fmt::format(
                        "expected a tuple of {} items, found {}", n,
                        py::str(py::type::handle_of(state).attr("__name__")).cast<std::string>()));
  }
  auto t = py::reinterpret_borrow<py::tuple>(state);
  if (t.size() != n) bad_state(type, fmt::format("expected {} items, found {}", n, t.size()));
  return t;
}

/// Item `i` (called `name`) of a state tuple as T: ValueError when it is not one.
template <class T>
T state_item(const py::tuple& t, std::size_t i, const char* type, const char* name) {
  const py::object v = t[i];
  if constexpr (std::is_base_of_v<py::object, T>) {
    if (py::isinstance<T>(v)) return py::reinterpret_borrow<T>(v);
  } else {
    try {
      return v.cast<T>();
    } catch (const py::cast_error&) {
    }
  }
  bad_state(type, fmt::format("item {} ({}) cannot be {}: {}", i, name,
                              std::is_same_v<T, std::string> ? "a str" : "read",
                              py::repr(v).cast<std::string>().substr(0, 80)));
}

/// py::pickle of a default-constructible struct by its members, as a tuple in their order:
/// `.def(pickle_members<PyRunResult>("RunResult", {"best", ...}, &PyRunResult::best, ...))`.
template <class T, class... M>
auto pickle_members(const char* type, std::array<const char*, sizeof...(M)> names,
                    M T::*... members) {
  return py::pickle([members...](const T& v) { return state_of(v.*members...); },
                    [type, names, members...](const py::object& state) {
                      const py::tuple t = state_tuple(state, type, sizeof...(M));
                      T v;
                      std::size_t i = 0;
                      ((v.*members = state_item<M>(t, i, type, names[i]), ++i), ...);
                      return v;
                    });
}

/// The class `name` already registered in `module`, to add methods to (py::class_ over it).
template <class T>
py::class_<T> registered_class(const py::object& module, const char* name) {
  return py::class_<T>(py::reinterpret_borrow<py::object>(module.attr(name)));
}

/// Makes pickling `cls` a TypeError saying `why` (a type that holds a live computation or a
/// Python function: what to pickle instead belongs in `why`).
inline void refuse_pickling(const py::object& cls, const std::string& why) {
  const std::string name = py::str(cls.attr("__name__"));
  cls.attr("__reduce_ex__") = py::cpp_function(
      [name, why](const py::object&, const py::object&) -> py::object {
        throw py::type_error(fmt::format("cannot pickle a {}: {}", name, why));
      },
      py::is_method(cls), py::arg("protocol"));
}

void add_game_pickling(py::module_& root);    // pickling_games.cpp: states and bots
void add_system_pickling(py::module_& root);  // pickling_systems.cpp: puzzles and levels
void add_evo_pickling(py::module_& root);     // pickling_evo.cpp: native problems, Run refused

}  // namespace evoplay::python
