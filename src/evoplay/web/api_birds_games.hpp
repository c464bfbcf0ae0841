#pragma once
// The Angry Birds games the page played lately (internal to web/), by level and shots. A request
// sends the level and every shot so far; the game they make is looked up here before it is
// played again from the level, so that a shot costs its own simulation only. A memo, not a
// session: the game of a level and shots is the same whether it was remembered or played again
// (play_shots and play_next_shot are one sequence of the same calls), and a server that
// remembers nothing answers every request alike.

#include <list>
#include <memory>
#include <mutex>
#include <span>
#include <string>
#include <utility>

#include "evoplay/games/birds/agents.hpp"

namespace evoplay::web {

class BirdsGames {
 public:
  /// Games remembered at most (the least recently used is forgotten first); levels longer than
  /// kLongestXml are never remembered.
  static constexpr std::size_t kMostGames = 32;
  static constexpr std::size_t kLongestXml = 256 * 1024;

  /// The game of `shots` on `level` (read from `xml`): the remembered game of the longest
  /// prefix of `shots`, played on. Stops where play_shots stops (when the game ends).
  games::birds::GameRecord game(const std::string& xml, const games::birds::Level& level,
                                std::span<const games::birds::Shot> shots,
                                const games::birds::PlaySettings& play);
  /// Remembers the game of `shots` on the level of `xml`.
  void remember(const std::string& xml, std::span<const games::birds::Shot> shots,
                games::birds::GameRecord game);

 private:
  static std::string key(const std::string& xml, std::span<const games::birds::Shot> shots);
  std::shared_ptr<const games::birds::GameRecord> find(const std::string& key);

  std::mutex mutex_;
  // Most recently used first.
  std::list<std::pair<std::string, std::shared_ptr<const games::birds::GameRecord>>> games_;
};

}  // namespace evoplay::web
