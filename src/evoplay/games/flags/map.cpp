#include "evoplay/games/flags/map.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <filesystem>

#include "evoplay/core/error.hpp"
#include "evoplay/core/text.hpp"

namespace evoplay::games::flags {

char cell_char(Cell c) {
  switch (c) {
    case Cell::kFloor:
      return '.';
    case Cell::kMud:
      return '~';
    case Cell::kWall:
      return '#';
    case Cell::kRock:
      return '%';
    case Cell::kFlagA:
      return 'a';
    case Cell::kFlagB:
      return 'b';
  }
  return '?';
}

namespace {

/// The characters of a map's rows (a cell each).
constexpr std::string_view kCellCharacters = ".~#%abAB";

// Dial's algorithm (Dijkstra with a bucket queue; costs are 1 to 6) from `flag` over the states
// (cell, facing), backwards. A player on v facing f got there from the cell behind it, u: by a
// move into v (floor or mud: the cost of entering v; u's facing did not matter), or, when v is
// rock, by digging it while facing it from u and stepping in (6 = 5 + 1, and u's facing was f).
// `out` gets the cost and the actions of the cheapest path (fewest actions among equally cheap
// ones) of every state, state = cell * 4 + facing (it starts all kFar).
void distances_from(const Map& map, const std::vector<std::uint8_t>& board, int flag,
                    Distances::Path* out) {
  auto kind = [&](int cell) {
    return static_cast<Cell>(board[static_cast<std::size_t>(cell)] & 15);
  };
  constexpr int kBuckets = kRockPathCost + 1;
  std::array<std::vector<int>, kBuckets> buckets;
  int pending = 0;
  auto relax = [&](int state, int cost, int actions) {
    Distances::Path& p = out[state];
    if (cost < p.cost) {
      p.cost = static_cast<std::uint16_t>(cost);
      p.steps = static_cast<std::uint16_t>(actions);
      buckets[static_cast<std::size_t>(cost % kBuckets)].push_back(state);
      ++pending;
    } else if (cost == p.cost && actions < p.steps) {
      p.steps = static_cast<std::uint16_t>(actions);
    }
  };
  for (int f = 0; f < 4; ++f) relax(flag * 4 + f, 0, 0);
  for (int d = 0; pending > 0; ++d) {
    auto& bucket = buckets[static_cast<std::size_t>(d % kBuckets)];
    for (std::size_t i = 0; i < bucket.size(); ++i) {
      const int state = bucket[i];
      --pending;
      if (out[state].cost != d) continue;  // a stale entry: reached more cheaply
      const int v = state / 4, facing = state % 4;
      const int u = map.neighbour(v, (facing + 2) % 4);  // behind: where the player came from
      if (u < 0 || kind(u) == Cell::kWall) continue;
      const int actions = out[state].steps;
      switch (kind(v)) {
        case Cell::kWall:
          break;
        case Cell::kRock:
          relax(u * 4 + facing, d + kRockPathCost, actions + 2);
          break;
        default: {
          const int enter = kind(v) == Cell::kMud ? kMudCost : kFloorCost;
          for (int g = 0; g < 4; ++g) relax(u * 4 + g, d + enter, actions + 1);
        }
      }
    }
    bucket.clear();
  }
}

}  // namespace

Distances compute_distances(const Map& map, const std::vector<std::uint8_t>& board) {
  Distances d;
  d.cells = map.cell_count();
  d.paths.resize(static_cast<std::size_t>(map.flag_count()) * static_cast<std::size_t>(d.cells) *
                 4);
  for (int t = 0; t < kTeams; ++t) {
    for (std::size_t i = 0; i < map.flags[static_cast<std::size_t>(t)].size(); ++i) {
      const int id = map.flag_id(t, static_cast<int>(i));
      distances_from(map, board, map.flags[static_cast<std::size_t>(t)][i],
                     d.paths.data() + d.slot(id, 0, 0));
    }
  }
  return d;
}

std::shared_ptr<const Distances> Map::distances(std::uint64_t dug_key,
                                                const std::vector<std::uint8_t>& board) const {
  if (dug_key == 0) return base_;
  const std::lock_guard lock(cache_mutex_);
  if (const auto it = cache_.find(dug_key); it != cache_.end()) return it->second;
  // At most about 64 MiB of cached maps; then start again (searches revisit few dug sets).
  const std::size_t bytes = 16 * static_cast<std::size_t>(flag_count() * cell_count()) + 64;
  if (cache_.size() >= std::max<std::size_t>(64, (std::size_t{64} << 20) / bytes)) cache_.clear();
  auto d = std::make_shared<const Distances>(compute_distances(*this, board));
  cache_.emplace(dug_key, d);
  return d;
}

void Map::prepare() {
  const int n = cell_count();
  std::vector<std::uint8_t> board(cells.size());
  for (std::size_t i = 0; i < cells.size(); ++i) board[i] = static_cast<std::uint8_t>(cells[i]);
  base_ = std::make_shared<const Distances>(compute_distances(*this, board));

  // Where players start facing: towards the enemy flags, along the axis on which the two teams'
  // flags lie further apart (so that mirrored or rotated maps give mirrored facings).
  std::array<double, kTeams> row{}, col{};
  for (int t = 0; t < kTeams; ++t) {
    for (int f : flags[static_cast<std::size_t>(t)]) {
      row[static_cast<std::size_t>(t)] += row_of(f);
      col[static_cast<std::size_t>(t)] += col_of(f);
    }
    const auto k =
        static_cast<double>(std::max<std::size_t>(1, flags[static_cast<std::size_t>(t)].size()));
    row[static_cast<std::size_t>(t)] /= k;
    col[static_cast<std::size_t>(t)] /= k;
  }
  const double dr = row[1] - row[0], dc = col[1] - col[0];
  if (std::fabs(dr) >= std::fabs(dc)) {
    facing = dr >= 0 ? std::array{kSouth, kNorth} : std::array{kNorth, kSouth};
  } else {
    facing = dc >= 0 ? std::array{kEast, kWest} : std::array{kWest, kEast};
  }

  // calcularParametrosEspecificos: the evaluation's parameters from the map.
  const double flags_per_team =
      std::max(1.0, static_cast<double>(flags[0].size() + flags[1].size()) / 2.0);
  params.flag_value = 10000.0 / flags_per_team;
  double sum = 0;
  int count = 0;
  int far = 0;
  for (int t = 0; t < kTeams; ++t) {
    for (int p : players[static_cast<std::size_t>(t)]) {
      for (std::size_t i = 0; i < flags[static_cast<std::size_t>(1 - t)].size(); ++i) {
        const int d =
            base_->at(flag_id(1 - t, static_cast<int>(i)), p, facing[static_cast<std::size_t>(t)]);
        if (d == kFar) continue;
        sum += d;
        ++count;
      }
    }
  }
  for (const auto& path : base_->paths) {
    if (path.cost != kFar) far = std::max<int>(far, path.cost);
  }
  params.start_distance = count > 0 ? std::max(1.0, sum / count) : 1.0;
  params.distance_scale = std::max(1.0, params.start_distance / 2);
  params.distance_value = 0.4 * params.flag_value;
  const double gradient = params.distance_value / params.distance_scale *
                          std::exp(-params.start_distance / params.distance_scale);
  params.energy_value = gradient / 8;
  decay_.resize(static_cast<std::size_t>(far) + 1);
  for (int x = 0; x <= far; ++x) {
    decay_[static_cast<std::size_t>(x)] =
        params.distance_value * std::exp(-x / params.distance_scale);
  }

  // Zobrist keys: positions, energies, facings of the 8 player slots, dug cells, flags, side.
  energy_base_ = static_cast<std::size_t>(kPlayerSlots * n);
  facing_base_ = energy_base_ + static_cast<std::size_t>(kPlayerSlots * (energy + 1));
  dug_base_ = facing_base_ + static_cast<std::size_t>(kPlayerSlots * 4);
  flag_base_ = dug_base_ + static_cast<std::size_t>(n);
  side_base_ = flag_base_ + static_cast<std::size_t>(flag_count());
  keys_ = search::ZobristKeys(side_base_ + 1);
  const std::lock_guard lock(cache_mutex_);
  cache_.clear();
}

namespace {

int column_of(std::string_view line, std::string_view part) {
  return static_cast<int>(part.data() - line.data()) + 1;
}

std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

int parse_header_number(std::string_view line, std::string_view value, const std::string& file,
                        int line_no, std::string_view key, int lo, int hi) {
  const std::string_view t = trim(value);
  const int col = column_of(line, t.empty() ? value : t);
  long long v = 0;
  if (!try_parse_int(t, v)) {
    throw Error(file, line_no, col, fmt::format("{}: expected a whole number, found '{}'", key, t));
  }
  if (v < lo || v > hi) {
    throw Error(file, line_no, col,
                fmt::format("{}: expected a number from {} to {}, found {}", key, lo, hi, v));
  }
  return static_cast<int>(v);
}

std::string where(const Map& m, int cell) {
  return fmt::format("row {}, column {}", m.row_of(cell) + 1, m.col_of(cell) + 1);
}

}  // namespace

std::shared_ptr<const Map> parse_map(std::string_view text, const std::string& file) {
  auto map = std::make_shared<Map>();
  map->file = file;
  const auto lines = split_lines(text);
  std::size_t i = 0;
  int energy_line = 0, turns_line = 0, name_line = 0;
  for (; i < lines.size(); ++i) {
    const int line_no = static_cast<int>(i) + 1;
    const std::string_view line = lines[i];
    const std::string_view t = trim(line);
    if (t.empty()) continue;
    const auto colon = line.find(':');
    if (colon == std::string_view::npos) break;  // the first row of the grid
    const std::string_view key_part = trim(line.substr(0, colon));
    const std::string key = lower(key_part);
    const std::string_view value = line.substr(colon + 1);
    const int key_col = column_of(line, key_part.empty() ? t : key_part);
    auto once = [&](int& seen) {
      if (seen) {
        throw Error(file, line_no, key_col,
                    fmt::format("'{}' given twice (first on line {})", key, seen));
      }
      seen = line_no;
    };
    if (key == "name") {
      once(name_line);
      map->name = std::string(trim(value));
    } else if (key == "energy") {
      once(energy_line);
      map->energy = parse_header_number(line, value, file, line_no, key, 1, kMaxEnergy);
    } else if (key == "turns") {
      once(turns_line);
      map->turns = parse_header_number(line, value, file, line_no, key, 1, kMaxTurns);
    } else {
      throw Error(file, line_no, key_col,
                  fmt::format("unknown header key '{}' (expected name, energy or turns, as "
                              "'key: value', before the map)",
                              key_part));
    }
  }
  if (map->name.empty()) map->name = std::filesystem::path(file).stem().string();

  // The grid: from the first row to the last non-blank line, every row as wide as the first.
  std::size_t last = lines.size();
  while (last > i && trim(lines[last - 1]).empty()) --last;
  if (last == i) {
    throw Error(file, static_cast<int>(lines.size()),
                "expected the map's rows after the header (cells . ~ # % a b A B)");
  }
  const int first_line = static_cast<int>(i) + 1;
  std::array<std::vector<std::pair<int, int>>, kTeams> flag_at, player_at;  // line, column
  // Every byte before the first unknown one is an ASCII cell, so its byte column is its
  // character column; a UTF-8 character is shown whole ('é'), other bytes by value.
  const auto unknown_character = [&](std::string_view row, std::size_t c, int line_no,
                                     bool first_row) {
    const auto ch = static_cast<unsigned char>(row[c]);
    std::size_t length = ch >= 0xF0 ? 4 : ch >= 0xE0 ? 3 : ch >= 0xC0 ? 2 : 1;
    if (c + length > row.size()) length = 1;
    const std::string shown = std::isprint(ch) || (ch >= 0xC0 && length > 1)
                                  ? fmt::format("'{}'", row.substr(c, length))
                                  : fmt::format("byte 0x{:02x}", ch);
    const bool header_like = first_row && std::isalpha(ch);
    throw Error(file, line_no, static_cast<int>(c) + 1,
                fmt::format("unknown character {} (expected . floor, ~ mud, # wall, % rock, "
                            "a b flags, A B players){}",
                            shown, header_like ? "; header lines are written 'key: value'" : ""));
  };
  for (std::size_t r = i; r < last; ++r) {
    const int line_no = static_cast<int>(r) + 1;
    std::string_view row = lines[r];
    while (!row.empty() && (row.back() == ' ' || row.back() == '\t' || row.back() == '\r'))
      row.remove_suffix(1);
    if (row.empty()) {
      throw Error(file, line_no, 1, "blank line inside the map: expected a row of cells");
    }
    if (row.find(':') != std::string_view::npos) {
      throw Error(file, line_no, static_cast<int>(row.find(':')) + 1,
                  "header line after the map's first row: put 'key: value' lines before the map");
    }
    // A character that is no cell is named at its column before the row's width is judged (an
    // 'é' is two bytes: counted as such, it would make the row look ragged).
    if (const auto c = row.find_first_not_of(kCellCharacters); c != std::string_view::npos)
      unknown_character(row, c, line_no, r == i);
    if (r == i) {
      map->width = static_cast<int>(row.size());
    } else if (static_cast<int>(row.size()) != map->width) {
      throw Error(file, line_no,
                  static_cast<int>(std::min(row.size(), static_cast<std::size_t>(map->width))) + 1,
                  fmt::format("ragged map: expected a row of {} cells like the first row (line "
                              "{}), found {}",
                              map->width, first_line, row.size()));
    }
    if (map->width > kMaxSide) {
      throw Error(file, line_no, kMaxSide + 1,
                  fmt::format("map too wide: at most {} cells per row", kMaxSide));
    }
    const int map_row = static_cast<int>(r - i);
    if (map_row >= kMaxSide) {
      throw Error(file, line_no, fmt::format("map too tall: at most {} rows", kMaxSide));
    }
    for (std::size_t c = 0; c < row.size(); ++c) {
      const int cell = map_row * map->width + static_cast<int>(c);
      const int col = static_cast<int>(c) + 1;
      Cell kind = Cell::kFloor;
      switch (row[c]) {
        case '.':
          break;
        case '~':
          kind = Cell::kMud;
          break;
        case '#':
          kind = Cell::kWall;
          break;
        case '%':
          kind = Cell::kRock;
          break;
        case 'a':
        case 'b': {
          const int team = row[c] == 'a' ? 0 : 1;
          kind = team == 0 ? Cell::kFlagA : Cell::kFlagB;
          auto& list = map->flags[static_cast<std::size_t>(team)];
          if (list.size() == kMaxFlags) {
            throw Error(file, line_no, col,
                        fmt::format("too many flags '{}': at most {} per team", row[c], kMaxFlags));
          }
          list.push_back(cell);
          flag_at[static_cast<std::size_t>(team)].emplace_back(line_no, col);
          break;
        }
        case 'A':
        case 'B': {
          const int team = row[c] == 'A' ? 0 : 1;
          auto& list = map->players[static_cast<std::size_t>(team)];
          if (list.size() == kMaxPlayers) {
            throw Error(
                file, line_no, col,
                fmt::format("too many players '{}': at most {} per team", row[c], kMaxPlayers));
          }
          list.push_back(cell);
          player_at[static_cast<std::size_t>(team)].emplace_back(line_no, col);
          break;
        }
        default:
          unknown_character(row, c, line_no, r == i);
      }
      map->cells.push_back(kind);
    }
  }
  map->height = static_cast<int>(last - i);
  for (int t = 0; t < kTeams; ++t) {
    if (map->players[static_cast<std::size_t>(t)].empty()) {
      throw Error(
          file, first_line,
          fmt::format("no players of team {0}: put at least one '{0}' on the map", team_letter(t)));
    }
    if (map->flags[static_cast<std::size_t>(t)].empty()) {
      throw Error(file, first_line,
                  fmt::format("no flags of team {}: put at least one '{}' on the map",
                              team_letter(t), static_cast<char>(std::tolower(team_letter(t)))));
    }
  }
  map->prepare();
  // Every flag must be reachable by some enemy player (rock counts as passable where a player can
  // face it to dig it).
  for (int t = 0; t < kTeams; ++t) {
    const auto& flags = map->flags[static_cast<std::size_t>(t)];
    for (std::size_t f = 0; f < flags.size(); ++f) {
      bool reachable = false;
      for (int p : map->players[static_cast<std::size_t>(1 - t)]) {
        reachable =
            reachable || map->base_distances().at(map->flag_id(t, static_cast<int>(f)), p) != kFar;
      }
      if (!reachable) {
        const auto [line_no, col] = flag_at[static_cast<std::size_t>(t)][f];
        throw Error(file, line_no, col,
                    fmt::format("flag '{}' at {} is walled in: no player of team {} can reach "
                                "it, even by digging (walls '#' cannot be crossed, and a rock "
                                "can be dug only by a player that steps towards it first)",
                                static_cast<char>(std::tolower(team_letter(t))),
                                where(*map, flags[f]), team_letter(1 - t)));
      }
    }
  }
  return map;
}

std::shared_ptr<const Map> load_map(const std::string& path) {
  return parse_map(read_text(path), display_name(path));
}

std::string to_text(const Map& map) {
  std::string out =
      fmt::format("name: {}\nenergy: {}\nturns: {}\n", map.name, map.energy, map.turns);
  for (int r = 0; r < map.height; ++r) {
    for (int c = 0; c < map.width; ++c) {
      const int cell = map.index(r, c);
      char ch = cell_char(map.cells[static_cast<std::size_t>(cell)]);
      for (int t = 0; t < kTeams; ++t) {
        for (int p : map.players[static_cast<std::size_t>(t)]) {
          if (p == cell) ch = team_letter(t);
        }
      }
      out += ch;
    }
    out += '\n';
  }
  return out;
}

}  // namespace evoplay::games::flags
