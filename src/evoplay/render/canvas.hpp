#pragma once
// A cairo drawing surface with RAII, saved atomically as PNG (raster) or SVG (vector) by the
// file's extension. Every picture of evoplay is drawn on one.

#include <cairo.h>

#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "evoplay/render/color.hpp"

namespace evoplay::render {

class Canvas {
 public:
  /// A raster canvas of width x height pixels (ARGB32), cleared to white.
  Canvas(int width, int height);
  ~Canvas();
  Canvas(const Canvas&) = delete;
  Canvas& operator=(const Canvas&) = delete;

  cairo_t* cr() const { return cr_; }
  int width() const { return width_; }
  int height() const { return height_; }

  void set_color(const Color& c) const;
  void fill(const Color& c) const;  // the whole canvas

  /// Writes the canvas as PNG, atomically.
  void save_png(const std::filesystem::path& path) const;

  /// 0xRRGGBB pixels, row-major, for GIF frames.
  std::vector<std::uint32_t> pixels() const;

 private:
  int width_, height_;
  cairo_surface_t* surface_;
  cairo_t* cr_;
};

/// Makes `c` (with its alpha) the colour cairo paints with next.
void set_source(cairo_t* cr, const Color& c);

/// Draws with `draw(cairo_t*)` onto a width x height picture and saves it to `path`: PNG, or
/// SVG when the extension is .svg. Atomic.
void save_picture(const std::filesystem::path& path, int width, int height,
                  const std::function<void(cairo_t*)>& draw);

/// Text helpers (Sans). `align`: 0 left, 0.5 centre, 1 right; `valign` likewise, 0 = top.
void draw_text(cairo_t* cr, const std::string& text, double x, double y, double size,
               double align = 0, double valign = 0, bool bold = false);
double text_width(cairo_t* cr, const std::string& text, double size, bool bold = false);

/// A picture's key: a row of colour swatches, each with its label (in `text`), centred in
/// `width` at height `y` (from x = 8 when wider).
void draw_key(cairo_t* cr, double width, double y,
              const std::vector<std::pair<Color, std::string>>& items, const Color& text);

}  // namespace evoplay::render
