// scratch: run each algorithm on levels, print solved/distinct/time
#include <fmt/format.h>

#include <filesystem>
#include <vector>
#include <cstdlib>

#include "evoplay/core/rng.hpp"
#include "evoplay/games/lemmings/solve.hpp"

namespace lem = evoplay::games::lemmings;

int main(int argc, char** argv) {
  using namespace evoplay;
  std::vector<std::filesystem::path> files;
  for (const auto& e : std::filesystem::directory_iterator("data/lemmings"))
    if (e.path().extension() == ".lvl") files.push_back(e.path());
  std::sort(files.begin(), files.end());
  const int runs = argc > 1 ? std::atoi(argv[1]) : 3;
  const std::string fit = argc > 2 ? argv[2] : "heuristic";
  const std::string algos = argc > 3 ? argv[3] : "cro,ga,aco";
  const std::uint64_t evals = argc > 4 ? std::strtoull(argv[4], nullptr, 10) : 20000;
  const std::string filter = argc > 5 ? argv[5] : "";
  double total = 0;
  std::uint64_t total_evals = 0;
  for (const auto& f : files) {
    if (!filter.empty() && f.string().find(filter) == std::string::npos) continue;
    const auto level = lem::load_level(f.string());
    std::string line = fmt::format("{:<32}", f.stem().string());
    for (auto a : lem::kAlgorithms) {
      if (algos.find(lem::algorithm_name(a)) == std::string::npos) continue;
      int solved = 0;
      double distinct = 0, secs = 0, first = 0;
      for (int r = 0; r < runs; ++r) {
        lem::SolverSettings s;
        s.algorithm = a;
        s.fitness = lem::fitness_from_name(fit);
        s.evaluations = evals;
        auto env = [](const char* n, double d) { const char* v = std::getenv(n); return v ? std::atof(v) : d; };
        s.aco.elitist_weight = env("ELITE", s.aco.elitist_weight);
        s.aco.alpha = env("ALPHA", s.aco.alpha);
        s.aco.beta = env("BETA", s.aco.beta);
        s.aco.evaporation = env("RHO", s.aco.evaporation);
        s.aco.tau_min = env("TMIN", s.aco.tau_min);
        s.aco.rank = static_cast<std::size_t>(env("RANK", 10));
        s.aco.tau_max = env("TMAX", s.aco.tau_max);
        s.ga.mutation_rate = env("GAMUT", s.ga.mutation_rate);
        s.ga.crossover_rate = env("GACROSS", s.ga.crossover_rate);
        if (std::getenv("GASEL")) s.ga.selection = evo::Selection::parse(std::getenv("GASEL"));
        s.cro.brooding_mutation = env("GAMMA", s.cro.brooding_mutation);
        s.cro.larvae = env("LARVAE", s.cro.larvae);
        s.cro.broadcast = env("FB", s.cro.broadcast);
        s.seed = Rng(1).split({static_cast<std::uint64_t>(r)}).seed();
        const auto res = lem::solve(level, s);
        if (std::getenv("DUMP")) {
          for (std::size_t i = 0; i < res.history.rows.size(); i += res.history.rows.size() / 20 + 1) {
            const auto& row = res.history.rows[i];
            fmt::print("  gen {} evals {} best {:.4f} mean {:.4f} worst {:.4f} ent {:.3f}\n", row.generation, row.evaluations, row.best, row.mean, row.worst, row.extra.empty() ? 0.0 : row.extra[0].second);
          }
          fmt::print("  best plan:");
          for (auto& g : res.best) fmt::print(" {}:{}", g.step, lem::skill_name(g.skill));
          fmt::print("\n");
        }
        solved += res.solved;
        distinct += static_cast<double>(res.distinct());
        secs += res.seconds;
        first += static_cast<double>(res.first_solution);
        total_evals += res.evaluations;
      }
      total += secs;
      line += fmt::format(" | {} {}/{} d{:6.1f} f{:6.0f} {:5.2f}s", lem::algorithm_label(a), solved,
                          runs, distinct / runs, first / runs, secs / runs);
    }
    fmt::print("{}\n", line);
  }
  fmt::print("total {:.1f} s, {:.0f} evals/s\n", total, total_evals / total);
}
