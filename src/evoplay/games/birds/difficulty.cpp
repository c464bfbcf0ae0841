#include "evoplay/games/birds/difficulty.hpp"

#include <algorithm>
#include <cmath>

#include "evoplay/core/parallel.hpp"
#include "evoplay/games/birds/settings_check.hpp"

namespace evoplay::games::birds {

void DifficultySettings::validate() const {
  play.validate();
  fields::check(*this);  // the attempts, the random shots, the search's, seed and threads
  search.validate();
  protection.validate();
}

nlohmann::json DifficultySettings::to_json() const {
  AgentSettings agent = search;
  agent.kind = AgentKind::kSearch;
  return {{"naive_attempts", naive_attempts},
          {"random_shots", random_shots},
          {"search", agent.to_json()},
          {"protection_angle_step", protection.angle_step},
          {"seed", seed},
          {"play", play.to_json()}};
}

nlohmann::json DifficultyReport::to_json() const {
  nlohmann::json search_shots = nlohmann::json::array();
  for (const ShotRecord& s : search.shots) {
    search_shots.push_back({{"bird", bird_name(s.bird)},
                            {"angle", s.shot.angle},
                            {"tap", s.shot.tap >= 0 ? nlohmann::json(s.shot.tap) : nullptr},
                            {"pigs_killed", s.pigs_killed}});
  }
  return {{"pigs", pigs},
          {"blocks", blocks},
          {"tnt", tnt},
          {"platforms", platforms},
          {"birds", birds},
          {"solvable", solvable},
          {"search_birds_used", search.birds_used},
          {"search_pigs_killed", search.pigs_killed},
          {"search_score", search.score},
          {"search_shots", search_shots},
          {"naive_wins", naive_wins},
          {"naive_attempts", naive_attempts},
          {"naive_win_rate", naive_win_rate},
          {"random_hits", random_hits},
          {"random_shots", random_shots},
          {"random_kill_share", random_kill_share},
          {"protected_pigs", protection.protected_pigs},
          {"protected_share", protection.share},
          {"pigs_out_of_reach", protection.out_of_reach},
          {"shots_simulated", shots_simulated}};
}

DifficultyReport measure_difficulty(const Level& level, const DifficultySettings& settings) {
  settings.validate();
  DifficultyReport r;
  r.pigs = level.count(Kind::kPig);
  r.blocks = level.count(Kind::kBlock);
  r.tnt = level.count(Kind::kTnt);
  r.platforms = level.count(Kind::kPlatform);
  r.birds = static_cast<int>(level.birds.size());
  r.protection = pig_protection(level, settings.protection);
  const GameState start = initial_state(level, settings.play);
  const Rng master(settings.seed);
  // Units: the search game, the naive attempts, the random shots.
  const auto attempts = static_cast<std::size_t>(settings.naive_attempts);
  const auto randoms = static_cast<std::size_t>(settings.random_shots);
  std::vector<GameRecord> naive(attempts);
  std::vector<int> hits(randoms, 0);
  std::vector<int> simulated(1 + attempts + randoms, 0);
  AgentSettings search = settings.search;
  search.kind = AgentKind::kSearch;
  search.threads = 1;
  AgentSettings naive_agent;
  naive_agent.kind = AgentKind::kNaive;
  AgentSettings random_agent = settings.search;
  random_agent.kind = AgentKind::kRandom;
  const bool playable = start.status(level) == GameStatus::kPlaying;
  parallel_slots(1 + attempts + randoms, settings.threads, [&](std::size_t u) {
    if (u == 0) {
      r.search = play_game_from(level, start, search, settings.play, master.split({3}).seed());
      simulated[u] = r.search.simulated + r.search.birds_used;
    } else if (u <= attempts) {
      const std::size_t k = u - 1;
      naive[k] =
          play_game_from(level, start, naive_agent, settings.play, master.split({1, k}).seed());
      simulated[u] = naive[k].birds_used;
    } else if (playable) {
      const std::size_t k = u - 1 - attempts;
      Rng rng = master.split({2, k});
      const Decision d = choose_shot(random_agent, level, start, settings.play, rng);
      GameState state = start;
      hits[k] = play_shot(level, state, d.shot, settings.play).pigs_killed > 0 ? 1 : 0;
      simulated[u] = 1;
    }
  });
  r.solvable = r.search.won();
  r.naive_attempts = settings.naive_attempts;
  for (const GameRecord& g : naive) r.naive_wins += g.won() ? 1 : 0;
  r.naive_win_rate =
      attempts > 0 ? static_cast<double>(r.naive_wins) / static_cast<double>(attempts) : 0;
  r.random_shots = settings.random_shots;
  for (int h : hits) r.random_hits += h;
  r.random_kill_share =
      randoms > 0 ? static_cast<double>(r.random_hits) / static_cast<double>(randoms) : 0;
  for (int s : simulated) r.shots_simulated += s;
  return r;
}

nlohmann::json DifficultySummary::to_json() const {
  return {{"levels", levels},
          {"solvable", solvable},
          {"solvable_share", levels > 0 ? static_cast<double>(solvable) / levels : 0.0},
          {"naive_win_rate", naive_win_rate},
          {"random_kill_share", random_kill_share},
          {"protected_share", protected_share},
          {"blocks", blocks},
          {"pigs", pigs},
          {"search_birds_used", search_birds_used},
          {"first_bird_wins", first_bird_wins},
          {"first_bird_share", levels > 0 ? static_cast<double>(first_bird_wins) / levels : 0.0},
          {"naive_win_rate_sd", naive_win_rate_sd},
          {"naive_win_rate_min", naive_win_rate_min},
          {"naive_win_rate_max", naive_win_rate_max},
          {"won_with_birds", won_with_birds}};
}

DifficultySummary summarise(std::span<const DifficultyReport> reports) {
  DifficultySummary s;
  s.levels = static_cast<int>(reports.size());
  if (reports.empty()) return s;
  double birds = 0;
  s.naive_win_rate_min = 1;
  for (const DifficultyReport& r : reports) {
    s.solvable += r.solvable ? 1 : 0;
    s.first_bird_wins += r.solvable && r.search.birds_used == 1 ? 1 : 0;
    const auto used = static_cast<std::size_t>(r.solvable ? r.search.birds_used : 0);
    if (s.won_with_birds.size() <= used) s.won_with_birds.resize(used + 1, 0);
    ++s.won_with_birds[used];
    s.naive_win_rate_min = std::min(s.naive_win_rate_min, r.naive_win_rate);
    s.naive_win_rate_max = std::max(s.naive_win_rate_max, r.naive_win_rate);
    s.naive_win_rate += r.naive_win_rate;
    s.random_kill_share += r.random_kill_share;
    s.protected_share += r.protection.share;
    s.blocks += r.blocks;
    s.pigs += r.pigs;
    if (r.solvable) birds += r.search.birds_used;
  }
  const double n = static_cast<double>(reports.size());
  s.naive_win_rate /= n;
  for (const DifficultyReport& r : reports) {
    s.naive_win_rate_sd +=
        (r.naive_win_rate - s.naive_win_rate) * (r.naive_win_rate - s.naive_win_rate) / n;
  }
  s.naive_win_rate_sd = std::sqrt(s.naive_win_rate_sd);
  s.random_kill_share /= n;
  s.protected_share /= n;
  s.blocks /= n;
  s.pigs /= n;
  s.search_birds_used = s.solvable > 0 ? birds / s.solvable : 0;
  return s;
}

}  // namespace evoplay::games::birds
