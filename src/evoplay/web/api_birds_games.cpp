#include "evoplay/web/api_birds_games.hpp"

#include <fmt/format.h>

namespace evoplay::web {

namespace birds = games::birds;

std::string BirdsGames::key(const std::string& xml, std::span<const birds::Shot> shots) {
  std::string k = xml;
  // Hexadecimal floats: every bit of every shot (a shot's outcome depends on all of them).
  for (const auto& s : shots)
    k += fmt::format("\n{:a} {:a} {:a} {:a}", s.angle, s.pull, s.tap, s.wait);
  return k;
}

std::shared_ptr<const birds::GameRecord> BirdsGames::find(const std::string& k) {
  const std::lock_guard lock(mutex_);
  for (auto it = games_.begin(); it != games_.end(); ++it) {
    if (it->first != k) continue;
    games_.splice(games_.begin(), games_, it);
    return games_.front().second;
  }
  return nullptr;
}

birds::GameRecord BirdsGames::game(const std::string& xml, const birds::Level& level,
                                   std::span<const birds::Shot> shots,
                                   const birds::PlaySettings& play) {
  if (xml.size() > kLongestXml) return birds::play_shots(level, shots, play);
  std::size_t known = shots.size() + 1;
  std::shared_ptr<const birds::GameRecord> found;
  while (!found && known-- > 0) found = find(key(xml, shots.first(known)));
  birds::GameRecord game =
      found ? *found : birds::play_shots(level, std::span<const birds::Shot>(), play);
  for (std::size_t k = game.shots.size(); k < shots.size(); ++k) {
    if (game.status != birds::GameStatus::kPlaying) break;
    birds::play_next_shot(level, game, shots[k], play);
  }
  return game;
}

void BirdsGames::remember(const std::string& xml, std::span<const birds::Shot> shots,
                          birds::GameRecord game) {
  if (xml.size() > kLongestXml) return;
  auto k = key(xml, shots);
  auto shared = std::make_shared<const birds::GameRecord>(std::move(game));
  const std::lock_guard lock(mutex_);
  for (auto it = games_.begin(); it != games_.end(); ++it) {
    if (it->first == k) {
      games_.erase(it);
      break;
    }
  }
  games_.emplace_front(std::move(k), std::move(shared));
  if (games_.size() > kMostGames) games_.pop_back();
}

}  // namespace evoplay::web
