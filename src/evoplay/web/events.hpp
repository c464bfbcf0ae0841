#pragma once
// An optimiser's generations as a job's events {"type": "generation", generation, evaluations,
// best, mean, worst, elapsed}: what the pages draw as live fitness curves.

#include "evoplay/core/history.hpp"
#include "evoplay/web/jobs.hpp"

namespace evoplay::web {

class GenerationEvents : public Observer {
 public:
  explicit GenerationEvents(Job& job) : job_(job) {}
  void on_generation(const GenerationRecord& r) override {
    job_.emit({{"type", "generation"},
               {"generation", r.generation},
               {"evaluations", r.evaluations},
               {"best", r.best},
               {"mean", r.mean},
               {"worst", r.worst},
               {"elapsed", r.elapsed}});
  }

 private:
  Job& job_;
};

}  // namespace evoplay::web
