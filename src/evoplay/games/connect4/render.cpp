#include "evoplay/games/connect4/render.hpp"

#include <cmath>

#include "evoplay/render/canvas.hpp"
#include "evoplay/render/color.hpp"
#include "evoplay/render/gif.hpp"

namespace evoplay::games::connect4 {

namespace {

constexpr render::Color kFrame = render::Color::rgb(0, 84, 166);
constexpr render::Color kHole = render::Color::rgb(245, 245, 245);
constexpr render::Color kFirst = render::Color::rgb(213, 50, 40);    // X: red
constexpr render::Color kSecond = render::Color::rgb(240, 190, 20);  // O: yellow
constexpr render::Color kText = render::Color::rgb(40, 40, 40);
constexpr double kCell = 60;
constexpr int kWidthPx = 640;  // room for a caption of about 80 characters
constexpr double kLeft = (kWidthPx - kCell * kWidth) / 2;
constexpr int kHeightPx = static_cast<int>(kCell * kHeight + 100);

void draw_frame(cairo_t* cr, const Board& board, const std::string& caption, int last) {
  render::set_source(cr, render::Color::rgb(255, 255, 255));
  cairo_paint(cr);
  render::set_source(cr, kText);
  render::draw_text(cr, caption, kWidthPx / 2.0, 14, 14, 0.5, 0, true);
  draw_board(cr, board, kLeft, 44, kCell, last);
}

}  // namespace

void draw_board(cairo_t* cr, const Board& board, double x, double y, double cell, int last) {
  render::set_source(cr, kFrame);
  cairo_rectangle(cr, x, y, cell * kWidth, cell * kHeight);
  cairo_fill(cr);
  int last_row = -1;
  if (last >= 0) last_row = std::popcount(board.mask() & column_mask(last)) - 1;
  for (int col = 0; col < kWidth; ++col) {
    for (int row = 0; row < kHeight; ++row) {
      const double cx = x + (col + 0.5) * cell, cy = y + (kHeight - row - 0.5) * cell;
      const int v = board.cell(col, row);
      render::set_source(cr, v == 1 ? kFirst : v == 2 ? kSecond : kHole);
      cairo_arc(cr, cx, cy, cell * 0.4, 0, 2 * M_PI);
      cairo_fill(cr);
      if (col == last && row == last_row) {
        render::set_source(cr, render::Color::rgb(255, 255, 255));
        cairo_set_line_width(cr, cell * 0.06);
        cairo_arc(cr, cx, cy, cell * 0.2, 0, 2 * M_PI);
        cairo_stroke(cr);
      }
    }
  }
  render::set_source(cr, kText);
  for (int col = 0; col < kWidth; ++col) {
    render::draw_text(cr, std::to_string(col + 1), x + (col + 0.5) * cell, y + kHeight * cell + 6,
                      cell * 0.3, 0.5, 0);
  }
}

void save_board_picture(const std::filesystem::path& path, const Board& board,
                        const std::string& caption) {
  render::save_picture(path, kWidthPx, kHeightPx,
                       [&](cairo_t* cr) { draw_frame(cr, board, caption, -1); });
}

void save_game_gif(const std::filesystem::path& path, const std::vector<Board::Move>& moves,
                   const std::string& caption) {
  render::GifWriter gif(path, kWidthPx, kHeightPx,
                        render::palette_with({render::Color::rgb(255, 255, 255), kFrame, kHole,
                                              kFirst, kSecond, kText}));
  Board board;
  render::Canvas canvas(kWidthPx, kHeightPx);
  draw_frame(canvas.cr(), board, caption, -1);
  gif.add_frame(canvas.pixels(), 60);
  for (std::size_t i = 0; i < moves.size(); ++i) {
    board.play(moves[i]);
    draw_frame(canvas.cr(), board, caption, moves[i]);
    gif.add_frame(canvas.pixels(), i + 1 == moves.size() ? 300 : 45);
  }
  gif.close();
}

}  // namespace evoplay::games::connect4
