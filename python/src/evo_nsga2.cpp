// evoplay.evo.NSGA2: several objectives over a problem written in Python, whose fitness(genome)
// returns one number per objective (src/evoplay/evo/nsga2.hpp is the engine; the genome kinds
// and operators are the GA's).
#include "evo_nsga2.hpp"

#include <fmt/format.h>
#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "evo_keywords.hpp"
#include "evo_operators.hpp"
#include "evo_problem.hpp"
#include "evoplay/evo/nsga2.hpp"
#include "evoplay/evo/problems/circle_tsp.hpp"
#include "evoplay/evo/problems/onemax.hpp"
#include "fields.hpp"

namespace evoplay::python {

namespace {

using Doubles = py::array_t<double, py::array::c_style | py::array::forcecast>;

/// A Python problem of several objectives as the engine's MultiObjectiveProblem: the genome as
/// PyProblem draws and checks it, the objectives from fitness(genome) (or fitness_batch, or
/// map= over fitness), each turned to "minimise" by its sign, and violation(genome) when the
/// problem defines it.
template <class G>
class PyMultiProblem {
 public:
  using Genome = G;

  PyMultiProblem(const py::object& problem, GenomeShape shape, std::size_t m,
                 std::vector<double> sign, py::object map)
      : genomes_(problem, shape, map),
        fitness_(py::getattr(problem, "fitness", py::none())),
        batch_(py::getattr(problem, "fitness_batch", py::none())),
        violation_(py::getattr(problem, "violation", py::none())),
        map_(std::move(map)),
        m_(m),
        sign_(std::move(sign)) {}

  std::size_t objectives() const { return m_; }
  const std::vector<double>& sign() const { return sign_; }
  Genome random_genome(Rng& rng) const { return genomes_.random_genome(rng); }
  void check(const Genome& g) const { genomes_.check(g); }

  evo::Objectives evaluate(const Genome& g) const {
    const Genome* one[] = {&g};
    evo::Objectives out;
    evaluate_batch(one, std::span<evo::Objectives>(&out, 1));
    return out;
  }

  void evaluate_batch(std::span<const Genome* const> genomes,
                      std::span<evo::Objectives> out) const {
    const std::size_t n = genomes.size();
    if (!batch_.is_none()) {
      using T =
          std::conditional_t<std::is_same_v<typename G::value_type, double>, double, std::int64_t>;
      py::array_t<T> rows({n, genomes_.shape().size});
      T* data = rows.mutable_data();
      for (std::size_t i = 0; i < n; ++i) {
        std::copy(genomes[i]->begin(), genomes[i]->end(), data + i * genomes_.shape().size);
      }
      read(batch_(rows), "fitness_batch", out);
    } else {
      py::list lists(n);
      for (std::size_t i = 0; i < n; ++i) lists[i] = py::cast(*genomes[i]);
      if (!map_.is_none()) {
        read(map_(fitness_, lists), "map(fitness, genomes)", out);
      } else {
        py::list values(n);
        for (std::size_t i = 0; i < n; ++i) values[i] = fitness_(lists[i]);
        read(values, "fitness", out);
      }
    }
    if (!violation_.is_none()) {
      for (std::size_t i = 0; i < n; ++i) {
        out[i].violation = violation_(py::cast(*genomes[i])).template cast<double>();
      }
    }
  }

 private:
  // One row of m numbers per genome, into `out` (signed to minimise).
  void read(const py::object& values, const char* source, std::span<evo::Objectives> out) const {
    const py::object seq = py::isinstance<py::array>(values) ? values : py::list(values);
    auto a = Doubles::ensure(seq);
    if (!a || a.ndim() != 2 || static_cast<std::size_t>(a.shape(0)) != out.size() ||
        static_cast<std::size_t>(a.shape(1)) != m_) {
      PyErr_Clear();
      throw py::value_error(
          fmt::format("{} must give {} numbers (one per objective) for each genome, found {}",
                      source, m_, py::repr(values).cast<std::string>().substr(0, 80)));
    }
    for (std::size_t i = 0; i < out.size(); ++i) {
      out[i].values.resize(m_);
      for (std::size_t k = 0; k < m_; ++k) out[i].values[k] = sign_[k] * a.at(i, k);
    }
  }

  PyProblem<G> genomes_;
  py::object fitness_, batch_, violation_, map_;
  std::size_t m_;
  std::vector<double> sign_;  // -1 for an objective to maximise
};

/// What NSGA2 found: the Pareto front of its last population, that population, its counters.
struct PyNsga2Result {
  py::object front, population;
  std::size_t generations = 0;
  std::uint64_t evaluations = 0;
  std::string stop_reason;
  double seconds = 0;
  py::list history;
};

template <class G>
PyNsga2Result to_python(std::span<const G> pop, std::span<const evo::Objectives> obj,
                        std::span<const std::size_t> rank, const std::vector<evo::Nsga2Record>& h,
                        const std::vector<double>& sign, std::size_t generations,
                        std::uint64_t evaluations, evo::StopReason stop, double seconds) {
  auto front_of = [&](std::size_t count) {
    py::list genomes, objectives, violations;
    for (std::size_t i = 0; i < count; ++i) {
      genomes.append(py::cast(pop[i]));
      std::vector<double> v(obj[i].values);
      for (std::size_t k = 0; k < v.size(); ++k) v[k] *= sign[k];
      objectives.append(py::cast(v));
      violations.append(obj[i].violation);
    }
    return py::module_::import("evoplay.population").attr("Front")(genomes, objectives, violations);
  };
  std::size_t front = 0;
  while (front < rank.size() && rank[front] == 0) ++front;
  PyNsga2Result r;
  r.front = front_of(front);
  r.population = front_of(pop.size());
  r.generations = generations;
  r.evaluations = evaluations;
  r.stop_reason = std::string(evo::stop_reason_name(stop));
  r.seconds = seconds;
  for (const auto& rec : h) {
    py::dict d;
    d["generation"] = rec.generation;
    d["evaluations"] = rec.evaluations;
    d["front_size"] = rec.front_size;
    std::vector<double> best(rec.ideal);
    for (std::size_t k = 0; k < best.size(); ++k) best[k] *= sign[k];
    d["best"] = best;  // each objective's best value over the front
    r.history.append(d);
  }
  return r;
}

/// An NSGA-II run over a Python problem, one generation at a time.
class Nsga2Run {
 public:
  virtual ~Nsga2Run() = default;
  virtual void start() = 0;
  virtual void step() = 0;
  virtual bool done() = 0;
  virtual std::size_t generation() const = 0;
  virtual PyNsga2Result result() const = 0;
  virtual PyNsga2Result run() = 0;
};

template <class G, class C, class M>
class Nsga2RunOf : public Nsga2Run {
 public:
  using P = PyMultiProblem<G>;
  using Opt = evo::Nsga2<P, C, M>;
  Nsga2RunOf(std::unique_ptr<P> problem, const evo::Nsga2Params& params, C crossover, M mutation)
      : problem_(std::move(problem)),
        opt_(std::make_unique<Opt>(*problem_, params, std::move(crossover), std::move(mutation))) {}

  void start() override {
    if (started_) throw std::runtime_error("start() was already called");
    started_ = true;
    opt_->start();
    settle();
  }
  void step() override {
    if (!started_) throw std::runtime_error("call start() before step()");
    if (finished_) throw std::runtime_error("the run is done: result() gives what it found");
    opt_->step();
    settle();
  }
  bool done() override { return finished_ || (started_ && opt_->done()); }
  std::size_t generation() const override {
    return finished_ ? finished_->generations : opt_->generation();
  }
  PyNsga2Result result() const override {
    const auto& sign = problem_->sign();
    if (finished_) {
      const auto& f = *finished_;
      return to_python<G>(f.population, f.objectives, f.rank, f.history, sign, f.generations,
                          f.evaluations, f.stop, f.seconds);
    }
    if (!started_) throw std::runtime_error("call start() first: there is no population yet");
    return to_python<G>(opt_->population(), opt_->objectives(), opt_->rank(), opt_->history(), sign,
                        opt_->generation(), 0, evo::StopReason::kNone, 0);
  }
  PyNsga2Result run() override {
    if (finished_) throw std::runtime_error("the run is done: result() gives what it found");
    if (!started_) opt_->start();
    started_ = true;
    while (!opt_->done()) opt_->step();
    finished_ = opt_->finish();
    return result();
  }

 private:
  void settle() {
    if (!finished_ && opt_->done()) finished_ = opt_->finish();
  }

  std::unique_ptr<P> problem_;
  std::unique_ptr<Opt> opt_;
  bool started_ = false;
  std::optional<evo::Nsga2Result<G>> finished_;
};

/// How many objectives: the keyword, else problem.n_objectives (both: they must agree).
std::size_t objective_count(const py::object& problem, std::size_t given) {
  const bool declared = py::hasattr(problem, "n_objectives");
  if (!declared && given == 0) {
    throw fields::FieldError("objectives",
                             "say how many numbers fitness(genome) returns: NSGA2(problem, "
                             "objectives=2, ...) or an attribute n_objectives of the problem");
  }
  if (!declared) return given;
  const auto n = problem.attr("n_objectives").cast<long long>();
  if (n < 1 || n > 1000) throw py::value_error("problem.n_objectives must be from 1 to 1000");
  if (given != 0 && given != static_cast<std::size_t>(n)) {
    throw fields::FieldError("objectives",
                             fmt::format("{} given, but problem.n_objectives is {}", given, n));
  }
  return static_cast<std::size_t>(n);
}

/// +1 for each objective to minimise, -1 for each to maximise (problem.maximize: one flag for
/// all, or one per objective; absent: maximise, as for the GA).
std::vector<double> signs(const py::object& problem, std::size_t m) {
  const py::object flag = py::getattr(problem, "maximize", py::bool_(true));
  std::vector<double> sign(m);
  if (py::isinstance<py::sequence>(flag) && !py::isinstance<py::str>(flag)) {
    const auto flags = flag.cast<std::vector<bool>>();
    if (flags.size() != m) {
      throw py::value_error(fmt::format(
          "problem.maximize: one flag per objective expected ({}), found {}", m, flags.size()));
    }
    for (std::size_t k = 0; k < m; ++k) sign[k] = flags[k] ? -1 : 1;
  } else {
    std::fill(sign.begin(), sign.end(), flag.cast<bool>() ? -1.0 : 1.0);
  }
  return sign;
}

}  // namespace

void add_evo_nsga2(py::module_& m) {
  py::class_<PyNsga2Result>(m, "Nsga2Result",
                            "What NSGA2 found: the Pareto front of its last population (front: "
                            "genomes and objective vectors), that population, counters.")
      .def_readonly("front", &PyNsga2Result::front,
                    "The non-dominated genomes of the last population (an evoplay.evo.Front).")
      .def_readonly("population", &PyNsga2Result::population,
                    "The last population, best first (an evoplay.evo.Front).")
      .def_readonly("generations", &PyNsga2Result::generations)
      .def_readonly("evaluations", &PyNsga2Result::evaluations)
      .def_readonly("stop_reason", &PyNsga2Result::stop_reason)
      .def_readonly("seconds", &PyNsga2Result::seconds)
      .def_readonly("history", &PyNsga2Result::history,
                    "One dict per generation: generation, evaluations, front_size, best (each "
                    "objective's best value over the front).")
      .def("__repr__", [](const PyNsga2Result& r) {
        return fmt::format("<Nsga2Result front={} generations={} stop_reason={}>", py::len(r.front),
                           r.generations, r.stop_reason);
      });

  py::class_<Nsga2Run>(m, "Nsga2Run", "An NSGA-II run (made by NSGA2).")
      .def("start", &Nsga2Run::start, "Draws the first population (generation 0).")
      .def("step", &Nsga2Run::step, "One more generation.")
      .def("done", &Nsga2Run::done, "Whether a stopping rule holds.")
      .def_property_readonly("generation", &Nsga2Run::generation)
      .def("result", &Nsga2Run::result, "The result so far.")
      .def("run", &Nsga2Run::run, "Runs to the end (from where it is) and returns the result.");

  m.def(
      "NSGA2",
      [](const py::object& problem, const py::kwargs& kwargs) -> std::unique_ptr<Nsga2Run> {
        if (py::isinstance<evo::OneMax>(problem) || py::isinstance<evo::CircleTsp>(problem)) {
          throw py::type_error(
              "NSGA2 needs a problem written in Python whose fitness returns "
              "one number per objective (OneMax and CircleTsp have one)");
        }
        py::dict given(kwargs);
        py::object map = given.contains("map") ? given.attr("pop")("map") : py::none();
        const auto k = apply_kwargs(Nsga2Keywords{}, given);
        k.params.validate();
        if (k.params.threads != 1) {
          throw fields::FieldError("threads",
                                   "a problem written in Python evaluates on the calling thread "
                                   "(threads=1); give map= or define fitness_batch");
        }
        const GenomeShape shape = GenomeShape::of(problem, true);
        const std::size_t objectives = objective_count(problem, k.objectives);
        auto sign = signs(problem, objectives);
        const std::string xo = k.crossover.empty() ? default_crossover(shape.kind) : k.crossover;
        const std::string mu = k.mutation.empty() ? default_mutation(shape.kind) : k.mutation;
        auto build = [&](auto owned, auto crossover, auto mutation) -> std::unique_ptr<Nsga2Run> {
          using G = typename decltype(owned)::element_type::Genome;
          return std::make_unique<Nsga2RunOf<G, decltype(crossover), decltype(mutation)>>(
              std::move(owned), k.params, std::move(crossover), std::move(mutation));
        };
        if (shape.kind == GenomeKind::kReals) {
          return build(std::make_unique<PyMultiProblem<std::vector<double>>>(
                           problem, shape, objectives, std::move(sign), map),
                       real_crossover(xo), real_mutation(mu, shape));
        }
        return build(std::make_unique<PyMultiProblem<std::vector<int>>>(problem, shape, objectives,
                                                                        std::move(sign), map),
                     int_crossover(xo, shape.kind), int_mutation(mu, shape));
      },
      py::arg("problem"),
      ("NSGA-II over a Python problem whose fitness(genome) returns one number per objective "
       "(how many: objectives= or problem.n_objectives). Directions: problem.maximize, one flag "
       "for all objectives or a list of one per objective (absent: maximise, as for GA); the "
       "front's objective values are as fitness returns them. A problem may define "
       "violation(genome) -> float (0: feasible): feasible genomes come first, then less "
       "violation (Deb's rule). fitness_batch(genomes) (a 2-D numpy array in, an array of "
       "one row per genome out) and map= work as for GA. Genome kinds and operators are the "
       "GA's. Returns an Nsga2Run: .run() gives the result with .front." +
       keywords_doc(Nsga2Keywords{}))
          .c_str());
}

}  // namespace evoplay::python
