#pragma once
// An optimiser's generations seen from Python: each record as a dict (the columns of
// history.csv), handed to a per-generation callback that may stop the run.
//
// Why it exists: the optimisers over Python problems, the Birds generator and any other call
// with an observer give Python the same callback: `callback(record)`, returning False stops.

#include <pybind11/pybind11.h>

#include "evoplay/core/cancel.hpp"
#include "evoplay/core/history.hpp"

namespace evoplay::python {

namespace py = pybind11;

/// A generation's record: generation, evaluations, best, mean, worst, diversity, elapsed and
/// the optimiser's extra columns.
py::dict record_dict(const GenerationRecord& r);

/// Hands each generation's record to the Python callback (holding the GIL, from whatever thread
/// the optimiser runs on); a callback that returns False cancels `token`. On the thread that
/// holds the GIL, a pending Ctrl-C raises.
class PyObserver : public Observer {
 public:
  PyObserver(py::object callback, CancelToken token)
      : callback_(std::move(callback)), token_(std::move(token)) {}
  void on_generation(const GenerationRecord& record) override;

 private:
  py::object callback_;
  CancelToken token_;
};

}  // namespace evoplay::python
