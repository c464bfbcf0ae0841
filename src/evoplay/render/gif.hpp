#pragma once
// Animated GIF output (giflib), for replays of Lemmings levels and capture-the-flag games.
//
// Frames are RGB pixels (from a Canvas) mapped to a fixed palette of up to 256 colours; the
// file is written to a temporary name and renamed when finished, so it is never half there.

#include <cstdint>
#include <filesystem>
#include <memory>
#include <vector>

#include "evoplay/render/color.hpp"

namespace evoplay::render {

class GifWriter {
 public:
  /// A looping animation of width x height frames using `palette`.
  GifWriter(std::filesystem::path path, int width, int height, Palette palette);
  ~GifWriter();
  GifWriter(const GifWriter&) = delete;
  GifWriter& operator=(const GifWriter&) = delete;

  /// Adds a frame of 0xRRGGBB pixels shown for `delay_cs` hundredths of a second.
  void add_frame(const std::vector<std::uint32_t>& pixels, int delay_cs);
  /// Finishes the file and moves it into place. Without it the output is discarded.
  void close();
  std::size_t frames() const { return frames_; }

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
  std::size_t frames_ = 0;
};

/// A palette of the colours a picture uses most, for GIF frames of cairo drawings: the given
/// colours first (exact), the rest of the 256 filled with a 6x6x6 cube for antialiased edges.
Palette palette_with(const std::vector<Color>& exact);

}  // namespace evoplay::render
