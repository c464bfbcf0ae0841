#pragma once
// Colours shared by every picture, and a palette for indexed images (GIF).

#include <array>
#include <cstdint>
#include <vector>

namespace evoplay::render {

struct Color {
  double r = 0, g = 0, b = 0, a = 1;
  static constexpr Color rgb(int r, int g, int b) { return {r / 255.0, g / 255.0, b / 255.0, 1}; }
  constexpr Color with_alpha(double alpha) const { return {r, g, b, alpha}; }
  std::uint32_t packed() const;  // 0xRRGGBB
};

/// A qualitative palette for data series (colour-blind-safe, after Okabe & Ito).
inline constexpr std::array<Color, 8> kSeriesColors = {
    Color::rgb(0, 114, 178),   Color::rgb(213, 94, 0),  Color::rgb(0, 158, 115),
    Color::rgb(204, 121, 167), Color::rgb(230, 159, 0), Color::rgb(86, 180, 233),
    Color::rgb(120, 120, 120), Color::rgb(240, 228, 66)};

/// Up to 256 colours with nearest-colour lookup (cached), for turning RGB pixels into indices.
class Palette {
 public:
  explicit Palette(std::vector<std::uint32_t> colors);  // 0xRRGGBB each
  std::size_t size() const { return colors_.size(); }
  std::uint32_t color(std::size_t i) const { return colors_[i]; }
  /// Index of the nearest palette colour to 0xRRGGBB.
  std::uint8_t nearest(std::uint32_t rgb);

 private:
  std::vector<std::uint32_t> colors_;
  std::vector<std::int16_t> cache_;  // by 15-bit colour, -1 = unknown
};

}  // namespace evoplay::render
