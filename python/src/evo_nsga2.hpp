#pragma once
// evoplay.evo.NSGA2 (evo_nsga2.cpp): its bindings, added to the evo submodule by add_evo.

#include <pybind11/pybind11.h>

namespace evoplay::python {

void add_evo_nsga2(pybind11::module_& m);

}  // namespace evoplay::python
