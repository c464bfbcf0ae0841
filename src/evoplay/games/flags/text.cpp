#include "evoplay/games/flags/text.hpp"

#include <fmt/format.h>

#include <cctype>

#include "evoplay/core/text.hpp"
#include "evoplay/games/flags/bots.hpp"
#include "evoplay/games/flags/render.hpp"

namespace evoplay::games::flags {

bool parse_move(const State& s, std::string_view text, State::Move& m, std::string& why) {
  std::size_t digits = 0;
  while (digits < text.size() && std::isdigit(static_cast<unsigned char>(text[digits]))) ++digits;
  const std::string_view action = trim(text.substr(digits));
  const int players = s.player_count(s.to_move());
  long long player = 0;
  if (!try_parse_int(text.substr(0, digits), player) || player < 1 || player > players) {
    why = fmt::format(
        "'{}': type a player number from 1 to {} and an action ({}), e.g. '1 n' (q quits)", text,
        players, kActionHelp);
    return false;
  }
  std::string word(action);
  for (char& c : word) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  int a = -1;
  static constexpr std::array<std::array<const char*, 3>, kActions> kWords = {
      {{"n", "north", "up"},
       {"e", "east", "right"},
       {"s", "south", "down"},
       {"w", "west", "left"},
       {"r", "rest", "wait"},
       {"a", "attack", "hit"},
       {"d", "dig", "dig"}}};
  for (int k = 0; k < kActions; ++k) {
    for (const char* w : kWords[static_cast<std::size_t>(k)]) a = word == w ? k : a;
  }
  if (a < 0) {
    why = fmt::format("'{}' is not an action: type {} after the player number (q quits)", action,
                      kActionHelp);
    return false;
  }
  m = State::make_move(static_cast<int>(player) - 1, a);
  if (!s.is_legal(m)) {
    why = s.why_illegal(m) + ": choose another action (q quits)";
    return false;
  }
  return true;
}

std::shared_ptr<search::GameUi<State>> game_ui(const std::shared_ptr<const Map>& map) {
  auto ui = std::make_shared<search::GameUi<State>>();
  ui->command = "flags";
  ui->seat_names = {"A", "B"};
  ui->start = State(map);
  ui->draw = [](const State& s, bool) { return s.to_text(); };
  ui->move_name = [](const State::Move& m) { return State::move_name(m); };
  ui->move_help = fmt::format("a player and an action, e.g. '1 n' or '2 dig' ({})", kActionHelp);
  ui->parse_move = parse_move;
  ui->bots = [] { return bots(); };
  ui->describe_value = describe_value;
  return ui;
}

nlohmann::json map_json(const Map& m) {
  return {{"name", m.name},
          {"file", m.file},
          {"width", m.width},
          {"height", m.height},
          {"energy", m.energy},
          {"turns", m.turns},
          {"players", {m.players[0].size(), m.players[1].size()}},
          {"flags", {m.flags[0].size(), m.flags[1].size()}},
          {"evaluation",
           {{"flag_value", m.params.flag_value},
            {"start_distance", m.params.start_distance},
            {"distance_value", m.params.distance_value},
            {"distance_scale", m.params.distance_scale},
            {"energy_value", m.params.energy_value}}}};
}

std::string map_text(const Map& map, const State& start) {
  const auto& p = map.params;
  return fmt::format(
             "{}: {} rows x {} columns, {} vs {} players, {} vs {} flags, energy {}, {} plies\n",
             map.name, map.height, map.width, map.players[0].size(), map.players[1].size(),
             map.flags[0].size(), map.flags[1].size(), map.energy, map.turns) +
         start.to_text() +
         fmt::format(
             "evaluation (calcularParametrosEspecificos): flag {:.0f} points; distance term "
             "{:.0f} * exp(-x / {:.2f}) per flag (D0 = {:.2f}); energy {:.3f} points per unit\n",
             p.flag_value, p.distance_value, p.distance_scale, p.start_distance, p.energy_value);
}

void save_game_pictures(const std::filesystem::path& dir, const State& start,
                        const std::vector<std::vector<State::Move>>& games,
                        const std::array<std::string, 2>& players) {
  std::filesystem::create_directories(dir);
  const std::string caption =
      fmt::format("{}: A {} against B {}", start.map().name, players[0], players[1]);
  save_state_picture(dir / "start.png", start, caption);
  for (std::size_t g = 0; g < games.size(); ++g) {
    State end = start;
    for (const auto m : games[g]) end.play(m);
    const std::string stem = games.size() == 1 ? "game" : fmt::format("game-{}", g + 1);
    save_state_picture(dir / (stem + "-end.png"), end, caption);
    save_game_gif(dir / (stem + ".gif"), start, games[g], caption);
  }
}

}  // namespace evoplay::games::flags
