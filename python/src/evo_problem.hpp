#pragma once
// A problem written in Python, as the evo engine's Problem (and ACO's ConstructionProblem).
//
// Why it exists: pygmo and DEAP users write a fitness function in Python; this adapter gives
// the engine what it needs from such an object: the genome kind and length (and bounds), a
// random genome drawn from the engine's Rng (so runs are seeded exactly as native ones: a bit
// string is drawn bit by bit as OneMax draws it), the fitness through one Python call, the
// direction, and a distance for the diversity column. The caller holds the GIL.
// Many genomes at once (evaluate_batch, what the optimisers call for a generation's new
// genomes): the problem's fitness_batch(array) if it has one, else map(fitness, genomes) when
// the run was given a map (a process pool's), else one fitness call per genome.

#include <fmt/format.h>
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <cstdint>
#include <numeric>
#include <span>
#include <string>
#include <type_traits>
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
  /// what is missing or wrong). `several_objectives`: maximize may be one flag per objective
  /// (read by NSGA2; the direction is then left at maximize).
  static GenomeShape of(const py::object& problem, bool several_objectives = false);
};

template <class G>
class PyProblem {
 public:
  using Genome = G;
  /// `map`: None, or map(function, genomes) -> iterable of fitnesses.
  PyProblem(py::object problem, GenomeShape shape, py::object map = py::none())
      : problem_(std::move(problem)),
        fitness_(py::getattr(problem_, "fitness", py::none())),
        batch_(py::getattr(problem_, "fitness_batch", py::none())),
        map_(std::move(map)),
        shape_(shape) {
    if (!batch_.is_none() && !map_.is_none()) {
      throw py::value_error(
          "map= and a problem with fitness_batch: give one of them (fitness_batch already sees "
          "a whole generation; map= spreads fitness(genome) calls)");
    }
  }

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
    if (!batch_.is_none()) {
      const Genome* one[] = {&g};
      double f = 0;
      evaluate_batch(one, std::span<double>(&f, 1));
      return f;
    }
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

  /// The fitness of each genome: one fitness_batch call, one map call, or a fitness call each.
  void evaluate_batch(std::span<const Genome* const> genomes, std::span<double> out) const {
    if (!batch_.is_none()) {
      using T =
          std::conditional_t<std::is_same_v<typename G::value_type, double>, double, std::int64_t>;
      py::array_t<T> rows({genomes.size(), shape_.size});
      T* data = rows.mutable_data();
      for (std::size_t i = 0; i < genomes.size(); ++i) {
        std::copy(genomes[i]->begin(), genomes[i]->end(), data + i * shape_.size);
      }
      read_fitnesses(batch_(rows), "fitness_batch", out);
    } else if (!map_.is_none()) {
      py::list lists(genomes.size());
      for (std::size_t i = 0; i < genomes.size(); ++i) lists[i] = genome_list(*genomes[i]);
      read_fitnesses(map_(fitness_, lists), "map(fitness, genomes)", out);
    } else {
      for (std::size_t i = 0; i < genomes.size(); ++i) out[i] = evaluate(*genomes[i]);
    }
  }

  /// ValueError unless `g` is a genome of this problem (its size, its values).
  void check(const Genome& g) const {
    if (g.size() != shape_.size) {
      throw py::value_error(
          fmt::format("a genome of this problem has {} genes, found {}", shape_.size, g.size()));
    }
    if (shape_.kind == GenomeKind::kPermutation) {
      std::vector<char> seen(g.size(), 0);
      for (const auto v : g) {
        if (v < 0 || static_cast<std::size_t>(v) >= g.size() || seen[v]++) {
          throw py::value_error(
              fmt::format("a genome of this problem is a permutation of 0..{}", shape_.size - 1));
        }
      }
      return;
    }
    const double low = shape_.kind == GenomeKind::kBits ? 0 : shape_.low;
    const double high = shape_.kind == GenomeKind::kBits ? 1 : shape_.high;
    for (const auto v : g) {
      if (!(static_cast<double>(v) >= low && static_cast<double>(v) <= high)) {
        throw py::value_error(
            fmt::format("a gene of this problem is from {} to {}, found {}", low, high, v));
      }
    }
  }

  evo::Direction direction() const { return shape_.direction; }

  /// The share of genes that differ (reals: the mean difference over the range).
  double distance(const Genome& a, const Genome& b) const {
    if (a.empty()) return 0;
    const std::size_t n = std::min(a.size(), b.size());
    if (shape_.kind != GenomeKind::kReals) {  // a count of differing genes (exact in a double)
      const auto* x = a.data();
      const auto* y = b.data();
      unsigned differ = 0;  // a 32-bit count: the loop vectorises
      for (std::size_t i = 0; i < n; ++i) differ += static_cast<unsigned>(x[i] != y[i]);
      return static_cast<double>(differ) / static_cast<double>(a.size());
    }
    double d = 0;
    const double range = shape_.high > shape_.low ? shape_.high - shape_.low : 1.0;
    for (std::size_t i = 0; i < n; ++i) {
      d += std::abs(static_cast<double>(a[i]) - static_cast<double>(b[i])) / range;
    }
    return d / static_cast<double>(a.size());
  }

  /// A bit genome as 64-bit words (its other kinds: the genome itself), for the population's
  /// diversity: packed_distance is distance's count of differing genes by popcount. Up to 256
  /// genes the words are kept in place (no allocation per genome).
  struct PackedGenome {
    std::array<std::uint64_t, 4> small{};
    std::vector<std::uint64_t> big;
    std::size_t words = 0;  // 0 unless the genome is bits
    const Genome* genome = nullptr;
    const std::uint64_t* data() const { return words <= small.size() ? small.data() : big.data(); }
  };
  PackedGenome pack(const Genome& g) const {
    PackedGenome p;
    p.genome = &g;
    if (shape_.kind != GenomeKind::kBits) return p;
    p.words = (g.size() + 63) / 64;
    if (p.words > p.small.size()) p.big.assign(p.words, 0);
    auto* w = p.words <= p.small.size() ? p.small.data() : p.big.data();
    for (std::size_t i = 0; i < g.size(); ++i)
      w[i / 64] |= static_cast<std::uint64_t>(g[i] != 0) << (i % 64);
    return p;
  }
  double packed_distance(const PackedGenome& a, const PackedGenome& b) const {
    if (a.words == 0 || a.words != b.words || a.genome->size() != b.genome->size())
      return distance(*a.genome, *b.genome);
    const std::uint64_t* x = a.data();
    const std::uint64_t* y = b.data();
    unsigned differ = 0;
    for (std::size_t w = 0; w < a.words; ++w)
      differ += static_cast<unsigned>(std::popcount(x[w] ^ y[w]));
    return static_cast<double>(differ) / static_cast<double>(a.genome->size());
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
  static py::list genome_list(const Genome& g) {
    py::list l(g.size());
    for (std::size_t i = 0; i < g.size(); ++i) {
      l[i] = py::reinterpret_steal<py::object>(to_python(g[i]));
    }
    return l;
  }

  // `values` (a sequence or array of numbers, one per genome) into `out`.
  static void read_fitnesses(const py::object& values, const char* source, std::span<double> out) {
    using Doubles = py::array_t<double, py::array::c_style | py::array::forcecast>;
    // An iterator (map's) is read once, into a list.
    const py::object seq = py::isinstance<py::array>(values) ? values : py::list(values);
    auto a = Doubles::ensure(seq);
    if (!a || a.ndim() != 1 || static_cast<std::size_t>(a.size()) != out.size()) {
      PyErr_Clear();
      throw py::value_error(fmt::format("{} must give one number per genome: {} expected, found {}",
                                        source, out.size(),
                                        py::repr(values).cast<std::string>().substr(0, 80)));
    }
    std::copy(a.data(), a.data() + out.size(), out.begin());
  }

  static PyObject* to_python(int v) { return PyLong_FromLong(v); }
  static PyObject* to_python(double v) { return PyFloat_FromDouble(v); }

  py::object problem_;
  py::object fitness_;  // None when the problem has only fitness_batch
  py::object batch_;
  py::object map_;
  GenomeShape shape_;
};

}  // namespace evoplay::python
