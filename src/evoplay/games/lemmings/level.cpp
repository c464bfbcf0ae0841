#include "evoplay/games/lemmings/level.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <functional>
#include <queue>

#include "evoplay/core/error.hpp"
#include "evoplay/core/text.hpp"
#include "evoplay/games/lemmings/pingus_level.hpp"

namespace evoplay::games::lemmings {

namespace {

constexpr std::array<std::string_view, kSkillCount> kSkillNames = {
    "climber", "floater", "bomber", "blocker", "builder",
    "basher",  "miner",   "digger", "jumper",  "slider"};

constexpr int kMaxSide = 1000;
constexpr long long kMaxCount = 1000000;

std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

int column_of(std::string_view line, std::string_view part) {
  return static_cast<int>(part.data() - line.data()) + 1;
}

struct HeaderValue {
  int line = 0, column = 0;
  long long value = 0;
};

}  // namespace

std::string_view skill_name(Skill s) { return kSkillNames[static_cast<std::size_t>(s)]; }

std::optional<Skill> skill_from_name(std::string_view name) {
  const std::string n = lower(trim(name));
  if (n == "exploder") return Skill::kBomber;
  if (n == "bridger") return Skill::kBuilder;
  for (Skill s : kPingusSkills) {
    if (n == skill_name(s)) return s;
  }
  return std::nullopt;
}

char cell_char(Cell c) {
  switch (c) {
    case Cell::kAir:
      return '.';
    case Cell::kDirt:
      return '#';
    case Cell::kSteel:
      return '=';
    case Cell::kWater:
      return '~';
    case Cell::kEntrance:
      return 'E';
    case Cell::kExit:
      return 'X';
  }
  return '?';
}

int Level::total_skills() const {
  int total = 0;
  for (int n : skills) total += n;
  return total;
}

namespace {

std::vector<Point> find_cells(const Level& level, Cell which) {
  std::vector<Point> points;
  for (int y = 0; y < level.height; ++y) {
    for (int x = 0; x < level.width; ++x) {
      if (level.at(x, y) == which) points.push_back({x, y});
    }
  }
  return points;
}

long long parse_value(std::string_view line, std::string_view value, const std::string& file,
                      int line_no, std::string_view key, long long lo, long long hi) {
  long long v = 0;
  const std::string_view trimmed = trim(value);
  const int col = column_of(line, trimmed.empty() ? value : trimmed);
  if (!try_parse_int(value, v)) {
    throw Error(file, line_no, col,
                fmt::format("{}: expected a whole number, found '{}'", key, trim(value)));
  }
  if (v < lo || v > hi) {
    throw Error(file, line_no, col,
                fmt::format("{}: expected a number from {} to {}, found {}", key, lo, hi, v));
  }
  return v;
}

}  // namespace

std::vector<Point> Level::entrances() const { return find_cells(*this, Cell::kEntrance); }
std::vector<Point> Level::exits() const { return find_cells(*this, Cell::kExit); }

Level parse_level(std::string_view text, const std::string& file) {
  const auto lines = split_lines(text);
  Level level;
  std::array<HeaderValue, 8> values{};  // in the order of kNumberKeys
  constexpr std::array<std::string_view, 8> kNumberKeys = {"lemmings", "save",   "time", "release",
                                                           "fall",     "bricks", "fuse", "radius"};
  constexpr std::array<long long, 8> kMin = {1, 0, 1, 1, 0, 1, 1, 0};
  constexpr std::array<long long, 8> kMax = {10000,    10000, kMaxCount, kMaxCount,
                                             kMaxSide, 1000,  10000,     100};
  bool seen_name = false, seen_skills = false;
  std::size_t i = 0;
  int separator = 0;
  for (; i < lines.size(); ++i) {
    const int line_no = static_cast<int>(i) + 1;
    const std::string_view line = lines[i];
    const std::string_view t = trim(line);
    if (t == "---") {
      separator = line_no;
      ++i;
      break;
    }
    if (t.empty() || t.front() == '#') continue;
    const auto colon = line.find(':');
    if (colon == std::string_view::npos) {
      throw Error(
          file, line_no, column_of(line, t),
          fmt::format("expected 'key: value' or the line '---' before the map, found '{}'", t));
    }
    const std::string_view key_part = trim(line.substr(0, colon));
    const std::string key = lower(key_part);
    const std::string_view value = line.substr(colon + 1);
    const int key_col = key_part.empty() ? 1 : column_of(line, key_part);
    if (key == "name") {
      if (seen_name) throw Error(file, line_no, key_col, "'name' given twice");
      seen_name = true;
      level.name = std::string(trim(value));
      continue;
    }
    if (key == "skills") {
      if (seen_skills) throw Error(file, line_no, key_col, "'skills' given twice");
      seen_skills = true;
      std::array<bool, kSkillCount> given{};
      std::size_t pos = 0;
      while (pos < value.size()) {
        while (pos < value.size() &&
               (std::isspace(static_cast<unsigned char>(value[pos])) || value[pos] == ',')) {
          ++pos;
        }
        if (pos >= value.size()) break;
        std::size_t end = pos;
        while (end < value.size() && !std::isspace(static_cast<unsigned char>(value[end])) &&
               value[end] != ',') {
          ++end;
        }
        const std::string_view token = value.substr(pos, end - pos);
        const int col = column_of(line, token);
        const auto eq = token.find('=');
        if (eq == std::string_view::npos) {
          throw Error(
              file, line_no, col,
              fmt::format("skills: expected 'skill=N' (e.g. builder=2), found '{}'", token));
        }
        const auto skill = skill_from_name(token.substr(0, eq));
        if (!skill || *skill == Skill::kJumper || *skill == Skill::kSlider) {
          throw Error(file, line_no, col,
                      fmt::format("skills: unknown skill '{}' (expected climber, floater, bomber, "
                                  "blocker, builder, basher, miner or digger)",
                                  token.substr(0, eq)));
        }
        const auto k = static_cast<std::size_t>(*skill);
        if (given[k]) {
          throw Error(file, line_no, col,
                      fmt::format("skills: '{}' given twice", skill_name(*skill)));
        }
        given[k] = true;
        level.skills[k] = static_cast<int>(
            parse_value(line, token.substr(eq + 1), file, line_no, skill_name(*skill), 0, 10000));
        pos = end;
      }
      continue;
    }
    const auto it = std::find(kNumberKeys.begin(), kNumberKeys.end(), key);
    if (it == kNumberKeys.end()) {
      throw Error(file, line_no, key_col,
                  fmt::format("unknown key '{}' (expected name, lemmings, save, time, release, "
                              "fall, bricks, fuse, radius or skills)",
                              key_part));
    }
    const auto k = static_cast<std::size_t>(it - kNumberKeys.begin());
    if (values[k].line != 0) {
      throw Error(file, line_no, key_col, fmt::format("'{}' given twice", key));
    }
    values[k] = {line_no, column_of(line, trim(value).empty() ? value : trim(value)),
                 parse_value(line, value, file, line_no, key, kMin[k], kMax[k])};
  }
  if (separator == 0) {
    throw Error(file, static_cast<int>(lines.size()), "expected a line '---' before the map");
  }
  for (std::size_t k = 0; k < 4; ++k) {
    if (values[k].line == 0) {
      throw Error(file, separator, fmt::format("missing '{}: N' in the header", kNumberKeys[k]));
    }
  }
  level.lemmings = static_cast<int>(values[0].value);
  level.save = static_cast<int>(values[1].value);
  level.time = static_cast<int>(values[2].value);
  level.release = static_cast<int>(values[3].value);
  if (values[4].line) level.fall = static_cast<int>(values[4].value);
  if (values[5].line) level.bricks = static_cast<int>(values[5].value);
  if (values[6].line) level.fuse = static_cast<int>(values[6].value);
  if (values[7].line) level.radius = static_cast<int>(values[7].value);
  if (level.save > level.lemmings) {
    throw Error(
        file, values[1].line, values[1].column,
        fmt::format("save: expected at most lemmings ({}), found {}", level.lemmings, level.save));
  }
  if (level.name.empty()) level.name = std::filesystem::path(file).stem().string();

  // The map: every row as wide as the first; trailing blank lines are ignored.
  std::size_t last = lines.size();
  while (last > i && trim(lines[last - 1]).empty()) --last;
  if (last == i) throw Error(file, separator, "expected map rows after '---'");
  for (std::size_t r = i; r < last; ++r) {
    const int line_no = static_cast<int>(r) + 1;
    std::string_view row = lines[r];
    while (!row.empty() && (row.back() == ' ' || row.back() == '\t')) row.remove_suffix(1);
    if (r == i) {
      level.width = static_cast<int>(row.size());
      if (level.width == 0) throw Error(file, line_no, 1, "expected a map row, found a blank line");
    } else if (static_cast<int>(row.size()) != level.width) {
      throw Error(file, line_no,
                  static_cast<int>(std::min(row.size(), std::size_t(level.width))) + 1,
                  fmt::format("ragged map: expected a row of {} cells like the first, found {}",
                              level.width, row.size()));
    }
    for (std::size_t c = 0; c < row.size(); ++c) {
      Cell cell;
      switch (row[c]) {
        case '.':
          cell = Cell::kAir;
          break;
        case '#':
          cell = Cell::kDirt;
          break;
        case '=':
          cell = Cell::kSteel;
          break;
        case '~':
          cell = Cell::kWater;
          break;
        case 'E':
          cell = Cell::kEntrance;
          break;
        case 'X':
          cell = Cell::kExit;
          break;
        default:
          throw Error(file, line_no, static_cast<int>(c) + 1,
                      fmt::format("unknown cell '{}' (expected . air, # dirt, = steel, ~ water, E "
                                  "entrance or X exit)",
                                  row[c]));
      }
      level.cells.push_back(cell);
    }
  }
  level.height = static_cast<int>(last - i);
  if (level.width > kMaxSide || level.height > kMaxSide) {
    throw Error(file, separator,
                fmt::format("map of {}x{} cells: at most {} cells each way", level.width,
                            level.height, kMaxSide));
  }
  // A missing cell has no place of its own: point at the start of the map.
  const int first_row = static_cast<int>(i) + 1;
  if (level.entrances().empty()) {
    throw Error(file, first_row, 1, "the map has no entrance: expected at least one 'E'");
  }
  if (level.exits().empty()) {
    throw Error(file, first_row, 1, "the map has no exit: expected at least one 'X'");
  }
  return level;
}

Level load_level(const std::string& path) {
  if (is_pingus_file(path)) {
    return pingus_as_level(
        std::make_shared<const PingusLevel>(load_pingus_level(path, pingus_data_dir())));
  }
  return parse_level(read_text(path), display_name(path));
}

std::string to_text(const Level& level) {
  std::string out = fmt::format(
      "name: {}\nlemmings: {}\nsave: {}\ntime: {}\nrelease: {}\nfall: {}\nbricks: {}\nfuse: "
      "{}\nradius: {}\n",
      level.name, level.lemmings, level.save, level.time, level.release, level.fall, level.bricks,
      level.fuse, level.radius);
  std::string skills;
  for (Skill s : kSkills) {
    if (level.skill(s) > 0) skills += fmt::format(" {}={}", skill_name(s), level.skill(s));
  }
  out += "skills:" + skills + "\n---\n";
  for (int y = 0; y < level.height; ++y) {
    for (int x = 0; x < level.width; ++x) out += cell_char(level.at(x, y));
    out += '\n';
  }
  return out;
}

std::vector<int> exit_distances(const Level& level, int dirt_cost) {
  const int w = level.width, h = level.height;
  std::vector<int> dist(level.cells.size(), kUnreachable);
  using Item = std::pair<int, int>;  // distance, cell
  std::priority_queue<Item, std::vector<Item>, std::greater<>> queue;
  for (const Point& p : level.exits()) {
    dist[static_cast<std::size_t>(p.y * w + p.x)] = 0;
    queue.push({0, p.y * w + p.x});
  }
  auto cost = [&](int cell) {
    switch (level.cells[static_cast<std::size_t>(cell)]) {
      case Cell::kDirt:
        return dirt_cost;
      case Cell::kSteel:
      case Cell::kWater:
        return -1;
      default:
        return 1;
    }
  };
  while (!queue.empty()) {
    const auto [d, cell] = queue.top();
    queue.pop();
    if (d > dist[static_cast<std::size_t>(cell)]) continue;
    const int x = cell % w, y = cell / w;
    const std::array<std::pair<int, int>, 4> steps = {{{1, 0}, {-1, 0}, {0, 1}, {0, -1}}};
    for (const auto& [dx, dy] : steps) {
      const int nx = x + dx, ny = y + dy;
      if (nx < 0 || ny < 0 || nx >= w || ny >= h) continue;
      const int next = ny * w + nx;
      const int c = cost(next);
      if (c < 0) continue;
      if (d + c < dist[static_cast<std::size_t>(next)]) {
        dist[static_cast<std::size_t>(next)] = d + c;
        queue.push({d + c, next});
      }
    }
  }
  return dist;
}

int estimated_duration(const Level& level) { return level.time; }

}  // namespace evoplay::games::lemmings
