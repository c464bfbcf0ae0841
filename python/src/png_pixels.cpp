// evoplay.envs.png_to_rgb's decoder: a PNG as a numpy (H, W, 3) uint8 array, for the
// environments' render() (rgb_array). The library draws its pictures as PNG files only; decoding
// them here, in C++, takes milliseconds where the same loop in Python took seconds per picture.
#include <pybind11/numpy.h>
#include <zlib.h>

#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

#include "bindings.hpp"

namespace evoplay::python {

namespace {

std::uint32_t big_endian(std::string_view bytes, std::size_t at) {
  std::uint32_t v = 0;
  for (std::size_t i = 0; i < 4; ++i) v = (v << 8) | static_cast<unsigned char>(bytes[at + i]);
  return v;
}

/// The filter's predictor of Paeth (PNG specification, 9.4).
int paeth(int a, int b, int c) {
  const int pa = std::abs(b - c), pb = std::abs(a - c), pc = std::abs(a + b - 2 * c);
  if (pa <= pb && pa <= pc) return a;
  return pb <= pc ? b : c;
}

py::array_t<std::uint8_t> png_to_rgb(const py::bytes& data) {
  const std::string_view png = data;
  if (png.size() < 8 || png.substr(0, 8) != std::string_view("\x89PNG\r\n\x1a\n", 8)) {
    throw py::value_error("png_to_rgb: not a PNG");
  }
  std::uint32_t width = 0, height = 0;
  int depth = 0, colour = -1, interlace = 0;
  std::string idat;
  for (std::size_t pos = 8; pos + 8 <= png.size();) {
    const std::uint32_t length = big_endian(png, pos);
    const std::string_view kind = png.substr(pos + 4, 4);
    if (length > png.size() - pos - 8) throw py::value_error("png_to_rgb: a chunk is cut short");
    const std::string_view chunk = png.substr(pos + 8, length);
    pos += 12 + std::size_t{length};
    if (kind == "IHDR" && length >= 13) {
      width = big_endian(chunk, 0);
      height = big_endian(chunk, 4);
      depth = static_cast<unsigned char>(chunk[8]);
      colour = static_cast<unsigned char>(chunk[9]);
      interlace = static_cast<unsigned char>(chunk[12]);
    } else if (kind == "IDAT") {
      idat.append(chunk);
    } else if (kind == "IEND") {
      break;
    }
  }
  const std::size_t channels = colour == 0   ? 1
                               : colour == 2 ? 3
                               : colour == 4 ? 2
                               : colour == 6 ? 4
                                             : 0;
  if (depth != 8 || channels == 0 || interlace != 0) {
    throw py::value_error("png_to_rgb: only 8-bit, non-interlaced grey/RGB/RGBA pictures");
  }
  if (width == 0 || height == 0 || width > (1u << 15) || height > (1u << 15)) {
    throw py::value_error("png_to_rgb: a picture of 1 to 32768 pixels a side expected");
  }
  const std::size_t stride = width * channels;
  std::vector<unsigned char> raw(height * (stride + 1));
  uLongf size = raw.size();
  if (uncompress(raw.data(), &size, reinterpret_cast<const Bytef*>(idat.data()), idat.size()) !=
          Z_OK ||
      size != raw.size()) {
    throw py::value_error("png_to_rgb: the pixel data does not inflate to the picture's size");
  }
  std::vector<unsigned char> rows(height * stride);
  for (std::size_t y = 0; y < height; ++y) {
    const unsigned char kind = raw[y * (stride + 1)];
    const unsigned char* line = &raw[y * (stride + 1) + 1];
    unsigned char* cur = &rows[y * stride];
    const unsigned char* prev = y > 0 ? &rows[(y - 1) * stride] : nullptr;
    for (std::size_t x = 0; x < stride; ++x) {
      const int a = x >= channels ? cur[x - channels] : 0;
      const int b = prev ? prev[x] : 0;
      const int c = prev && x >= channels ? prev[x - channels] : 0;
      int p = 0;
      switch (kind) {
        case 0:
          p = 0;
          break;
        case 1:
          p = a;
          break;
        case 2:
          p = b;
          break;
        case 3:
          p = (a + b) >> 1;
          break;
        case 4:
          p = paeth(a, b, c);
          break;
        default:
          throw py::value_error("png_to_rgb: unknown filter type " + std::to_string(kind));
      }
      cur[x] = static_cast<unsigned char>((line[x] + p) & 255);
    }
  }
  py::array_t<std::uint8_t> out(
      {static_cast<py::ssize_t>(height), static_cast<py::ssize_t>(width), py::ssize_t{3}});
  auto pixels = out.mutable_unchecked<3>();
  for (std::size_t y = 0; y < height; ++y) {
    for (std::size_t x = 0; x < width; ++x) {
      const unsigned char* px = &rows[y * stride + x * channels];
      for (std::size_t k = 0; k < 3; ++k) {
        pixels(static_cast<py::ssize_t>(y), static_cast<py::ssize_t>(x),
               static_cast<py::ssize_t>(k)) = channels < 3 ? px[0] : px[k];
      }
    }
  }
  return out;
}

}  // namespace

void add_png_pixels(py::module_& m) {
  m.def("png_to_rgb", &png_to_rgb, py::arg("data"),
        "A PNG (8-bit, not interlaced: what evoplay's pictures are) as numpy (H, W, 3) uint8.");
}

}  // namespace evoplay::python
