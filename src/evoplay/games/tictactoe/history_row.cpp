// The history of a learning run: one list of the columns that Learner::record writes after the
// standard ones (history_columns reads the same list), and the loop of cycles that records them.
#include <fmt/format.h>

#include <algorithm>
#include <functional>
#include <limits>

#include "evoplay/core/stopwatch.hpp"
#include "evoplay/games/tictactoe/learner.hpp"

namespace evoplay::games::tictactoe {

namespace {

double percent(int part, int whole) { return whole ? 100.0 * part / whole : 0; }

// What a row's extra columns are computed from.
struct RowInputs {
  const CycleStats& cycle;
  bool games;                             // the last cycle played games (pairs fitness)
  const AgentMeasures& best;              // the best agent
  const std::vector<ExactMeasures>& all;  // every agent's exact measures
  const std::vector<Agent>& agents;
};

struct Column {
  std::string name;
  std::function<double(const RowInputs&)> value;
};

// The extra columns, in the order of history.csv: the last cycle's games, the best agent's
// measures, the population's means (exact), and whether the injected perfect player lives.
std::vector<Column> columns(const LearnSettings& s) {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  std::vector<Column> out = {{"cycle_draws",
                              [nan](const RowInputs& in) {
                                return in.games ? 100.0 * static_cast<double>(in.cycle.draws) /
                                                      static_cast<double>(in.cycle.games)
                                                : nan;
                              }},
                             {"cycle_rule_moves", [nan](const RowInputs& in) {
                                return in.games ? 100.0 * static_cast<double>(in.cycle.rule_moves) /
                                                      static_cast<double>(in.cycle.moves)
                                                : nan;
                              }}};
  using Count = int SeriesResult::*;
  auto games = [&](const char* against, bool perfect,
                   std::vector<std::pair<const char*, Count>> of) {
    for (std::size_t seat = 0; seat < 2; ++seat) {
      for (const auto& item : of) {
        const Count count = item.second;
        out.push_back({fmt::format("{}_{}_{}", seat == 0 ? "x" : "o", against, item.first),
                       [seat, perfect, count](const RowInputs& in) {
                         const auto& g = (perfect ? in.best.perfect : in.best.random)[seat];
                         return percent(g.*count, g.wins + g.draws + g.losses);
                       }});
      }
    }
  };
  games("random", false,
        {{"win", &SeriesResult::wins},
         {"draw", &SeriesResult::draws},
         {"loss", &SeriesResult::losses}});
  games("perfect", true, {{"draw", &SeriesResult::draws}, {"loss", &SeriesResult::losses}});
  for (std::size_t seat = 0; seat < 2; ++seat) {
    const std::string side = seat == 0 ? "x" : "o";
    out.push_back({side + "_can_lose", [seat](const RowInputs& in) {
                     return in.best.check[seat].can_lose ? 1.0 : 0.0;
                   }});
    out.push_back({side + "_lost_lines", [seat](const RowInputs& in) {
                     return static_cast<double>(in.best.check[seat].lost_lines);
                   }});
  }
  out.push_back({"agree_faced", [](const RowInputs& in) { return 100 * in.best.agree_faced; }});
  out.push_back(
      {"agree_mistakes", [](const RowInputs& in) { return 100 * in.best.agree_mistakes; }});
  out.push_back({"rule_moves", [](const RowInputs& in) { return 100 * in.best.rule_moves; }});
  // The population: exact results against random and perfect, the exhaustive check, agreement,
  // moves by rules (exact expectations against random).
  using P = const ExactMeasures&;
  auto mean = [&](const char* name, double scale, double (*f)(P)) {
    out.push_back({name, [scale, f](const RowInputs& in) {
                     double sum = 0;
                     for (const auto& p : in.all) sum += f(p);
                     return scale * sum / static_cast<double>(in.agents.size());
                   }});
  };
  mean("mean_x_random_win", 100, [](P p) { return p.random[0].outcome.win; });
  mean("mean_x_random_loss", 100, [](P p) { return p.random[0].outcome.loss; });
  mean("mean_o_random_win", 100, [](P p) { return p.random[1].outcome.win; });
  mean("mean_o_random_loss", 100, [](P p) { return p.random[1].outcome.loss; });
  mean("mean_x_perfect_loss", 100, [](P p) { return p.perfect[0].loss; });
  mean("mean_o_perfect_loss", 100, [](P p) { return p.perfect[1].loss; });
  mean("mean_x_unbeaten", 100, [](P p) { return p.random[0].check.can_lose ? 0.0 : 1.0; });
  mean("mean_o_unbeaten", 100, [](P p) { return p.random[1].check.can_lose ? 0.0 : 1.0; });
  mean("mean_x_lost_lines", 1,
       [](P p) { return static_cast<double>(p.random[0].check.lost_lines); });
  mean("mean_o_lost_lines", 1,
       [](P p) { return static_cast<double>(p.random[1].check.lost_lines); });
  mean("mean_agree_faced", 100, [](P p) { return p.agree_faced; });
  mean("mean_agree_mistakes", 100, [](P p) { return p.agree_mistakes; });
  mean("mean_rule_moves", 100, [](P p) {
    const double moves = p.random[0].moves.moves + p.random[1].moves.moves;
    return moves > 0 ? (p.random[0].moves.rule_moves + p.random[1].moves.rule_moves) / moves : 0.0;
  });
  if (s.inject_perfect > 0) {
    out.push_back({"perfect_alive", [](const RowInputs& in) {
                     return std::any_of(in.agents.begin(), in.agents.end(),
                                        [](const Agent& a) { return a.perfect; })
                                ? 1.0
                                : 0.0;
                   }});
  }
  return out;
}

}  // namespace

std::vector<std::string> history_columns(const LearnSettings& s) {
  std::vector<std::string> out;
  for (const auto& c : columns(s)) out.push_back(c.name);
  return out;
}

std::optional<GenerationRecord> Learner::record(Workers& workers, double elapsed,
                                                const std::atomic<bool>* stop) const {
  const auto stopped = [stop] { return stop && stop->load(std::memory_order_relaxed); };
  const auto& agents = pop_.agents;
  GenerationRecord r;
  r.generation = pop_.cycle;
  r.evaluations = pop_.evaluations;
  r.best = stats_.best;
  r.mean = stats_.mean;
  r.worst = stats_.worst;
  r.elapsed = elapsed;
  // Diversity: mean share of rules two agents do not have in common.
  const auto keys = sorted_keys(agents);
  double sum = 0;
  int pairs = 0;
  for (std::size_t i = 0; i < agents.size(); ++i) {
    if (stopped()) return std::nullopt;
    for (std::size_t j = i + 1; j < agents.size(); ++j) {
      sum += 1 - similarity(keys[i], keys[j]);
      ++pairs;
    }
  }
  r.diversity = pairs ? sum / pairs : 0;
  // The population's exact measures; the best agent's are shared with its measures.
  std::vector<ExactMeasures> per(agents.size());
  workers.for_each(agents.size(), [&](std::size_t i) {
    if (!stopped()) per[i] = exact_measures(agents[i], s_.symmetry, referee_);
  });
  if (stopped()) return std::nullopt;
  const AgentMeasures m = measure_best(&per.front());
  const RowInputs in{stats_, pop_.cycle > 0 && stats_.games > 0, m, per, agents};
  for (const auto& c : columns(s_)) r.extra.emplace_back(c.name, c.value(in));
  return r;
}

LearnOutcome learn(Learner& learner, History& history, Workers& workers, const LearnHooks& hooks) {
  LearnOutcome out;
  const LearnSettings& s = learner.settings();
  const Stopwatch clock;
  const double start = learner.population().seconds;
  auto elapsed = [&] { return start + clock.seconds(); };
  auto save = [&] {
    learner.population().seconds = elapsed();
    if (hooks.checkpoint) hooks.checkpoint(learner, history);
  };
  auto unbeatable = [&] {
    return s.until_unbeatable &&
           never_loses(learner.population().agents.front(), s.symmetry, learner.referee());
  };
  if (unbeatable()) {
    out.unbeatable = true;
    out.unbeatable_cycle = learner.cycle();
    out.unbeatable_seconds = learner.population().seconds;
    return out;
  }
  // The row that ended a previous session between two measured cycles is not one an
  // uninterrupted run would have: it goes when the run continues.
  if (!history.empty() && learner.cycle() < s.cycles &&
      history.back().generation % static_cast<std::size_t>(s.measure_every) != 0)
    history.rows.pop_back();
  // A new run records its first population (for a large one, minutes or hours: a stop request
  // ends it there, the population saved without a row, which a resumed run records first).
  if (history.empty() && learner.cycle() == 0) {
    auto first = learner.record(workers, elapsed(), hooks.stop);
    if (!first) {
      save();
      out.interrupted = true;
      return out;
    }
    history.add(std::move(*first));
    if (hooks.on_cycle) hooks.on_cycle(learner, &history.back());
    save();
  }
  while (learner.cycle() < s.cycles) {
    learner.run_cycle(workers);
    const bool done = unbeatable();
    const double now = elapsed();
    const bool stop = hooks.stop && hooks.stop->load();
    const bool last = done || stop || learner.cycle() >= s.cycles;
    const bool grid = learner.cycle() % static_cast<std::uint64_t>(s.measure_every) == 0;
    const GenerationRecord* row = nullptr;
    if (grid || last) {
      history.add(*learner.record(workers, elapsed()));  // the row of a cycle run: no stop
      row = &history.back();
    }
    if (hooks.on_cycle) hooks.on_cycle(learner, row);
    if (done) {
      out.unbeatable = true;
      out.unbeatable_cycle = learner.cycle();
      out.unbeatable_seconds = now;
    }
    if (grid || last) save();
    if (stop && !done) out.interrupted = true;
    if (last) break;
  }
  return out;
}

}  // namespace evoplay::games::tictactoe
