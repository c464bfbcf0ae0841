// Units over MPI ranks (evoplay/dist), measured through mpirun:
//  - dist_unit_overhead: the time a rank waits per unit between sending a result and getting
//    its next unit (empty units, 2 worker ranks and a scheduler rank of its own), in ms;
//  - dist_scheduler_units_per_s: units per second the scheduler rank hands out (the same run);
//  - dist_lemmings_speedup_2_ranks: wall time of a `lemmings compare` study (240 runs of 100,000
//    evaluations, or the evaluations given as argument) on 1 rank over its time on 2 ranks
//    (--threads 1 per rank).
// Started alone, the program starts itself under mpirun (as root too: the variables that allow
// it are set for that command only). The load average is printed beside the wall-clock figures.
#include <fmt/format.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <string>

#include "bench_util.hpp"
#include "evoplay/core/units.hpp"
#include "evoplay/dist/mpi_session.hpp"
#include "evoplay/dist/runner.hpp"

namespace dist = evoplay::dist;
using evoplay::bench::figure;

namespace {

const std::string kMpirun =
    "OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 mpirun --oversubscribe ";

/// Under mpirun: `units` empty units handed out by rank 0 (not working itself).
void empty_units(std::size_t units) {
  evoplay::UnitJob job;
  job.name = "empty";
  job.count = units;
  job.key = [](std::size_t i) { return std::to_string(i); };
  job.run = [](std::size_t i, const evoplay::CancelToken&) -> std::optional<nlohmann::json> {
    return nlohmann::json(i);
  };
  const auto w = dist::world();
  evoplay::Control control;
  if (!w.leader()) {
    dist::serve_units(job, control);
    return;
  }
  evoplay::UnitResults results;
  const double s = evoplay::bench::seconds([&] {
    dist::lead_units(
        job, control, results, [](std::size_t, const nlohmann::json&) {}, false);
  });
  const double per_s = static_cast<double>(units) / s;
  figure("dist_scheduler_units_per_s", per_s, "units/s");
  // Each worker rank waits a round trip per unit: (its share of the time) / (its units).
  figure("dist_unit_overhead", 1e3 * s * (w.size - 1) / static_cast<double>(units), "ms");
}

double study_seconds(const std::string& evoplay, int ranks, int evaluations) {
  const auto out =
      std::filesystem::temp_directory_path() / fmt::format("evoplay-bench-{}", ::getpid());
  std::filesystem::remove_all(out);
  const std::string command = fmt::format(
      "{}-np {} {} lemmings compare '{}/data/lemmings/[mh]*.lvl' "
      "--runs 4 --evaluations {} --threads 1 --quiet --out {} >/dev/null",
      kMpirun, ranks, evoplay, EVOPLAY_SOURCE_DIR, evaluations, out.string());
  const double s = evoplay::bench::seconds([&] {
    if (std::system(command.c_str()) != 0) throw std::runtime_error("failed: " + command);
  });
  std::filesystem::remove_all(out);
  return s;
}

}  // namespace

int main(int argc, char** argv) {
  const dist::MpiSession mpi;
  if (mpi.active()) {
    empty_units(argc > 1 ? std::stoul(argv[1]) : 20000);
    return 0;
  }
  const auto self = std::filesystem::read_symlink("/proc/self/exe");
  const std::string run = kMpirun + "-np 3 " + self.string() + " 20000";
  if (std::system(run.c_str()) != 0) return 1;
  const std::string evoplay = (self.parent_path().parent_path() / "evoplay").string();
  // The study: the 10 medium and hard levels, 3 algorithms, 2 fitnesses, 4 runs (240 units)
  // of EVALUATIONS (default 100,000: about three minutes on one rank) each.
  const int evaluations = argc > 1 ? std::stoi(argv[1]) : 100000;
  const double one = study_seconds(evoplay, 1, evaluations),
               two = study_seconds(evoplay, 2, evaluations);
  figure("dist_lemmings_compare_1_rank", one, "s");
  figure("dist_lemmings_speedup_2_ranks", one / two,
         fmt::format("x (load {})", evoplay::bench::load_average()));
  return 0;
}
