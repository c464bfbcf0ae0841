#pragma once
// The progress line of a learning run (the CLI's and the demo's): the cycle, and the best
// agent's last measures.

#include <fmt/format.h>

#include <cstdint>
#include <string>

#include "evoplay/core/control.hpp"
#include "evoplay/core/progress.hpp"
#include "evoplay/games/tictactoe/learn_run.hpp"

namespace evoplay::games::tictactoe {

/// Registers itself as the control's observer and progress callback; `line.finish()` ends it.
struct LearnProgress : Observer {
  LearnProgress(bool quiet, std::uint64_t cycles, Control& control) : line(quiet, "learn", cycles) {
    control.observer = this;
    control.progress = [this](std::uint64_t done, std::uint64_t) {
      line.update(done, fmt::format("cycle {}{}", done, last));
    };
  }
  void on_generation(const GenerationRecord& row) override { last = ", " + row_note(row); }
  Progress line;
  std::string last;
};

}  // namespace evoplay::games::tictactoe
