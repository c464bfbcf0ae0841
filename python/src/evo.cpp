// evoplay.evo: GA, CRO and ACO over problems written in Python (evo_problem.hpp) or native ones
// (OneMax, CircleTsp), run to the end or one generation at a time, seeded.
#include <fmt/format.h>
#include <pybind11/stl.h>

#include <cmath>
#include <limits>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "bindings.hpp"
#include "evo_keywords.hpp"
#include "evo_nsga2.hpp"
#include "evo_operators.hpp"
#include "evo_problem.hpp"
#include "evoplay/core/error.hpp"
#include "evoplay/evo/aco.hpp"
#include "evoplay/evo/cro.hpp"
#include "evoplay/evo/ga.hpp"
#include "evoplay/evo/problems/circle_tsp.hpp"
#include "evoplay/evo/problems/onemax.hpp"
#include "fields.hpp"
#include "observer.hpp"
#include "pickling.hpp"

namespace evoplay::python {

GenomeKind genome_kind(const std::string& name) {
  if (name == "bits") return GenomeKind::kBits;
  if (name == "ints") return GenomeKind::kInts;
  if (name == "reals") return GenomeKind::kReals;
  if (name == "permutation") return GenomeKind::kPermutation;
  throw py::type_error(
      fmt::format("genome kind '{}': expected 'bits', 'ints', 'reals' or 'permutation'", name));
}

std::string genome_kind_name(GenomeKind kind) {
  switch (kind) {
    case GenomeKind::kBits:
      return "bits";
    case GenomeKind::kInts:
      return "ints";
    case GenomeKind::kReals:
      return "reals";
    case GenomeKind::kPermutation:
      break;
  }
  return "permutation";
}

GenomeShape GenomeShape::of(const py::object& problem, bool several_objectives) {
  for (const char* attr : {"genome", "size", "fitness"}) {
    if (!py::hasattr(problem, attr) &&
        !(std::string(attr) == "fitness" && py::hasattr(problem, "fitness_batch"))) {
      throw py::type_error(fmt::format(
          "a problem needs attributes genome ('bits', 'ints', 'reals' or 'permutation'), size "
          "and a method fitness(genome); this one has no '{}' (see evoplay.evo.Problem)",
          attr));
    }
  }
  if (!py::isinstance<py::str>(problem.attr("genome"))) {
    throw py::type_error(
        "problem.genome must be a string: 'bits', 'ints', 'reals' or 'permutation'");
  }
  GenomeShape s;
  s.kind = genome_kind(problem.attr("genome").cast<std::string>());
  const auto size = problem.attr("size").cast<long long>();
  if (size < 1) throw py::value_error("problem.size must be at least 1");
  s.size = static_cast<std::size_t>(size);
  if (s.kind == GenomeKind::kInts || s.kind == GenomeKind::kReals) {
    if (!py::hasattr(problem, "low") || !py::hasattr(problem, "high")) {
      throw py::type_error("a problem of 'ints' or 'reals' needs bounds low and high");
    }
    for (const char* bound : {"low", "high"}) {
      const py::object v = problem.attr(bound);
      if (!py::isinstance<py::int_>(v) && !py::isinstance<py::float_>(v))
        throw py::type_error(fmt::format(
            "problem.{} must be a number (the same bound for every gene), found {}", bound,
            py::str(py::type::handle_of(v).attr("__name__")).cast<std::string>()));
    }
    s.low = problem.attr("low").cast<double>();
    s.high = problem.attr("high").cast<double>();
    if (!std::isfinite(s.low) || !std::isfinite(s.high))
      throw py::value_error(
          fmt::format("problem.low and problem.high must be finite numbers, "
                      "found {} and {}",
                      py::repr(problem.attr("low")).cast<std::string>(),
                      py::repr(problem.attr("high")).cast<std::string>()));
    if (!(s.low <= s.high)) throw py::value_error("problem.low must not exceed problem.high");
    if (s.kind == GenomeKind::kInts) {
      // An 'ints' genome holds C ints (32 bits).
      constexpr double kIntMax = std::numeric_limits<int>::max();
      for (const double b : {s.low, s.high}) {
        if (b != std::floor(b) || b < -kIntMax || b > kIntMax)
          throw py::value_error(fmt::format(
              "problem.low and problem.high of an 'ints' problem must be whole numbers from {} "
              "to {}, found {} and {}",
              -std::numeric_limits<int>::max(), std::numeric_limits<int>::max(),
              py::repr(problem.attr("low")).cast<std::string>(),
              py::repr(problem.attr("high")).cast<std::string>()));
      }
    }
  }
  const py::object max_flag = py::getattr(problem, "maximize", py::bool_(true));
  const bool per_objective = several_objectives && py::isinstance<py::sequence>(max_flag) &&
                             !py::isinstance<py::str>(max_flag);
  const bool maximize = per_objective || max_flag.cast<bool>();
  s.direction = maximize ? evo::Direction::maximize : evo::Direction::minimize;
  return s;
}

namespace {

py::object genome_to_python(const std::vector<int>& g) { return py::cast(g); }
py::object genome_to_python(const std::vector<double>& g) { return py::cast(g); }

/// A run's outcome for Python (evo::RunResult without the C++ types).
struct PyRunResult {
  py::object best;
  double best_fitness = 0;
  bool solved = false;
  std::size_t generations = 0;
  std::uint64_t evaluations = 0;
  std::string stop_reason;
  double seconds = 0;
  py::list history;
  std::string history_csv;

  py::dict to_dict() const {
    py::dict d;
    d["best"] = best;
    d["best_fitness"] = best_fitness;
    d["solved"] = solved;
    d["generations"] = generations;
    d["evaluations"] = evaluations;
    d["stop_reason"] = stop_reason;
    d["seconds"] = seconds;
    d["history"] = history;
    return d;
  }
};

template <class G>
PyRunResult to_python_result(const evo::RunResult<G>& r) {
  PyRunResult out;
  out.best = genome_to_python(r.best);
  out.best_fitness = r.best_fitness;
  out.solved = r.solved;
  out.generations = r.generations;
  out.evaluations = r.evaluations;
  out.stop_reason = std::string(evo::stop_reason_name(r.stop));
  out.seconds = r.seconds;
  for (const auto& row : r.history.rows) out.history.append(record_dict(row));
  out.history_csv = r.history.to_csv();
  return out;
}

/// A run of any optimiser over any problem, one generation at a time.
class Run {
 public:
  virtual ~Run() = default;
  virtual void start() = 0;
  virtual void step() = 0;
  virtual bool done() = 0;
  virtual std::size_t generation() const = 0;
  virtual PyRunResult result() const = 0;
  /// Runs from where it is to the end.
  virtual PyRunResult run() = 0;
  /// The current population (or the final one) as an evoplay.evo.Population.
  virtual py::object population() const = 0;
  /// Evaluates `genomes` and puts each in place of the worst individual (the GA's).
  virtual void inject(const py::object& genomes) = 0;
  /// Replaces the whole population (the GA's).
  virtual void set_population(const py::object& population) = 0;

  py::object problem = py::none();  // the Python object the run was made for
};

/// The genomes of `given` (a sequence of genomes, a 2-D numpy array, or a Population) as G,
/// each checked against `problem`; their fitnesses too when `given` is a Population.
template <class G, class P>
std::pair<std::vector<G>, std::vector<double>> genomes_from(const py::object& given,
                                                            const P& problem,
                                                            const char* argument) {
  py::object seq = given;
  std::vector<double> fitness;
  if (py::hasattr(given, "genomes") && py::hasattr(given, "fitnesses")) {
    seq = given.attr("genomes");
    fitness = given.attr("fitnesses").template cast<std::vector<double>>();
  }
  if (py::hasattr(seq, "tolist")) seq = seq.attr("tolist")();
  if (!py::isinstance<py::sequence>(seq) || py::isinstance<py::str>(seq)) {
    throw py::type_error(fmt::format(
        "{}: expected a list of genomes, a 2-D numpy array or an evoplay.evo.Population",
        argument));
  }
  std::vector<G> out;
  for (const py::handle row : seq) {
    try {
      out.push_back(row.cast<G>());
    } catch (const py::cast_error&) {
      throw py::type_error(
          fmt::format("{}: each genome must be a list of {}, found {}", argument,
                      std::is_same_v<typename G::value_type, double> ? "numbers" : "whole numbers",
                      py::repr(row).template cast<std::string>().substr(0, 60)));
    }
    try {
      problem.check(out.back());
    } catch (const Error& e) {
      throw py::value_error(fmt::format("{}: {}", argument, e.what()));
    } catch (const py::value_error& e) {
      throw py::value_error(fmt::format("{}: {}", argument, e.what()));
    }
  }
  if (!fitness.empty() && fitness.size() != out.size()) fitness.clear();
  return {std::move(out), std::move(fitness)};
}

/// An evoplay.evo.Population of `genomes` and `fitness`.
template <class G>
py::object make_population(const std::vector<G>& genomes, const std::vector<double>& fitness,
                           evo::Direction direction, const py::object& problem) {
  py::list gs(genomes.size());
  for (std::size_t i = 0; i < genomes.size(); ++i) gs[i] = genome_to_python(genomes[i]);
  return py::module_::import("evoplay.population")
      .attr("Population")(gs, py::cast(fitness),
                          py::arg("maximize") = direction == evo::Direction::maximize,
                          py::arg("problem") = problem);
}

template <class P, class Opt>
class RunOf : public Run {
 public:
  /// `make(problem, observer)` builds the optimiser. Native problems run without the GIL.
  /// `initial`: None, or the individuals a GA starts from (genomes or a Population).
  template <class Make>
  RunOf(std::unique_ptr<P> problem, bool native, CancelToken token, py::object callback, Make make,
        const py::object& initial = py::none())
      : problem_(std::move(problem)),
        native_(native),
        token_(std::move(token)),
        observer_(std::move(callback), token_),
        opt_(make(*problem_, &observer_)) {
    if (initial.is_none()) return;
    if constexpr (kGa) {
      initial_ = genomes_from<G>(initial, *problem_, "initial");
      if (initial_->first.size() > opt_->population().size()) {
        throw fields::FieldError(
            "initial",
            fmt::format("{} genomes for a population of {} (give population={} or "
                        "fewer genomes)",
                        initial_->first.size(), opt_->population().size(), initial_->first.size()));
      }
    }
  }

  void start() override {
    if (started_) throw std::runtime_error("start() was already called");
    started_ = true;
    native_ ? without_gil([this] { begin(); }) : begin();
    settle();
  }

  py::object population() const override {
    const auto dir = problem_->direction();
    if (finished_) return make_population(finished_->population, finished_->fitness, dir, problem);
    if (!started_) throw std::runtime_error("call start() first: there is no population yet");
    if constexpr (kGa) {
      const auto pop = opt_->population();
      const auto fit = opt_->fitness();
      return make_population(std::vector<G>(pop.begin(), pop.end()),
                             std::vector<double>(fit.begin(), fit.end()), dir, problem);
    } else {
      throw py::type_error(
          "population() of a run in progress is the GA's (a finished run of "
          "any optimiser gives its final population)");
    }
  }

  void inject(const py::object& genomes) override {
    if constexpr (kGa) {
      live("inject");
      auto given = genomes_from<G>(genomes, *problem_, "genomes").first;
      native_ ? without_gil([&] { opt_->inject(std::move(given)); })
              : opt_->inject(std::move(given));
    } else {
      (void)genomes;
      throw py::type_error("inject() is the GA's");
    }
  }

  void set_population(const py::object& population) override {
    if constexpr (kGa) {
      live("set_population");
      auto [genomes, fitness] = genomes_from<G>(population, *problem_, "population");
      if (genomes.size() != opt_->population().size()) {
        throw py::value_error(fmt::format("population: {} genomes for a population of {}",
                                          genomes.size(), opt_->population().size()));
      }
      opt_->set_population(std::move(genomes), std::move(fitness));
    } else {
      (void)population;
      throw py::type_error("set_population() is the GA's");
    }
  }
  void step() override {
    if (!started_) throw std::runtime_error("call start() before step()");
    if (finished_) throw std::runtime_error("the run is done: result() gives what it found");
    native_ ? without_gil([this] { opt_->step(); }) : opt_->step();
    settle();
  }
  bool done() override { return finished_ || (started_ && opt_->done()); }
  std::size_t generation() const override { return opt_->generation(); }
  PyRunResult result() const override {
    if (finished_) return to_python_result(*finished_);
    PyRunResult r = to_python_result(opt_->result());
    r.generations = opt_->generation();
    return r;
  }
  PyRunResult run() override {
    if (finished_) throw std::runtime_error("the run is done: result() gives what it found");
    auto to_end = [this] {
      if (!started_) begin();
      while (!opt_->done()) opt_->step();
    };
    if (native_) {
      run_cancellable(token_, to_end);
    } else {
      to_end();
    }
    started_ = true;
    finished_ = opt_->finish();
    return to_python_result(*finished_);
  }

 private:
  using G = typename P::Genome;
  static constexpr bool kGa = requires(Opt & o, std::vector<G> g) { o.inject(std::move(g)); };

  void begin() {
    if constexpr (kGa) {
      if (initial_) {
        opt_->start(std::move(initial_->first), std::move(initial_->second));
        initial_.reset();
        return;
      }
    }
    opt_->start();
  }

  void live(const char* what) const {
    if (!started_ || finished_) {
      throw std::runtime_error(fmt::format(
          "{}() needs a run in progress: after start() and before the end (a new run takes "
          "initial=)",
          what));
    }
  }

  /// Once the optimiser is done, its result with every counter (evaluations, seconds), as run()
  /// gives it.
  void settle() {
    if (!finished_ && opt_->done()) finished_ = opt_->finish();
  }

  template <class F>
  static void without_gil(F&& f) {
    py::gil_scoped_release release;
    f();
  }

  std::unique_ptr<P> problem_;
  bool native_;
  CancelToken token_;
  PyObserver observer_;
  std::unique_ptr<Opt> opt_;
  bool started_ = false;
  std::optional<evo::RunResult<typename P::Genome>> finished_;
  std::optional<std::pair<std::vector<G>, std::vector<double>>> initial_;
};

/// The keywords as settings, the callback taken out; the stopping rules cancel with `token`.
template <class K>
K keywords(K defaults, py::dict& given, const CancelToken& token,
           std::initializer_list<Renamed> renamed = {}) {
  K k = apply_kwargs(std::move(defaults), given, renamed);
  k.params.stop.cancel = token.flag();
  return k;
}

/// The `callback` keyword, taken out of `given` (None when not given).
py::object take_callback(py::dict& given) {
  return given.contains("callback") ? given.attr("pop")("callback") : py::none();
}

/// The native problems a Python object may be.
struct Problems {
  const evo::OneMax* onemax = nullptr;
  const evo::CircleTsp* tsp = nullptr;
  std::optional<GenomeShape> shape;  // a Python problem

  explicit Problems(const py::object& problem) {
    if (py::isinstance<evo::OneMax>(problem)) {
      onemax = problem.cast<const evo::OneMax*>();
    } else if (py::isinstance<evo::CircleTsp>(problem)) {
      tsp = problem.cast<const evo::CircleTsp*>();
    } else {
      shape = GenomeShape::of(problem);
    }
  }
  GenomeKind kind() const {
    return onemax ? GenomeKind::kBits : tsp ? GenomeKind::kPermutation : shape->kind;
  }
  GenomeShape int_shape() const {
    if (shape) return *shape;
    GenomeShape s;
    s.kind = kind();
    s.size = onemax ? onemax->bits() : tsp->cities();
    return s;
  }
};

/// The keywords that are Python objects, not settings: map= (map(fitness, genomes), e.g. a
/// process pool's) and initial= (the GA's first individuals).
struct Extras {
  py::object map = py::none();
  py::object initial = py::none();

  /// Takes them out of `given`; `initial` only where `with_initial`, elsewhere (CRO, ACO: no
  /// warm start in their engines) a TypeError saying so, from `algorithm`'s point of view.
  static Extras take(py::dict& given, bool with_initial, const char* algorithm = "evo.GA") {
    Extras e;
    if (given.contains("map")) e.map = given.attr("pop")("map");
    if (!e.map.is_none() && !PyCallable_Check(e.map.ptr())) {
      throw fields::FieldError("map",
                               "expected a callable map(function, genomes), such as "
                               "multiprocessing.Pool(...).map");
    }
    if (!with_initial && given.contains("initial")) {
      throw py::type_error(fmt::format(
          "{}() got initial=, but warm starts are the GA's: {} draws its first {} at random "
          "(seed= repeats it); start evo.GA(problem, ..., initial=...) from given genomes, or "
          "pass them to evo.evolve(evo.GA, population)",
          algorithm, algorithm, std::string_view(algorithm) == "evo.CRO" ? "reef" : "ants"));
    }
    if (with_initial && given.contains("initial")) e.initial = given.attr("pop")("initial");
    return e;
  }
};

/// A Python fitness is called on the thread that holds the GIL: threads= other than 1 with a
/// Python problem is refused (map= or fitness_batch is how it evaluates in parallel).
void check_python_threads(int threads, const Extras& extras) {
  if (threads != 1) {
    throw fields::FieldError(
        "threads",
        fmt::format("a problem written in Python evaluates on the calling thread (threads=1){}; "
                    "for parallel evaluation give map= (e.g. multiprocessing.Pool(...).map) or "
                    "define fitness_batch(genomes)",
                    extras.map.is_none() ? "" : ", map= is its parallelism"));
  }
}

/// Builds a GA or CRO run over `problem` whatever its kind: `make_opt(problem, crossover,
/// mutation, observer)` builds the optimiser for the problem type it is given.
template <template <class, class, class> class Opt, class Params>
std::unique_ptr<Run> make_variation_run(const py::object& problem, Params params,
                                        const std::string& crossover_name,
                                        const std::string& mutation_name, py::object callback,
                                        CancelToken token, const Extras& extras) {
  const Problems p(problem);
  const GenomeKind kind = p.kind();
  const std::string xo = crossover_name.empty() ? default_crossover(kind) : crossover_name;
  const std::string mu = mutation_name.empty() ? default_mutation(kind) : mutation_name;
  auto build = [&](auto owned, bool native, auto crossover, auto mutation) -> std::unique_ptr<Run> {
    using P = typename decltype(owned)::element_type;
    using O = Opt<P, decltype(crossover), decltype(mutation)>;
    std::unique_ptr<Run> run = std::make_unique<RunOf<P, O>>(
        std::move(owned), native, token, std::move(callback),
        [&](const P& prob, Observer* observer) {
          return std::make_unique<O>(prob, params, crossover, mutation, observer);
        },
        extras.initial);
    run->problem = problem;
    return run;
  };
  if (!p.shape && !extras.map.is_none()) {
    throw fields::FieldError("map",
                             "a native problem (OneMax, CircleTsp) evaluates in C++: it takes "
                             "threads=, not map=");
  }
  if (kind == GenomeKind::kReals) {
    check_python_threads(params.threads, extras);
    auto owned = std::make_unique<PyProblem<std::vector<double>>>(problem, *p.shape, extras.map);
    return build(std::move(owned), false, real_crossover(xo), real_mutation(mu, *p.shape));
  }
  auto crossover = int_crossover(xo, kind);
  auto mutation = int_mutation(mu, p.int_shape());
  if (p.onemax) {
    return build(std::make_unique<evo::OneMax>(*p.onemax), true, crossover, mutation);
  }
  if (p.tsp) return build(std::make_unique<evo::CircleTsp>(*p.tsp), true, crossover, mutation);
  check_python_threads(params.threads, extras);
  return build(std::make_unique<PyProblem<std::vector<int>>>(problem, *p.shape, extras.map), false,
               crossover, mutation);
}

template <class P, class C, class M>
using GaOf = evo::Ga<P, C, M>;
template <class P, class C, class M>
using CroOf = evo::Cro<P, C, M>;

}  // namespace

void add_evo(py::module_& m) {
  py::class_<evo::OneMax>(m, "OneMax", "Native OneMax: maximise the ones of a bit string.")
      .def(py::init([](long long bits) { return evo::OneMax(evo::OneMax::checked_bits(bits)); }),
           py::arg("bits"), "OneMax of `bits` bits (1 to 1,000,000).")
      .def_property_readonly("bits", &evo::OneMax::bits)
      .def_property_readonly("genome", [](const evo::OneMax&) { return "bits"; })
      .def_property_readonly("size", &evo::OneMax::bits)
      .def(
          "fitness",
          [](const evo::OneMax& p, const std::vector<int>& g) {
            p.check(g);  // `bits` values, each 0 or 1 (else evoplay.Error)
            return p.evaluate(g);
          },
          py::arg("genome"));
  py::class_<evo::CircleTsp>(m, "CircleTsp",
                             "Native travelling salesman on cities evenly spaced on a circle "
                             "(known optimum), a permutation problem to minimise.")
      .def(py::init([](long long cities, double radius, std::uint64_t seed) {
             return evo::CircleTsp(evo::CircleTsp::checked_cities(cities), radius, seed);
           }),
           py::arg("cities"), py::arg("radius") = 1.0, py::arg("seed") = 7,
           "`cities` (1 to 10,000) on a circle of `radius` (above 0).")
      .def_property_readonly("optimum", &evo::CircleTsp::optimum)
      .def_property_readonly("genome", [](const evo::CircleTsp&) { return "permutation"; })
      .def_property_readonly("size", &evo::CircleTsp::cities)
      .def(
          "fitness",
          [](const evo::CircleTsp& p, const std::vector<int>& g) {
            p.check(g);  // a permutation of 0..cities-1 (else evoplay.Error)
            return p.evaluate(g);
          },
          py::arg("genome"));

  py::class_<PyRunResult>(m, "RunResult",
                          "What a run found: its best genome and fitness, "
                          "counters, stop reason and history.")
      .def_readonly("best", &PyRunResult::best)
      .def_readonly("best_fitness", &PyRunResult::best_fitness)
      .def_readonly("solved", &PyRunResult::solved)
      .def_readonly("generations", &PyRunResult::generations)
      .def_readonly("evaluations", &PyRunResult::evaluations)
      .def_readonly("stop_reason", &PyRunResult::stop_reason,
                    "solved, target, generations, evaluations, time, stagnation or cancelled")
      .def_readonly("seconds", &PyRunResult::seconds)
      .def_readonly("history", &PyRunResult::history, "One dict per generation.")
      .def_readonly("history_csv", &PyRunResult::history_csv,
                    "The history as history.csv holds it.")
      .def("to_dict", &PyRunResult::to_dict)
      .def(pickle_members<PyRunResult>(  // pickling.hpp
          "evo.RunResult",
          {"best", "best_fitness", "solved", "generations", "evaluations", "stop_reason", "seconds",
           "history", "history_csv"},
          &PyRunResult::best, &PyRunResult::best_fitness, &PyRunResult::solved,
          &PyRunResult::generations, &PyRunResult::evaluations, &PyRunResult::stop_reason,
          &PyRunResult::seconds, &PyRunResult::history, &PyRunResult::history_csv))
      .def("__repr__", [](const PyRunResult& r) {
        return fmt::format("<RunResult best_fitness={} generations={} stop_reason={}>",
                           r.best_fitness, r.generations, r.stop_reason);
      });

  py::class_<Run>(m, "Run", "An optimiser's run over a problem (made by GA, CRO or ACO).")
      .def("start", &Run::start, "Draws the first population (generation 0).")
      .def("step", &Run::step, "One more generation.")
      .def("done", &Run::done, "Whether a stopping rule holds.")
      .def_property_readonly("generation", &Run::generation)
      .def("result", &Run::result, "The result so far.")
      .def("run", &Run::run, "Runs to the end (from where it is) and returns the RunResult.")
      .def("population", &Run::population,
           "The population now (a GA's at any generation; any optimiser's once done: CRO's "
           "corals, ACO's last ants) as an evoplay.evo.Population.")
      .def("inject", &Run::inject, py::arg("genomes"),
           "GA: evaluates `genomes` (a list, a 2-D numpy array or a Population) and puts each "
           "in place of the worst individual, better or not.")
      .def("set_population", &Run::set_population, py::arg("population"),
           "GA: replaces the whole population (as many genomes as it holds; a Population's "
           "fitnesses are taken as they are, plain genomes are evaluated).");

  m.def(
      "GA",
      [](const py::object& problem, const py::kwargs& kwargs) {
        CancelToken token;
        py::dict given(kwargs);
        py::object callback = take_callback(given);
        const Extras extras = Extras::take(given, true);
        const auto k = keywords(GaKeywords{}, given, token);
        k.params.validate();
        return make_variation_run<GaOf>(problem, k.params, k.crossover, k.mutation,
                                        std::move(callback), token, extras);
      },
      py::arg("problem"),
      ("A genetic algorithm over `problem` (a Python problem, evoplay.evo.Problem, or OneMax / "
       "CircleTsp). callback(record) sees each generation; returning False stops the run. "
       "Returns a Run: .run() to the end, or start()/step().\n\n"
       "Evaluation: a native problem runs without the GIL on `threads`. A Python problem's "
       "fitness runs on the calling thread (threads other than 1 is a ValueError): a problem "
       "with fitness_batch(genomes) gets each generation's new genomes in one call (a 2-D "
       "numpy array), and map=pool.map evaluates them as map(problem.fitness, genomes) "
       "(map= with fitness_batch is a ValueError). The results are the same in the three ways.\n"
       "initial=: the first individuals (a list of genomes, a 2-D numpy array or a Population, "
       "at most `population`); the others are drawn as usual." +
       keywords_doc(GaKeywords{}))
          .c_str());

  m.def(
      "CRO",
      [](const py::object& problem, const py::kwargs& kwargs) {
        CancelToken token;
        py::dict given(kwargs);
        py::object callback = take_callback(given);
        const Extras extras = Extras::take(given, false, "evo.CRO");
        // The reef as rows and cols (before the one `reef` setting): still read, with a warning.
        if (given.contains("rows") || given.contains("cols")) {
          if (PyErr_WarnEx(PyExc_DeprecationWarning,
                           "the keywords 'rows' and 'cols' are now reef='ROWSxCOLS' (or (rows, "
                           "cols)); the old names stop working in the next release",
                           2) != 0)
            throw py::error_already_set();
          const auto rows = given.contains("rows") ? given.attr("pop")("rows") : py::int_(10);
          const auto cols = given.contains("cols") ? given.attr("pop")("cols") : py::int_(10);
          given["reef"] = py::make_tuple(rows, cols);
        }
        auto k = keywords(
            CroKeywords::defaults(), given, token,
            {{"brooding_mutation", "gamma"}, {"depredation_fraction", "depredation_share"}});
        if (!k.params.substrates.empty()) {
          throw fields::FieldError(
              "preset",
              "expected thesis or standard (CRO-SL's substrates are a native problem's "
              "operators: sudoku.solve and lemmings.solve take cro_preset='sl' or 'sl-unique')");
        }
        k.params.size_reef(100);  // the reef given, else 10 x 10
        k.params.validate();
        return make_variation_run<CroOf>(problem, k.params, k.crossover, k.mutation,
                                         std::move(callback), token, extras);
      },
      py::arg("problem"),
      ("Coral Reef Optimization over `problem` (generations = epochs): the parameters of "
       "`preset` (thesis or standard, as --cro-preset; docs/evo.md), each keyword given over "
       "them. Returns a Run. Evaluation as for GA: `threads` for native problems; a Python "
       "problem's fitness_batch(genomes) gets each epoch's new larvae in one call, or map= "
       "spreads its fitness calls (threads other than 1 is a ValueError)." +
       keywords_doc(CroKeywords::defaults()))
          .c_str());

  m.def(
      "ACO",
      [](const py::object& problem, const py::kwargs& kwargs) -> std::unique_ptr<Run> {
        const Problems pr(problem);
        if (pr.onemax || (pr.shape && pr.kind() == GenomeKind::kReals)) {
          throw py::type_error(fmt::format(
              "ACO builds a genome gene by gene from a finite set of choices: it needs a "
              "problem of 'bits', 'ints' or 'permutation' (or the native CircleTsp), not {}",
              pr.onemax ? "the native OneMax (write it as a Python 'bits' problem)"
                        : std::string("'reals'")));
        }
        // The size of the pheromone table is checked by the library (evo::check_aco_size).
        CancelToken token;
        py::dict given(kwargs);
        py::object callback = take_callback(given);
        const Extras extras = Extras::take(given, false, "evo.ACO");
        const auto k = keywords(AcoKeywords{}, given, token);
        const evo::AcoParams& p = k.params;
        p.validate();
        auto make = [&](auto owned, bool native) -> std::unique_ptr<Run> {
          using P = typename decltype(owned)::element_type;
          std::unique_ptr<Run> run = std::make_unique<RunOf<P, evo::Aco<P>>>(
              std::move(owned), native, token, std::move(callback),
              [&](const P& prob, Observer* observer) {
                return std::make_unique<evo::Aco<P>>(prob, p, observer);
              });
          run->problem = problem;
          return run;
        };
        if (pr.tsp) {
          if (!extras.map.is_none()) {
            throw fields::FieldError("map",
                                     "the native CircleTsp evaluates in C++: it takes "
                                     "threads=, not map=");
          }
          return make(std::make_unique<evo::CircleTsp>(*pr.tsp), true);
        }
        check_python_threads(p.threads, extras);
        return make(std::make_unique<PyProblem<std::vector<int>>>(problem, *pr.shape, extras.map),
                    false);
      },
      py::arg("problem"),
      ("Ant colony optimisation over a problem of 'bits', 'ints' or 'permutation' (a Python "
       "problem, or the native CircleTsp, which runs without the GIL on `threads`). The genome "
       "is built gene by gene: bits and ints take one of the values at each gene (pheromone per "
       "gene and value); a permutation takes at each position one of the items not taken yet "
       "(pheromone per position and item, each item once). 'reals' is a TypeError. Returns a "
       "Run. A Python problem's fitness_batch(genomes) gets each iteration's ants in one call, "
       "or map= spreads its fitness calls (threads other than 1 is a ValueError)." +
       keywords_doc(AcoKeywords{}))
          .c_str());

  add_evo_nsga2(m);
}

}  // namespace evoplay::python
