#include "evoplay/games/sudoku/render.hpp"

#include "evoplay/render/canvas.hpp"

namespace evoplay::games::sudoku {

void save_board_picture(const std::filesystem::path& path, const Board& puzzle, const Board& board,
                        const std::string& caption) {
  const Geometry& g = board.geometry;
  const int n = g.n;
  const double cell = n <= 9 ? 48 : 32, margin = 20, top = 44;
  const double side = cell * n;
  const int width = static_cast<int>(side + 2 * margin);
  const int height = static_cast<int>(side + margin + top);
  const auto conflicts = conflicting_cells(board);
  render::save_picture(path, width, height, [&](cairo_t* cr) {
    cairo_set_source_rgb(cr, 0.15, 0.15, 0.15);
    render::draw_text(cr, caption, width / 2.0, 12, 15, 0.5, 0, true);
    for (int r = 0; r < n; ++r) {
      for (int c = 0; c < n; ++c) {
        const double x = margin + c * cell, y = top + r * cell;
        const bool given = puzzle.at(r, c) != 0;
        if (conflicts[static_cast<std::size_t>(r * n + c)]) {
          cairo_set_source_rgb(cr, 0.98, 0.78, 0.76);
        } else if (given) {
          cairo_set_source_rgb(cr, 0.93, 0.93, 0.93);
        } else {
          cairo_set_source_rgb(cr, 1, 1, 1);
        }
        cairo_rectangle(cr, x, y, cell, cell);
        cairo_fill(cr);
        const int d = board.at(r, c);
        if (d == 0) continue;
        if (given) {
          cairo_set_source_rgb(cr, 0.1, 0.1, 0.1);
        } else {
          cairo_set_source_rgb(cr, 0.0, 0.38, 0.66);
        }
        render::draw_text(cr, std::string(1, digit_symbol(d)), x + cell / 2, y + cell / 2,
                          cell * 0.55, 0.5, 0.5, given);
      }
    }
    cairo_set_source_rgb(cr, 0.2, 0.2, 0.2);
    for (int k = 0; k <= n; ++k) {
      const bool thick_v = k % g.box_cols == 0, thick_h = k % g.box_rows == 0;
      cairo_set_line_width(cr, thick_v ? 2.5 : 0.8);
      cairo_move_to(cr, margin + k * cell, top);
      cairo_line_to(cr, margin + k * cell, top + side);
      cairo_stroke(cr);
      cairo_set_line_width(cr, thick_h ? 2.5 : 0.8);
      cairo_move_to(cr, margin, top + k * cell);
      cairo_line_to(cr, margin + side, top + k * cell);
      cairo_stroke(cr);
    }
  });
}

}  // namespace evoplay::games::sudoku
