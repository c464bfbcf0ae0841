#pragma once
// The keyword arguments of evo.GA, evo.CRO and evo.ACO as declared settings (core/fields.hpp):
// the optimiser's own Params and, for the GA and CRO, the names of the operators.

#include <string>

#include "evoplay/core/fields.hpp"
#include "evoplay/evo/aco.hpp"
#include "evoplay/evo/cro_params.hpp"
#include "evoplay/evo/ga.hpp"
#include "evoplay/evo/nsga2.hpp"

namespace evoplay::python {

/// The keyword arguments of evo.GA: the GA's settings and its operators' names.
struct GaKeywords {
  evo::GaParams params;
  std::string crossover, mutation;  // empty: the genome kind's defaults
  template <class S, class V>
  static void fields(S& s, V& v) {
    v.group(s.params, {});
    operator_fields(s, v);
  }
  template <class S, class V>
  static void operator_fields(S& s, V& v) {
    v(s.crossover,
      {.name = "crossover", .help = "crossover by name (default by genome kind: one-point or ox)"});
    v(s.mutation, {.name = "mutation",
                   .help = "mutation by name (default by genome kind: bit-flip, reset, gaussian "
                           "or swap)"});
  }
};

/// The keyword arguments of evo.CRO: CRO's settings (the thesis's preset unless told), the
/// stopping rules, threads, seed and the operators' names.
struct CroKeywords {
  evo::CroParams params;
  std::string crossover, mutation;
  static CroKeywords defaults() {
    CroKeywords k;
    k.params = evo::CroParams::thesis();
    k.params.threads = 1;
    return k;
  }
  template <class S, class V>
  static void fields(S& s, V& v) {
    v.group(s.params, {});
    v.group(s.params.stop, {});
    v(s.params.threads, fields::kThreads);
    v(s.params.seed, fields::kSeed);
    GaKeywords::operator_fields(s, v);
  }
};

/// The keyword arguments of evo.ACO: its settings.
struct AcoKeywords {
  evo::AcoParams params;
  template <class S, class V>
  static void fields(S& s, V& v) {
    v.group(s.params, {});
  }
};

/// The keyword arguments of evo.NSGA2: its settings, the number of objectives (0: the
/// problem's n_objectives) and the operators' names.
struct Nsga2Keywords {
  evo::Nsga2Params params;
  std::size_t objectives = 0;
  std::string crossover, mutation;
  template <class S, class V>
  static void fields(S& s, V& v) {
    v(s.objectives, {.name = "objectives",
                     .help = "how many values fitness(genome) returns (default: the problem's "
                             "n_objectives)",
                     .lo = 0,
                     .hi = 1000});
    v.group(s.params, {});
    GaKeywords::operator_fields(s, v);
  }
};

}  // namespace evoplay::python
