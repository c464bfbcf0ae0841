#include "evoplay/games/flags/render.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "evoplay/render/canvas.hpp"
#include "evoplay/render/color.hpp"
#include "evoplay/render/gif.hpp"

namespace evoplay::games::flags {

namespace {

using render::Color;

constexpr Color kBackground = Color::rgb(30, 36, 46);
constexpr Color kText = Color::rgb(236, 238, 242);
constexpr Color kTextDim = Color::rgb(160, 168, 182);
constexpr Color kFloor = Color::rgb(233, 226, 206);
constexpr Color kFloorLine = Color::rgb(214, 205, 180);
constexpr Color kRubble = Color::rgb(188, 176, 146);
constexpr Color kMud = Color::rgb(126, 92, 56);
constexpr Color kMudDark = Color::rgb(96, 68, 40);
constexpr Color kWall = Color::rgb(58, 66, 78);
constexpr Color kWallLight = Color::rgb(80, 90, 104);
constexpr Color kRock = Color::rgb(146, 144, 138);
constexpr Color kRockLight = Color::rgb(176, 174, 168);
constexpr Color kRockDark = Color::rgb(104, 102, 98);
constexpr Color kPole = Color::rgb(52, 52, 56);
constexpr std::array<Color, kTeams> kTeam = {Color::rgb(40, 104, 214), Color::rgb(222, 68, 52)};
constexpr std::array<Color, kTeams> kTeamLight = {Color::rgb(140, 180, 244),
                                                  Color::rgb(246, 160, 150)};
constexpr Color kWhite = Color::rgb(255, 255, 255);
constexpr Color kRing = Color::rgb(246, 196, 40);
constexpr Color kBarBack = Color::rgb(40, 40, 44);
constexpr Color kGood = Color::rgb(60, 196, 106);
constexpr Color kLow = Color::rgb(232, 84, 64);
constexpr Color kMidEnergy = Color::rgb(240, 190, 50);

constexpr double kMargin = 16;
constexpr double kCaption = 40;
constexpr double kPanelRow = 26;

Color energy_color(double share) {
  if (share > 0.6) return kGood;
  if (share > 0.3) return kMidEnergy;
  return kLow;
}

void draw_flag(cairo_t* cr, double x, double y, double cell, const Color& color) {
  const double pole_x = x + cell * 0.34;
  render::set_source(cr, kPole);
  cairo_set_line_width(cr, std::max(1.5, cell * 0.06));
  cairo_move_to(cr, pole_x, y + cell * 0.84);
  cairo_line_to(cr, pole_x, y + cell * 0.14);
  cairo_stroke(cr);
  render::set_source(cr, color);
  cairo_move_to(cr, pole_x, y + cell * 0.16);
  cairo_line_to(cr, x + cell * 0.80, y + cell * 0.30);
  cairo_line_to(cr, pole_x, y + cell * 0.46);
  cairo_close_path(cr);
  cairo_fill(cr);
  render::set_source(cr, kPole);
  cairo_arc(cr, pole_x, y + cell * 0.84, cell * 0.07, 0, 2 * M_PI);
  cairo_fill(cr);
}

void draw_cell(cairo_t* cr, const State& s, int i, double x, double y, double cell) {
  const Cell c = s.cell(i);
  const bool dug = s.map().cells[static_cast<std::size_t>(i)] == Cell::kRock && c != Cell::kRock;
  switch (c) {
    case Cell::kWall:
      render::set_source(cr, kWall);
      cairo_rectangle(cr, x, y, cell, cell);
      cairo_fill(cr);
      render::set_source(cr, kWallLight);
      cairo_rectangle(cr, x, y, cell, cell * 0.14);
      cairo_fill(cr);
      return;
    case Cell::kRock: {
      render::set_source(cr, kFloor);
      cairo_rectangle(cr, x, y, cell, cell);
      cairo_fill(cr);
      const double r = cell * 0.16;
      render::set_source(cr, kRock);
      cairo_new_sub_path(cr);
      cairo_arc(cr, x + cell - r - 1, y + r + 1, r, -M_PI / 2, 0);
      cairo_arc(cr, x + cell - r - 1, y + cell - r - 1, r, 0, M_PI / 2);
      cairo_arc(cr, x + r + 1, y + cell - r - 1, r, M_PI / 2, M_PI);
      cairo_arc(cr, x + r + 1, y + r + 1, r, M_PI, 1.5 * M_PI);
      cairo_close_path(cr);
      cairo_fill(cr);
      render::set_source(cr, kRockLight);
      cairo_arc(cr, x + cell * 0.32, y + cell * 0.3, cell * 0.1, 0, 2 * M_PI);
      cairo_fill(cr);
      render::set_source(cr, kRockDark);
      cairo_set_line_width(cr, std::max(1.0, cell * 0.05));
      cairo_move_to(cr, x + cell * 0.55, y + cell * 0.2);
      cairo_line_to(cr, x + cell * 0.62, y + cell * 0.48);
      cairo_line_to(cr, x + cell * 0.78, y + cell * 0.62);
      cairo_move_to(cr, x + cell * 0.62, y + cell * 0.48);
      cairo_line_to(cr, x + cell * 0.42, y + cell * 0.74);
      cairo_stroke(cr);
      return;
    }
    case Cell::kMud: {
      render::set_source(cr, kMud);
      cairo_rectangle(cr, x, y, cell, cell);
      cairo_fill(cr);
      render::set_source(cr, kMudDark);
      cairo_set_line_width(cr, std::max(1.0, cell * 0.06));
      for (int k = 0; k < 2; ++k) {
        const double yy = y + cell * (0.35 + 0.3 * k);
        cairo_move_to(cr, x + cell * 0.15, yy);
        cairo_curve_to(cr, x + cell * 0.35, yy - cell * 0.1, x + cell * 0.5, yy + cell * 0.1,
                       x + cell * 0.85, yy);
      }
      cairo_stroke(cr);
      return;
    }
    default:
      break;
  }
  render::set_source(cr, kFloor);
  cairo_rectangle(cr, x, y, cell, cell);
  cairo_fill(cr);
  render::set_source(cr, kFloorLine);
  cairo_set_line_width(cr, 1);
  cairo_rectangle(cr, x + 0.5, y + 0.5, cell - 1, cell - 1);
  cairo_stroke(cr);
  if (dug) {  // rock dug away: rubble
    render::set_source(cr, kRubble);
    for (const auto& [dx, dy] : {std::pair{0.25, 0.7}, {0.7, 0.3}, {0.55, 0.78}, {0.3, 0.35}}) {
      cairo_arc(cr, x + cell * dx, y + cell * dy, cell * 0.06, 0, 2 * M_PI);
      cairo_fill(cr);
    }
  }
  if (c == Cell::kFlagA || c == Cell::kFlagB)
    draw_flag(cr, x, y, cell, kTeam[c == Cell::kFlagA ? 0 : 1]);
}

void draw_player(cairo_t* cr, const State& s, int slot, double x, double y, double cell,
                 bool ringed) {
  const int team = slot / kMaxPlayers, i = slot % kMaxPlayers;
  const Player& p = s.player(team, i);
  const double cx = x + cell / 2, cy = y + cell * 0.44, r = cell * 0.32;
  if (ringed) {
    render::set_source(cr, kRing);
    cairo_set_line_width(cr, std::max(2.0, cell * 0.08));
    cairo_arc(cr, cx, cy, r + cell * 0.09, 0, 2 * M_PI);
    cairo_stroke(cr);
  }
  // Facing: a small wedge outside the disc.
  const double angle = std::array{-M_PI / 2, 0.0, M_PI / 2, M_PI}[p.facing];
  render::set_source(cr, kTeam[static_cast<std::size_t>(team)]);
  const double tip = r + cell * 0.13;
  cairo_move_to(cr, cx + tip * std::cos(angle), cy + tip * std::sin(angle));
  cairo_line_to(cr, cx + r * 0.8 * std::cos(angle + 0.55), cy + r * 0.8 * std::sin(angle + 0.55));
  cairo_line_to(cr, cx + r * 0.8 * std::cos(angle - 0.55), cy + r * 0.8 * std::sin(angle - 0.55));
  cairo_close_path(cr);
  cairo_fill(cr);
  render::set_source(cr, kTeam[static_cast<std::size_t>(team)]);
  cairo_arc(cr, cx, cy, r, 0, 2 * M_PI);
  cairo_fill_preserve(cr);
  render::set_source(cr, kWhite);
  cairo_set_line_width(cr, std::max(1.5, cell * 0.05));
  cairo_stroke(cr);
  render::draw_text(cr, fmt::format("{}{}", team_letter(team), i + 1), cx, cy, r * 0.95, 0.5, 0.5,
                    true);
  // Energy bar.
  const double share = std::clamp(static_cast<double>(p.energy) / s.map().energy, 0.0, 1.0);
  const double bw = cell * 0.78, bh = std::max(3.0, cell * 0.1), bx = x + (cell - bw) / 2,
               by = y + cell * 0.84;
  render::set_source(cr, kBarBack);
  cairo_rectangle(cr, bx, by, bw, bh);
  cairo_fill(cr);
  render::set_source(cr, energy_color(share));
  cairo_rectangle(cr, bx, by, bw * share, bh);
  cairo_fill(cr);
}

struct Layout {
  double cell, board_w, board_h, width, height, left, top;
};

Layout layout(const Map& map) {
  Layout l;
  l.cell = cell_size(map);
  l.board_w = l.cell * map.width;
  l.board_h = l.cell * map.height;
  l.width = std::ceil(std::max(l.board_w + 2 * kMargin, 600.0));
  l.left = std::floor((l.width - l.board_w) / 2);
  l.top = kCaption;
  // Below the board: one row per team, then the status line on a row of its own (on small maps
  // the board is narrower than the teams' rows, so nothing may share a row with them).
  l.height = std::ceil(l.top + l.board_h + 12 + 3 * kPanelRow + kMargin);
  return l;
}

void draw_panel(cairo_t* cr, const State& s, double x, double y, double width) {
  const Map& m = s.map();
  for (int t = 0; t < kTeams; ++t) {
    const double row_y = y + t * kPanelRow;
    render::set_source(cr, kTeam[static_cast<std::size_t>(t)]);
    cairo_rectangle(cr, x, row_y + 4, 14, 14);
    cairo_fill(cr);
    render::set_source(cr, kText);
    const std::string head =
        fmt::format("team {}  flags {}/{}  energy {}", team_letter(t), s.captured(t),
                    m.flags[static_cast<std::size_t>(1 - t)].size(), s.total_energy(t));
    render::draw_text(cr, head, x + 22, row_y + 11, 14, 0, 0.5, true);
    double px = x + 22 + render::text_width(cr, head, 14, true) + 18;
    for (int i = 0; i < s.player_count(t); ++i) {
      const Player& p = s.player(t, i);
      const std::string label = p.alive() ? fmt::format("{}{} {}", team_letter(t), i + 1, p.energy)
                                          : fmt::format("{}{} out", team_letter(t), i + 1);
      render::set_source(cr, p.alive() ? kTeamLight[static_cast<std::size_t>(t)] : kTextDim);
      render::draw_text(cr, label, px, row_y + 11, 13, 0, 0.5);
      px += render::text_width(cr, label, 13) + 14;
      if (px > x + width) break;
    }
  }
}

void draw_frame(cairo_t* cr, const State& s, const std::string& caption, int last) {
  const Layout l = layout(s.map());
  render::set_source(cr, kBackground);
  cairo_paint(cr);
  render::set_source(cr, kText);
  render::draw_text(cr, caption, l.width / 2, 12, 15, 0.5, 0, true);
  draw_board(cr, s, l.left, l.top, l.cell, last);
  std::string status;
  if (s.is_terminal()) {
    status = s.result() == State::kDraw
                 ? fmt::format("ply {}: draw", s.ply())
                 : fmt::format("ply {}: team {} wins", s.ply(), team_letter(s.result()));
  } else {
    status = fmt::format("ply {} of {}, team {} to move", s.ply(), s.map().turns,
                         team_letter(s.to_move()));
  }
  const double panel_y = l.top + l.board_h + 12;
  draw_panel(cr, s, l.left, panel_y, l.board_w);
  render::set_source(cr, s.is_terminal() ? kRing : kTextDim);
  render::draw_text(cr, status, l.left, panel_y + kTeams * kPanelRow + 11, 13, 0, 0.5,
                    s.is_terminal());
}

}  // namespace

double cell_size(const Map& map) {
  const double by_width = 760.0 / map.width, by_height = 560.0 / map.height;
  return std::floor(std::clamp(std::min(by_width, by_height), 22.0, 64.0));
}

void draw_board(cairo_t* cr, const State& s, double x, double y, double cell, int last) {
  const Map& m = s.map();
  for (int r = 0; r < m.height; ++r) {
    for (int c = 0; c < m.width; ++c)
      draw_cell(cr, s, m.index(r, c), x + c * cell, y + r * cell, cell);
  }
  for (int r = 0; r < m.height; ++r) {
    for (int c = 0; c < m.width; ++c) {
      const int o = s.occupant(m.index(r, c));
      if (o >= 0) draw_player(cr, s, o, x + c * cell, y + r * cell, cell, o == last);
    }
  }
  render::set_source(cr, kWall);
  cairo_set_line_width(cr, 2);
  cairo_rectangle(cr, x - 1, y - 1, cell * m.width + 2, cell * m.height + 2);
  cairo_stroke(cr);
}

void save_state_picture(const std::filesystem::path& path, const State& state,
                        const std::string& caption) {
  const Layout l = layout(state.map());
  render::save_picture(path, static_cast<int>(l.width), static_cast<int>(l.height),
                       [&](cairo_t* cr) { draw_frame(cr, state, caption, -1); });
}

void save_game_gif(const std::filesystem::path& path, const State& start,
                   const std::vector<State::Move>& moves, const std::string& caption) {
  const Layout l = layout(start.map());
  const int w = static_cast<int>(l.width), h = static_cast<int>(l.height);
  render::GifWriter gif(
      path, w, h,
      render::palette_with({kBackground, kText,         kTextDim,      kFloor,    kFloorLine,
                            kRubble,     kMud,          kMudDark,      kWall,     kWallLight,
                            kRock,       kRockLight,    kRockDark,     kPole,     kTeam[0],
                            kTeam[1],    kTeamLight[0], kTeamLight[1], kWhite,    kRing,
                            kBarBack,    kGood,         kLow,          kMidEnergy}));
  State s = start;
  render::Canvas canvas(w, h);
  draw_frame(canvas.cr(), s, caption, -1);
  gif.add_frame(canvas.pixels(), 80);
  for (std::size_t k = 0; k < moves.size(); ++k) {
    const int slot = s.to_move() * kMaxPlayers + State::player_of(moves[k]);
    s.play(moves[k]);
    draw_frame(canvas.cr(), s, caption, slot);
    gif.add_frame(canvas.pixels(), k + 1 == moves.size() ? 400 : 30);
  }
  gif.close();
}

}  // namespace evoplay::games::flags
