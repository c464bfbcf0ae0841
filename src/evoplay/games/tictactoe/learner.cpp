#include "evoplay/games/tictactoe/learner.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <bit>
#include <cmath>
#include <limits>
#include <map>
#include <numeric>
#include <unordered_map>

#include "evoplay/core/error.hpp"
#include "evoplay/core/text.hpp"

namespace evoplay::games::tictactoe {

namespace {

// What each stream of a cycle is for: Rng(seed).split({cycle, purpose, slot}).
enum Purpose : std::uint64_t {
  kInit = 0,
  kPairing = 1,
  kGames = 2,
  kParents = 3,
  kBreed = 4,
  kCull = 5,
  kPanel = 6,
  kMeasure = 7,
  kInject = 8,
  kRestart = 9,
};

}  // namespace

Agent perfect_agent(const Referee& referee) {
  Agent agent;
  agent.perfect = true;
  std::vector<std::pair<int, Rule>> by_ply;  // (stones on the board, rule)
  for (int seat = 0; seat < 2; ++seat) {
    // Breadth first, so that the rules of the early game come first.
    std::vector<int> frontier = {0}, seen(static_cast<std::size_t>(referee.positions()), 0);
    while (!frontier.empty()) {
      std::vector<int> next;
      for (int id : frontier) {
        const Board& b = referee.board(id);
        if (b.is_terminal()) continue;
        auto push = [&](int cell) {
          const int c = referee.child(id, cell);
          if (!seen[static_cast<std::size_t>(c)]) {
            seen[static_cast<std::size_t>(c)] = 1;
            next.push_back(c);
          }
        };
        if (b.to_move() == seat) {
          const auto moves = referee.table().fastest_moves(b);
          const int cell = moves[0];
          Rule r;
          const int me = b.to_move();
          r.mine = b.stones(me);
          r.theirs = b.stones(1 - me);
          r.empty = b.empty();
          r.action = static_cast<std::uint8_t>(cell);
          r.priority = Rule::kMaxPriority;
          by_ply.emplace_back(std::popcount(static_cast<unsigned>(r.mine | r.theirs)), r);
          push(cell);
        } else {
          for (int cell = 0; cell < 9; ++cell) {
            if (b.empty() >> cell & 1) push(cell);
          }
        }
      }
      frontier = std::move(next);
    }
  }
  // Both seats interleaved by ply (X's first move, O's replies, X's second move, ...): a child
  // that inherits only the first --rules rules gets the openings of both seats.
  std::stable_sort(by_ply.begin(), by_ply.end(),
                   [](const auto& a, const auto& b) { return a.first < b.first; });
  for (const auto& [ply, rule] : by_ply) agent.rules.push_back(rule);
  return agent;
}

BreedingPlan breeding_plan(const LearnSettings& s, std::size_t n) {
  auto share = [&](double f) {
    return std::max<std::size_t>(2,
                                 static_cast<std::size_t>(std::lround(f * static_cast<double>(n))));
  };
  BreedingPlan plan;
  const std::string& scheme = s.selection;
  if (scheme == "tournament") {
    // Any agent may win a tournament; all but the elite are replaced.
    for (std::size_t i = 0; i < n; ++i) {
      plan.parents.push_back(i);
      if (i >= static_cast<std::size_t>(s.elite)) plan.replaced.push_back(i);
    }
  } else if (scheme == "40+10-50") {
    const std::size_t top = share(0.4),
                      bottom = std::max<std::size_t>(1, std::lround(0.1 * static_cast<double>(n)));
    for (std::size_t i = 0; i < n; ++i)
      (i < top || i >= n - bottom ? plan.parents : plan.replaced).push_back(i);
  } else {
    const std::size_t top = scheme == "50-50" ? n / 2 : scheme == "10-90" ? share(0.1) : share(0.2);
    for (std::size_t i = 0; i < n; ++i) (i < top ? plan.parents : plan.replaced).push_back(i);
  }
  return plan;
}

Learner::Learner(const LearnSettings& settings, std::uint64_t seed, const Referee& referee,
                 Workers& workers)
    : s_(settings), master_(seed), referee_(referee) {
  s_.validate();
  pop_.agents.resize(static_cast<std::size_t>(s_.agents));
  for (std::size_t i = 0; i < pop_.agents.size(); ++i) {
    Rng rng = master_.split({0, kInit, i});
    auto& agent = pop_.agents[i];
    for (int r = 0; r < s_.rules; ++r) agent.rules.push_back(new_rule(rng));
    if (s_.replace_repeated) replace_repeated(agent, rng);
  }
  evaluated_.assign(pop_.agents.size(), 0);
  if (s_.fitness == "panel") {
    evaluate(0, workers);
    sort_agents();
  } else {
    stats_ = {};
  }
}

Learner::Learner(const LearnSettings& settings, std::uint64_t seed, const Referee& referee,
                 Population saved)
    : s_(settings), master_(seed), referee_(referee), pop_(std::move(saved)) {
  s_.validate();
  if (pop_.agents.size() != static_cast<std::size_t>(s_.agents))
    throw Error(fmt::format("the saved population has {} agents, the settings say {}",
                            pop_.agents.size(), s_.agents));
  evaluated_.assign(pop_.agents.size(), 1);  // saved after a cycle: every weight is current
  // The weights as sorted (the history's best/mean/worst of the last row).
  std::vector<double> w;
  for (const auto& a : pop_.agents) w.push_back(a.weight);
  stats_.best = w.front();
  stats_.worst = *std::min_element(w.begin(), w.end());
  stats_.mean = std::accumulate(w.begin(), w.end(), 0.0) / static_cast<double>(w.size());
}

Rule Learner::new_rule(Rng& rng) const {
  RuleMaker maker;
  maker.wildcard = s_.wildcard;
  maker.line_bias = s_.generation == "biased" ? s_.bias : 0;
  return random_rule(maker, rng);
}

void Learner::replace_repeated(Agent& agent, Rng& rng) const {
  for (std::size_t i = 1; i < agent.rules.size(); ++i) {
    for (int attempt = 0; attempt < 100; ++attempt) {
      bool repeated = false;
      for (std::size_t j = 0; j < i && !repeated; ++j)
        repeated = agent.rules[j].same_move(agent.rules[i]);
      if (!repeated) break;
      agent.rules[i] = new_rule(rng);
    }
  }
}

void Learner::run_cycle(Workers& workers) {
  const std::uint64_t c = pop_.cycle + 1;
  if (s_.fitness == "pairs") {
    play_pairs(c, workers);
    sort_agents();
    breed(c);
    // The perfect player joins after breeding, so that it plays the next cycle's games and
    // breeds from then on (docs/tictactoe-learning.md, the author's experiment).
    inject(c);
    cull(c);
  } else {
    // A restart: a run stuck on a few lost lines rarely gets out; a fresh population is an
    // independent new attempt. Keyed on the cycle number only, so a resumed run does the same.
    if (s_.restart_every > 0 && c % static_cast<std::uint64_t>(s_.restart_every) == 0) {
      for (std::size_t i = 0; i < pop_.agents.size(); ++i) {
        Rng rng = master_.split({c, kRestart, i});
        Agent fresh;
        fresh.born = c;
        for (int r = 0; r < s_.rules; ++r) fresh.rules.push_back(new_rule(rng));
        if (s_.replace_repeated) replace_repeated(fresh, rng);
        pop_.agents[i] = std::move(fresh);
      }
      pop_.hall_of_fame.clear();
      std::fill(evaluated_.begin(), evaluated_.end(), 0);
    } else {
      breed(c);
    }
    inject(c);
    evaluate(c, workers);
    sort_agents();
    if (s_.hall_of_fame > 0) {
      const auto& best = pop_.agents.front();
      if (pop_.hall_of_fame.empty() || pop_.hall_of_fame.back().rules != best.rules) {
        pop_.hall_of_fame.push_back(best);
        if (pop_.hall_of_fame.size() > static_cast<std::size_t>(s_.hall_of_fame))
          pop_.hall_of_fame.erase(pop_.hall_of_fame.begin());
        std::fill(evaluated_.begin(), evaluated_.end(), 0);
        evaluate(c, workers);
        sort_agents();
      }
    }
    if (cull(c)) {
      evaluate(c, workers);
      sort_agents();
    }
  }
  pop_.cycle = c;
}

bool Learner::inject(std::uint64_t c) {
  if (s_.inject_perfect <= 0 || c != static_cast<std::uint64_t>(s_.inject_perfect)) return false;
  Agent perfect = perfect_agent(referee_);
  perfect.born = c;
  // A fair start under pairs fitness: the weight of the best agent (with a lifetime weight a
  // newcomer at 0 would sit among the worst and be replaced before it bred). Panel fitness
  // evaluates it like any new agent.
  double top = pop_.agents.front().weight;
  for (const auto& a : pop_.agents) top = std::max(top, a.weight);
  perfect.weight = top;
  pop_.agents.back() = std::move(perfect);
  evaluated_.back() = s_.fitness == "pairs";
  return true;
}

bool Learner::cull(std::uint64_t c) {
  if (s_.cull_every <= 0 || c % static_cast<std::uint64_t>(s_.cull_every) != 0) return false;
  bool changed = false;
  for (std::size_t i = 0; i < pop_.agents.size(); ++i) {
    Rng rng = master_.split({c, kCull, i});
    for (auto& r : pop_.agents[i].rules) {
      if (r.weight <= s_.cull_weight) {
        r = new_rule(rng);
        evaluated_[i] = 0;
        changed = true;
      }
    }
  }
  return changed;
}

void Learner::play_pairs(std::uint64_t c, Workers& workers) {
  auto& agents = pop_.agents;
  const std::size_t n = agents.size();
  if (s_.agent_weight == "cycle")
    for (auto& a : agents) a.weight = 0;
  std::vector<std::size_t> order(n);
  std::iota(order.begin(), order.end(), 0);
  if (s_.player_pairing == "random") {
    Rng rng = master_.split({c, kPairing, 0});
    rng.shuffle(order);
  }
  const std::size_t pairs = n / 2;
  struct Event {
    std::uint64_t key;
    int delta;
  };
  struct PairResult {
    std::vector<Event> events;  // shared knowledge for the agents outside the pair
    CycleStats stats;
  };
  std::vector<PairResult> results(pairs);
  workers.for_each(pairs, [&](std::size_t p) {
    Rng rng = master_.split({c, kGames, p});
    std::array<Agent*, 2> pair = {&agents[order[2 * p]], &agents[order[2 * p + 1]]};
    auto& out = results[p];
    for (int g = 0; g < s_.games_per_pair; ++g) {
      // Game g: the pair's first agent starts the even games.
      const std::array<Agent*, 2> seat =
          g % 2 == 0 ? pair : std::array<Agent*, 2>{pair[1], pair[0]};
      const std::array<AgentPolicy, 2> policy = {AgentPolicy(*seat[0], s_.symmetry),
                                                 AgentPolicy(*seat[1], s_.symmetry)};
      std::array<std::vector<int>, 2> used;
      Board b;
      while (!b.is_terminal()) {
        const int side = b.to_move();
        const auto choice = policy[static_cast<std::size_t>(side)].choose(b, rng);
        ++out.stats.moves;
        if (choice.rule >= 0) {
          ++out.stats.rule_moves;
          auto& u = used[static_cast<std::size_t>(side)];
          if (std::find(u.begin(), u.end(), choice.rule) == u.end()) u.push_back(choice.rule);
        }
        b.play(choice.cell);
      }
      ++out.stats.games;
      const int w = b.winner();
      if (w < 0) {
        ++out.stats.draws;
        continue;
      }
      Agent& winner = *seat[static_cast<std::size_t>(w)];
      Agent& loser = *seat[static_cast<std::size_t>(1 - w)];
      winner.weight += w == 1 ? s_.second_win_points : 1;
      loser.weight -= 1;
      // +1 to the winner's rules used, -1 to the loser's.
      for (int side = 0; side < 2; ++side) {
        const int delta = side == w ? 1 : -1;
        Agent& a = *seat[static_cast<std::size_t>(side)];
        for (int r : used[static_cast<std::size_t>(side)]) {
          const Rule rule = a.rules[static_cast<std::size_t>(r)];
          if (!s_.shared_knowledge) {
            a.rules[static_cast<std::size_t>(r)].weight += delta;
            continue;
          }
          for (Agent* x : pair)
            for (auto& other : x->rules)
              if (other.same_move(rule)) other.weight += delta;
          out.events.push_back({rule.key(), delta});
        }
      }
    }
  });
  stats_ = {};
  for (const auto& r : results) {
    stats_.games += r.stats.games;
    stats_.draws += r.stats.draws;
    stats_.moves += r.stats.moves;
    stats_.rule_moves += r.stats.rule_moves;
  }
  pop_.evaluations += stats_.games;
  if (!s_.shared_knowledge) return;
  // Shared knowledge reaches the agents outside each pair after the games, in pair order (the
  // original applied it at once; pairs here play at the same time).
  std::unordered_map<std::uint64_t, std::vector<std::pair<std::size_t, std::size_t>>> holders;
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t k = 0; k < agents[i].rules.size(); ++k)
      holders[agents[i].rules[k].key()].emplace_back(i, k);
  std::vector<std::size_t> pair_of(n, pairs);
  for (std::size_t p = 0; p < pairs; ++p) pair_of[order[2 * p]] = pair_of[order[2 * p + 1]] = p;
  for (std::size_t p = 0; p < pairs; ++p) {
    for (const auto& e : results[p].events) {
      const auto it = holders.find(e.key);
      if (it == holders.end()) continue;
      for (const auto& [i, k] : it->second)
        if (pair_of[i] != p) agents[i].rules[k].weight += e.delta;
    }
  }
}

void Learner::evaluate(std::uint64_t c, Workers& workers) {
  std::vector<PanelKind> kinds;
  for (auto m : split(s_.panel, ',')) {
    const auto name = trim(m);
    if (name == "random") kinds.push_back(PanelKind::kRandom);
    if (name == "heuristic") kinds.push_back(PanelKind::kHeuristic);
    if (name == "perfect") kinds.push_back(PanelKind::kPerfect);
    if (name == "adversary") kinds.push_back(PanelKind::kAdversary);
  }
  // The hall of fame's moves, computed once for every agent's walks.
  std::vector<AgentPolicy> hof_policies;
  for (const auto& h : pop_.hall_of_fame) hof_policies.emplace_back(h, s_.symmetry);
  std::vector<std::unique_ptr<PolicyCache>> hof;
  for (const auto& p : hof_policies)
    hof.push_back(std::make_unique<PolicyCache>(p, referee_, true));
  const bool sampled = s_.panel_games > 0;
  std::vector<std::size_t> todo;
  for (std::size_t i = 0; i < pop_.agents.size(); ++i)
    if (!evaluated_[i] || sampled) todo.push_back(i);
  workers.for_each(todo.size(), [&](std::size_t t) {
    const std::size_t i = todo[t];
    Agent& agent = pop_.agents[i];
    const AgentPolicy policy(agent, s_.symmetry);
    double total = 0;
    int members = 0;
    auto add = [&](double win, double loss) {
      total += win - s_.loss_penalty * loss;
      ++members;
    };
    if (sampled) {
      const Rng rng = master_.split({c, kPanel, i});
      for (std::size_t k = 0; k < kinds.size(); ++k) {
        if (kinds[k] == PanelKind::kAdversary) continue;  // exact below
        for (int seat = 0; seat < 2; ++seat) {
          const auto r = play_series(policy, seat, kinds[k], s_.panel_games,
                                     rng.split({k, static_cast<std::uint64_t>(seat)}), referee_);
          add(static_cast<double>(r.wins) / s_.panel_games,
              static_cast<double>(r.losses) / s_.panel_games);
        }
      }
    }
    {
      PolicyCache cache(policy, referee_);
      for (auto kind : kinds) {
        if (sampled && kind != PanelKind::kAdversary) continue;
        for (int seat = 0; seat < 2; ++seat) {
          const auto o = exact_outcome(cache, seat, PanelPlayer{kind, nullptr}, referee_);
          add(o.win, o.loss);
        }
      }
    }
    // The hall of fame is always exact (its members are agents: no fixed sampler).
    if (!hof.empty()) {
      PolicyCache cache(policy, referee_);
      for (const auto& h : hof) {
        for (int seat = 0; seat < 2; ++seat) {
          const auto o =
              exact_outcome(cache, seat, PanelPlayer{PanelKind::kRandom, h.get()}, referee_);
          add(o.win, o.loss);
        }
      }
    }
    agent.weight = members ? total / members : 0;
    evaluated_[i] = 1;
  });
  pop_.evaluations += todo.size();
}

void Learner::sort_agents() {
  auto& agents = pop_.agents;
  const std::size_t n = agents.size();
  std::vector<double> effective(n);
  for (std::size_t i = 0; i < n; ++i) effective[i] = agents[i].weight;
  if (s_.sharing) {
    const auto keys = sorted_keys(agents);
    for (std::size_t i = 0; i < n; ++i) {
      int similar = 0;
      for (std::size_t j = 0; j < n; ++j)
        similar += j != i && similarity(keys[i], keys[j]) >= s_.sharing_threshold;
      effective[i] -= s_.sharing_penalty * similar;
    }
  }
  std::vector<std::size_t> order(n);
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(),
                   [&](std::size_t a, std::size_t b) { return effective[a] > effective[b]; });
  std::vector<Agent> sorted;
  std::vector<char> flags;
  sorted.reserve(n);
  for (auto i : order) {
    sorted.push_back(std::move(agents[i]));
    flags.push_back(evaluated_[i]);
  }
  agents = std::move(sorted);
  evaluated_ = std::move(flags);
  stats_.best = effective[order.front()];
  stats_.worst = effective[order.back()];
  stats_.mean = std::accumulate(effective.begin(), effective.end(), 0.0) / static_cast<double>(n);
}

void Learner::breed(std::uint64_t c) {
  const auto& agents = pop_.agents;
  const auto n = static_cast<std::size_t>(agents.size());
  const BreedingPlan plan = breeding_plan(s_, n);
  const auto& parents = plan.parents;
  const auto& replaced = plan.replaced;
  const std::string& scheme = s_.selection;
  if (replaced.empty()) return;
  const std::size_t child_pairs = (replaced.size() + 1) / 2;
  // The parents of child pair j.
  auto pair_of = [&](std::size_t j, Rng& rng) -> std::pair<std::size_t, std::size_t> {
    if (scheme == "tournament") {
      auto pick = [&] {
        std::size_t best = n;
        for (int k = 0; k < s_.tournament; ++k) best = std::min(best, rng.index(n));
        return best;
      };
      return {pick(), pick()};
    }
    const std::size_t m = parents.size(), per_round = m / 2, round = j / per_round,
                      i = j % per_round;
    if (s_.parent_pairing == "random") {
      std::vector<std::size_t> shuffled = parents;
      Rng r = master_.split({c, kParents, round});
      r.shuffle(shuffled);
      return {shuffled[2 * i], shuffled[2 * i + 1]};
    }
    std::size_t a = 2 * i, b = (2 * i + 1 + 2 * round) % m;
    if (b == a) b = (a + 1) % m;
    return {parents[a], parents[b]};
  };
  std::vector<Agent> children;
  children.reserve(replaced.size());
  std::map<std::size_t, std::vector<int>> losing;  // covering: by parent, computed once
  const std::vector<int> none;
  for (std::size_t j = 0; j < child_pairs; ++j) {
    Rng rng = master_.split({c, kBreed, j});
    const auto [a, b] = pair_of(j, rng);
    for (int which = 0; which < 2 && children.size() < replaced.size(); ++which) {
      const std::size_t first = which == 0 ? a : b;
      if (s_.covering > 0 && !losing.contains(first))
        losing[first] = losing_positions(agents[first]);
      children.push_back(
          child(agents[a], agents[b], which, c, rng, s_.covering > 0 ? losing[first] : none));
    }
  }
  for (std::size_t k = 0; k < replaced.size(); ++k) {
    pop_.agents[replaced[k]] = std::move(children[k]);
    evaluated_[replaced[k]] = 0;
  }
}

std::vector<int> Learner::losing_positions(const Agent& agent) const {
  const AgentPolicy policy(agent, s_.symmetry);
  PolicyCache cache(policy, referee_);
  std::vector<int> out;
  for (int seat = 0; seat < 2; ++seat) exhaustive_check(cache, seat, referee_, &out);
  return out;
}

Agent Learner::child(const Agent& a, const Agent& b, int which, std::uint64_t c, Rng& rng,
                     const std::vector<int>& losing) const {
  Agent kid;
  kid.born = c;
  const auto rules = static_cast<std::size_t>(s_.rules);
  kid.rules.reserve(rules);
  const bool identical = s_.identical_parents_mutate && a.rules.size() == b.rules.size() &&
                         std::equal(a.rules.begin(), a.rules.end(), b.rules.begin(),
                                    [](const Rule& x, const Rule& y) { return x.same_move(y); });
  // Without crossover the child copies its first parent (the first child a, the second b).
  const bool mix = s_.crossover >= 1 || rng.chance(s_.crossover);
  bool previous_mutated = false;
  for (std::size_t i = 0; i < rules; ++i) {
    const double p = s_.accumulated_mutation && previous_mutated ? s_.accumulation : s_.mutation;
    const bool mutate = identical || rng.chance(p);
    previous_mutated = mutate;
    if (mutate) {
      if (!losing.empty() && rng.chance(s_.covering)) {
        const Board& where = referee_.board(losing[rng.index(losing.size())]);
        // Weight 1: at its priority it wins over the rules made at random (weight 0), so a
        // fix for a lost game is not drowned in a tie (rule weights never change with panel
        // fitness).
        Rule r = covering_rule(where, s_.wildcard, rng);
        r.weight = 1;
        kid.rules.push_back(r);
      } else {
        kid.rules.push_back(new_rule(rng));
      }
      continue;
    }
    const Rule* from_a = i < a.rules.size() ? &a.rules[i] : nullptr;
    const Rule* from_b = i < b.rules.size() ? &b.rules[i] : nullptr;
    const Rule* pick = nullptr;
    if (!mix) {
      pick = which == 0 ? (from_a ? from_a : from_b) : (from_b ? from_b : from_a);
    } else if (from_a && from_b) {
      const bool alternate = (i + static_cast<std::size_t>(which)) % 2 == 0;
      if (s_.inheritance == "heavier" && from_a->weight != from_b->weight)
        pick = from_a->weight > from_b->weight ? from_a : from_b;
      else
        pick = alternate ? from_a : from_b;
    } else {
      pick = from_a ? from_a : from_b;
    }
    Rule r = pick ? *pick : new_rule(rng);
    if (s_.symbol_mutation > 0 && rng.chance(s_.symbol_mutation)) mutate_symbol(r, rng);
    kid.rules.push_back(r);
  }
  if (s_.replace_repeated) replace_repeated(kid, rng);
  return kid;
}

AgentMeasures Learner::measure_best(const ExactMeasures* exact) const {
  return measure_agent(pop_.agents.front(), s_.symmetry, s_.eval_games,
                       master_.split({pop_.cycle, kMeasure, 0}), referee_, exact);
}

}  // namespace evoplay::games::tictactoe
