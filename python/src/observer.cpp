#include "observer.hpp"

#include "bindings.hpp"

namespace evoplay::python {

py::dict record_dict(const GenerationRecord& r) { return to_python(r.to_json()); }

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
