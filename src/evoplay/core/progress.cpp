#include "evoplay/core/progress.hpp"

#include <fmt/format.h>
#include <unistd.h>

#include <cstdio>

namespace evoplay {

bool stderr_is_terminal() { return ::isatty(STDERR_FILENO) == 1; }

Progress::Progress(bool quiet, std::string label, std::uint64_t total)
    : enabled_(!quiet && stderr_is_terminal()),
      label_(std::move(label)),
      total_(total),
      start_(std::chrono::steady_clock::now()),
      last_(start_ - std::chrono::seconds(1)) {}

Progress::~Progress() { finish(); }

void Progress::update(std::uint64_t done, const std::string& status) {
  if (!enabled_) return;
  const auto now = std::chrono::steady_clock::now();
  if (now - last_ < std::chrono::milliseconds(100) && done < total_) return;
  last_ = now;
  const double elapsed = std::chrono::duration<double>(now - start_).count();
  std::string line = fmt::format("{} {}", label_, status);
  if (total_ > 0 && done > 0 && done <= total_) {
    const double eta = elapsed * static_cast<double>(total_ - done) / static_cast<double>(done);
    line += fmt::format("  ETA {:.0f}s", eta);
  }
  std::fprintf(stderr, "\r\033[K%s", line.c_str());
  std::fflush(stderr);
  drawn_ = true;
}

void Progress::finish() {
  if (enabled_ && drawn_) {
    std::fprintf(stderr, "\r\033[K");
    std::fflush(stderr);
    drawn_ = false;
  }
}

void ProgressObserver::on_generation(const GenerationRecord& r) {
  if (!progress_.enabled()) return;
  const double rate = r.elapsed > 0 ? static_cast<double>(r.evaluations) / r.elapsed : 0.0;
  progress_.update(r.generation, fmt::format("gen {}/{}  best {}  evals/s {:.0f}", r.generation,
                                             total_, format_number(r.best), rate));
}

}  // namespace evoplay
