#include "evoplay/render/canvas.hpp"

#include <cairo-svg.h>

#include <algorithm>

#include "evoplay/core/atomic_file.hpp"
#include "evoplay/core/error.hpp"

namespace evoplay::render {

Canvas::Canvas(int width, int height)
    : width_(width),
      height_(height),
      surface_(cairo_image_surface_create(CAIRO_FORMAT_ARGB32, width, height)),
      cr_(cairo_create(surface_)) {
  if (cairo_surface_status(surface_) != CAIRO_STATUS_SUCCESS) {
    throw Error("cannot create a picture of " + std::to_string(width) + "x" +
                std::to_string(height));
  }
  fill(Color::rgb(255, 255, 255));
}

Canvas::~Canvas() {
  cairo_destroy(cr_);
  cairo_surface_destroy(surface_);
}

void set_source(cairo_t* cr, const Color& c) { cairo_set_source_rgba(cr, c.r, c.g, c.b, c.a); }

void Canvas::set_color(const Color& c) const { set_source(cr_, c); }

void Canvas::fill(const Color& c) const {
  cairo_save(cr_);
  set_color(c);
  cairo_set_operator(cr_, CAIRO_OPERATOR_SOURCE);
  cairo_paint(cr_);
  cairo_restore(cr_);
}

void Canvas::save_png(const std::filesystem::path& path) const {
  cairo_surface_flush(surface_);
  AtomicFile file(path);
  if (cairo_surface_write_to_png(surface_, file.temp_path().c_str()) != CAIRO_STATUS_SUCCESS) {
    throw Error(path.string(), 0, "cannot write PNG");
  }
  file.commit();
}

std::vector<std::uint32_t> Canvas::pixels() const {
  cairo_surface_flush(surface_);
  const unsigned char* data = cairo_image_surface_get_data(surface_);
  const int stride = cairo_image_surface_get_stride(surface_);
  std::vector<std::uint32_t> out(static_cast<std::size_t>(width_) *
                                 static_cast<std::size_t>(height_));
  for (int y = 0; y < height_; ++y) {
    const auto* row = reinterpret_cast<const std::uint32_t*>(data + y * stride);
    for (int x = 0; x < width_; ++x) {
      out[static_cast<std::size_t>(y) * static_cast<std::size_t>(width_) +
          static_cast<std::size_t>(x)] =
          row[x] & 0xFFFFFF;  // opaque canvases: premultiplied equals straight colour
    }
  }
  return out;
}

void save_picture(const std::filesystem::path& path, int width, int height,
                  const std::function<void(cairo_t*)>& draw) {
  if (path.extension() == ".svg") {
    AtomicFile file(path);
    cairo_surface_t* surface = cairo_svg_surface_create(file.temp_path().c_str(), width, height);
    cairo_t* cr = cairo_create(surface);
    cairo_set_source_rgb(cr, 1, 1, 1);
    cairo_paint(cr);
    draw(cr);
    cairo_destroy(cr);
    cairo_surface_finish(surface);
    const auto status = cairo_surface_status(surface);
    cairo_surface_destroy(surface);
    if (status != CAIRO_STATUS_SUCCESS) throw Error(path.string(), 0, "cannot write SVG");
    file.commit();
    return;
  }
  Canvas canvas(width, height);
  draw(canvas.cr());
  canvas.save_png(path);
}

namespace {

/// The font of every text: Sans at `size`, unhinted. Hinting fits glyphs to the pixel grid with
/// metrics cairo keeps in a cache shared by the whole process, so a text drawn after others could
/// come out a pixel apart from the same text in a fresh process; unhinted, a picture is the same
/// bytes whatever the process drew before (a Python session's pictures are the command line's).
void select_font(cairo_t* cr, double size, bool bold) {
  cairo_select_font_face(cr, "Sans", CAIRO_FONT_SLANT_NORMAL,
                         bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL);
  cairo_set_font_size(cr, size);
  cairo_font_options_t* options = cairo_font_options_create();
  cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE);
  cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF);
  cairo_set_font_options(cr, options);
  cairo_font_options_destroy(options);
}

}  // namespace

void draw_text(cairo_t* cr, const std::string& text, double x, double y, double size, double align,
               double valign, bool bold) {
  cairo_save(cr);
  select_font(cr, size, bold);
  cairo_text_extents_t ext;
  cairo_text_extents(cr, text.c_str(), &ext);
  cairo_font_extents_t font;
  cairo_font_extents(cr, &font);
  const double height = font.ascent + font.descent;
  cairo_move_to(cr, x - ext.x_advance * align, y - height * valign + font.ascent);
  cairo_show_text(cr, text.c_str());
  cairo_restore(cr);
}

double text_width(cairo_t* cr, const std::string& text, double size, bool bold) {
  cairo_save(cr);
  select_font(cr, size, bold);
  cairo_text_extents_t ext;
  cairo_text_extents(cr, text.c_str(), &ext);
  cairo_restore(cr);
  return ext.x_advance;
}

void draw_key(cairo_t* cr, double width, double y,
              const std::vector<std::pair<Color, std::string>>& items, const Color& text) {
  const double size = 12, gap = 16;
  double total = 0;
  for (const auto& [c, label] : items) total += size + 5 + text_width(cr, label, size) + gap;
  double x = std::max(8.0, (width - total + gap) / 2);
  for (const auto& [c, label] : items) {
    set_source(cr, c);
    cairo_rectangle(cr, x, y - size / 2, size, size);
    cairo_fill(cr);
    set_source(cr, text);
    draw_text(cr, label, x + size + 5, y, size, 0, 0.5);
    x += size + 5 + text_width(cr, label, size) + gap;
  }
}

}  // namespace evoplay::render
