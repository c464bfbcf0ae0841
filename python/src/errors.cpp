// evoplay::Error as evoplay.Error, a ValueError with the place of the fault (.file, .line,
// .column, .message); the library's JSON reports as Python objects; pictures as bytes.
#include <pybind11/stl.h>

#include "bindings.hpp"
#include "evoplay/core/atomic_file.hpp"
#include "evoplay/core/error.hpp"
#include "evoplay/core/fields.hpp"

namespace evoplay::python {

void add_errors(py::module_& m) {
  // Kept for the life of the process: the translator below raises it.
  static PyObject* error_type = nullptr;
  error_type = PyErr_NewExceptionWithDoc(
      "evoplay._evoplay.Error",
      "Bad input or bad usage (a ValueError). Attributes: file (str, '' when none), line and "
      "column (1-based, 0 when unknown), message (without the place).",
      PyExc_ValueError, nullptr);
  py::handle type(error_type);
  type.attr("file") = "";
  type.attr("line") = 0;
  type.attr("column") = 0;
  type.attr("message") = "";
  type.attr("__module__") = "evoplay";
  m.attr("Error") = type;
  py::register_exception_translator([](std::exception_ptr p) {
    try {
      if (p) std::rethrow_exception(p);
    } catch (const fields::FieldError& e) {
      // A setting, named as its keyword.
      const std::string message = fields::detail::snake(e.field()) + ": " + e.detail();
      py::object error = py::reinterpret_borrow<py::object>(error_type)(message);
      error.attr("file") = "";
      error.attr("line") = 0;
      error.attr("column") = 0;
      error.attr("message") = message;
      PyErr_SetObject(error_type, error.ptr());
    } catch (const Error& e) {
      py::object error = py::reinterpret_borrow<py::object>(error_type)(e.what());
      error.attr("file") = e.file();
      error.attr("line") = e.line();
      error.attr("column") = e.column();
      error.attr("message") = e.message();
      PyErr_SetObject(error_type, error.ptr());
    }
  });
}

evo::IslandParams island_params(std::size_t islands, std::size_t migration_interval,
                                std::size_t migrants, const std::string& topology) {
  evo::IslandParams p;
  p.islands = islands;
  p.interval = migration_interval;
  p.migrants = migrants;
  p.topology = evo::topology_from_name(topology);
  return p;
}

py::object to_python(const nlohmann::json& value) {
  // Kept for the life of the process (never destroyed after the interpreter has gone).
  static auto* loads = new py::object(py::module_::import("json").attr("loads"));
  return (*loads)(value.dump());
}

py::bytes written_bytes(const std::string& extension,
                        const std::function<void(const std::filesystem::path&)>& write) {
  return py::bytes(evoplay::written_bytes(extension, write));
}

}  // namespace evoplay::python
