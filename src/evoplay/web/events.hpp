#pragma once
// An optimiser's generations as a job's events {"type": "generation", and the record's own JSON
// (GenerationRecord::to_json)}: what the pages draw as live fitness curves.

#include "evoplay/core/history.hpp"
#include "evoplay/web/jobs.hpp"

namespace evoplay::web {

class GenerationEvents : public Observer {
 public:
  explicit GenerationEvents(Job& job) : job_(job) {}
  void on_generation(const GenerationRecord& r) override {
    auto event = r.to_json();
    event["type"] = "generation";
    job_.emit(std::move(event));
  }

 private:
  Job& job_;
};

}  // namespace evoplay::web
