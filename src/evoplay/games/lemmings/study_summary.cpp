// The summaries of a study: per level, fitness and algorithm (cells) and per difficulty.
#include <algorithm>
#include <map>

#include "evoplay/games/lemmings/study.hpp"

namespace evoplay::games::lemmings {

void summarize_study(StudyResult& result) {
  const StudySpec& spec = result.spec;
  result.cells.clear();
  result.difficulties.clear();
  result.evaluations = 0;
  // Per level, fitness and algorithm.
  for (std::size_t l = 0; l < result.levels.size(); ++l) {
    for (auto f : spec.fitnesses) {
      for (auto a : spec.algorithms) {
        StudyCell c;
        c.level = l;
        c.fitness = f;
        c.algorithm = a;
        std::vector<double> distinct, best, first, fewest;
        std::vector<std::uint64_t> all;
        for (const auto& run : result.runs) {
          if (run.level != l || run.fitness != f || run.algorithm != a) continue;
          ++c.runs;
          c.solved += run.counters.solved;
          distinct.push_back(static_cast<double>(run.distinct));
          best.push_back(run.counters.best_fitness);
          if (run.counters.solved) {
            first.push_back(static_cast<double>(run.first_solution));
            fewest.push_back(static_cast<double>(run.fewest_actions));
          }
          all.insert(all.end(), run.solutions.begin(), run.solutions.end());
        }
        std::sort(all.begin(), all.end());
        c.distinct_union =
            static_cast<std::size_t>(std::unique(all.begin(), all.end()) - all.begin());
        c.solve_rate = stats::success_rate(c.solved, c.runs);
        c.distinct = stats::summarize(distinct);
        c.best_fitness = stats::summarize(best);
        if (!first.empty()) {
          c.first_solution = stats::summarize(first);
          c.fewest_actions = stats::summarize(fewest);
        }
        result.cells.push_back(c);
      }
    }
  }
  // Each baseline's distinct solutions per run against CRO's (CRO may come after it in
  // spec.algorithms, so once every cell is made).
  for (auto& c : result.cells) {
    if (c.algorithm == Algorithm::kCro) continue;
    std::vector<double> cro, mine;
    for (const auto& run : result.runs) {
      if (run.level != c.level || run.fitness != c.fitness) continue;
      if (run.algorithm == Algorithm::kCro) cro.push_back(static_cast<double>(run.distinct));
      if (run.algorithm == c.algorithm) mine.push_back(static_cast<double>(run.distinct));
    }
    if (!cro.empty()) c.p_vs_cro = stats::mann_whitney(cro, mine).p_value;
  }

  // Per difficulty: easy, medium, hard and other, then Pingus's level sets as they come.
  std::vector<std::string> difficulties;
  for (const char* d : {"easy", "medium", "hard", "other"}) {
    for (const auto& l : result.levels) {
      if (l.difficulty == d) {
        difficulties.emplace_back(d);
        break;
      }
    }
  }
  for (const auto& l : result.levels) {
    if (std::find(difficulties.begin(), difficulties.end(), l.difficulty) == difficulties.end())
      difficulties.push_back(l.difficulty);
  }
  for (const auto& d : difficulties) {
    for (auto f : spec.fitnesses) {
      StudyDifficulty sd;
      sd.difficulty = d;
      sd.fitness = f;
      sd.solved.assign(spec.algorithms.size(), 0);
      std::map<std::pair<std::size_t, int>, bool> any;  // (level, run) -> solved by some
      for (const auto& run : result.runs) {
        if (result.levels[run.level].difficulty != d || run.fitness != f) continue;
        const auto ai = static_cast<std::size_t>(
            std::find(spec.algorithms.begin(), spec.algorithms.end(), run.algorithm) -
            spec.algorithms.begin());
        sd.solved[ai] += run.counters.solved;
        any[{run.level, run.run}] = any[{run.level, run.run}] || run.counters.solved;
      }
      sd.runs = any.size();
      for (std::size_t ai = 0; ai < spec.algorithms.size(); ++ai) {
        sd.by_algorithm.push_back(stats::success_rate(sd.solved[ai], sd.runs));
      }
      for (const auto& [key, solved] : any) sd.any_solved += solved;
      sd.any = stats::success_rate(sd.any_solved, sd.runs);
      result.difficulties.push_back(sd);
    }
  }
  for (const auto& run : result.runs) result.evaluations += run.counters.evaluations;
}

}  // namespace evoplay::games::lemmings
