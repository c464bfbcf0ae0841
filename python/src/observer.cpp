#include "observer.hpp"

namespace evoplay::python {

py::dict record_dict(const GenerationRecord& r) {
  py::dict d;
  d["generation"] = r.generation;
  d["evaluations"] = r.evaluations;
  d["best"] = r.best;
  d["mean"] = r.mean;
  d["worst"] = r.worst;
  d["diversity"] = r.diversity;
  d["elapsed"] = r.elapsed;
  for (const auto& [name, value] : r.extra) d[py::str(name)] = value;
  return d;
}

void PyObserver::on_generation(const GenerationRecord& record) {
  if (callback_.is_none()) {
    if (PyGILState_Check() && PyErr_CheckSignals() != 0) throw py::error_already_set();
    return;
  }
  py::gil_scoped_acquire gil;
  if (PyErr_CheckSignals() != 0) throw py::error_already_set();
  const py::object answer = callback_(record_dict(record));
  if (answer.is(py::bool_(false))) token_.cancel();
}

}  // namespace evoplay::python
