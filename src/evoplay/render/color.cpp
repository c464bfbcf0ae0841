#include "evoplay/render/color.hpp"

#include <algorithm>
#include <cmath>

#include "evoplay/core/error.hpp"

namespace evoplay::render {

std::uint32_t Color::packed() const {
  auto c = [](double v) {
    return static_cast<std::uint32_t>(std::clamp(std::lround(v * 255), 0L, 255L));
  };
  return (c(r) << 16) | (c(g) << 8) | c(b);
}

Palette::Palette(std::vector<std::uint32_t> colors)
    : colors_(std::move(colors)), cache_(1 << 15, -1) {
  if (colors_.empty() || colors_.size() > 256)
    throw InternalError("a palette holds 1 to 256 colours");
}

std::uint8_t Palette::nearest(std::uint32_t rgb) {
  const std::uint32_t key = ((rgb >> 9) & 0x7C00) | ((rgb >> 6) & 0x3E0) | ((rgb >> 3) & 0x1F);
  if (cache_[key] >= 0) return static_cast<std::uint8_t>(cache_[key]);
  const int r = static_cast<int>((rgb >> 16) & 255), g = static_cast<int>((rgb >> 8) & 255),
            b = static_cast<int>(rgb & 255);
  std::size_t best = 0;
  long best_d = -1;
  for (std::size_t i = 0; i < colors_.size(); ++i) {
    const int dr = r - static_cast<int>((colors_[i] >> 16) & 255);
    const int dg = g - static_cast<int>((colors_[i] >> 8) & 255);
    const int db = b - static_cast<int>(colors_[i] & 255);
    const long d = 2L * dr * dr + 4L * dg * dg + 3L * db * db;
    if (best_d < 0 || d < best_d) {
      best_d = d;
      best = i;
    }
  }
  cache_[key] = static_cast<std::int16_t>(best);
  return static_cast<std::uint8_t>(best);
}

}  // namespace evoplay::render
