#pragma once
// A problem written in Python, as the evo engine's Problem (and ACO's ConstructionProblem).
//
// Why it exists: pygmo and DEAP users write a fitness function in Python; this adapter gives
// the engine what it needs from such an object: the genome kind and length (and bounds), a
// random genome drawn from the engine's Rng (so runs are seeded exactly as native ones: a bit
// string is drawn bit by bit as OneMax draws it), the fitness through one Python call, the
// direction, and a distance for the diversity column. The caller holds the GIL.

#include <pybind11/pybind11.h>

#include <algorithm>
#include <cmath>
#include <numeric>
#include <string>
#include <vector>

#include "evoplay/core/rng.hpp"
#include "evoplay/evo/problem.hpp"

namespace evoplay::python {

namespace py = pybind11;

enum class GenomeKind { kBits, kInts, kReals, kPermutation };

/// "bits", "ints", "reals", "permutation" (TypeError for anything else).
GenomeKind genome_kind(const std::string& name);
std::string genome_kind_name(GenomeKind kind);

/// What a Python problem declares about its genomes.
struct GenomeShape {
  GenomeKind kind = GenomeKind::kBits;
  std::size_t size = 0;
  double low = 0, high = 1;  // ints and reals: each gene in [low, high]
  evo::Direction direction = evo::Direction::maximize;

  /// Reads genome, size, low, high and maximize from `problem` (TypeError or ValueError naming
  /// what is missing or wrong).
  static GenomeShape of(const py::object& problem);
};

template <class G>
class PyProblem {
 public:
  using Genome = G;
  PyProblem(py::object problem, GenomeShape shape)
      : problem_(std::move(problem)), fitness_(problem_.attr("fitness")), shape_(shape) {}

  const GenomeShape& shape() const { return shape_; }
  const py::object& object() const { return problem_; }

  Genome random_genome(Rng& rng) const {
    Genome g(shape_.size);
    switch (shape_.kind) {
      case GenomeKind::kBits:
        for (auto& b : g) b = static_cast<typename G::value_type>(rng.below(2));
        break;
      case GenomeKind::kInts:
        for (auto& v : g) {
          v = static_cast<typename G::value_type>(rng.between(
              static_cast<std::int64_t>(shape_.low), static_cast<std::int64_t>(shape_.high)));
        }
        break;
      case GenomeKind::kReals:
        for (auto& v : g)
          v = static_cast<typename G::value_type>(rng.uniform(shape_.low, shape_.high));
        break;
      case GenomeKind::kPermutation:
        std::iota(g.begin(), g.end(), 0);
        rng.shuffle(g);
        break;
    }
    return g;
  }

  double evaluate(const Genome& g) const {
    // The list through the C API: this is the hot path of a Python fitness.
    auto genome = py::reinterpret_steal<py::list>(PyList_New(static_cast<Py_ssize_t>(g.size())));
    if (!genome) throw py::error_already_set();
    for (std::size_t i = 0; i < g.size(); ++i) {
      PyList_SET_ITEM(genome.ptr(), static_cast<Py_ssize_t>(i), to_python(g[i]));
    }
    PyObject* f = PyObject_CallOneArg(fitness_.ptr(), genome.ptr());
    if (f == nullptr) throw py::error_already_set();
    const double value = PyFloat_AsDouble(f);
    Py_DECREF(f);
    if (value == -1.0 && PyErr_Occurred()) throw py::error_already_set();
    return value;
  }

  evo::Direction direction() const { return shape_.direction; }

  /// The share of genes that differ (reals: the mean difference over the range).
  double distance(const Genome& a, const Genome& b) const {
    if (a.empty()) return 0;
    double d = 0;
    const double range = shape_.high > shape_.low ? shape_.high - shape_.low : 1.0;
    for (std::size_t i = 0; i < a.size() && i < b.size(); ++i) {
      if (shape_.kind == GenomeKind::kReals) {
        d += std::abs(static_cast<double>(a[i]) - static_cast<double>(b[i])) / range;
      } else {
        d += a[i] != b[i];
      }
    }
    return d / static_cast<double>(a.size());
  }

  // ACO's construction graph: one stage per gene; bits and ints: one option per value;
  // permutation: stage = position, option = item, each item once (exclusive options).
  std::size_t stages() const { return shape_.size; }
  std::size_t options(std::size_t) const {
    if (shape_.kind == GenomeKind::kPermutation) return shape_.size;
    return static_cast<std::size_t>(shape_.high - shape_.low) + 1;
  }
  double heuristic(std::size_t, std::size_t) const { return 1.0; }
  bool exclusive_options() const { return shape_.kind == GenomeKind::kPermutation; }
  Genome build(std::span<const int> choices) const {
    const double offset = shape_.kind == GenomeKind::kPermutation ? 0.0 : shape_.low;
    Genome g(choices.size());
    for (std::size_t i = 0; i < choices.size(); ++i) {
      g[i] = static_cast<typename G::value_type>(offset + choices[i]);
    }
    return g;
  }

 private:
  static PyObject* to_python(int v) { return PyLong_FromLong(v); }
  static PyObject* to_python(double v) { return PyFloat_FromDouble(v); }

  py::object problem_;
  py::object fitness_;
  GenomeShape shape_;
};

}  // namespace evoplay::python
