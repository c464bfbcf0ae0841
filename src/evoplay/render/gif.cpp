#include "evoplay/render/gif.hpp"

#include <fcntl.h>
#include <gif_lib.h>
#include <unistd.h>

#include <algorithm>

#include "evoplay/core/atomic_file.hpp"
#include "evoplay/core/error.hpp"

namespace evoplay::render {

struct GifWriter::Impl {
  std::filesystem::path path;
  AtomicFile file;
  GifFileType* gif = nullptr;
  int width, height;
  Palette palette;
  std::vector<GifByteType> indices;

  Impl(std::filesystem::path p, int w, int h, Palette pal)
      : path(p), file(p), width(w), height(h), palette(std::move(pal)) {}
};

GifWriter::GifWriter(std::filesystem::path path, int width, int height, Palette palette)
    : impl_(std::make_unique<Impl>(path, width, height, std::move(palette))) {
  int error = 0;
  // Opened here rather than by EGifOpenFileName, which creates files readable by their owner
  // only (0600); like every other output, a GIF gets 0666 less the umask.
  const int fd = ::open(impl_->file.temp_path().c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0666);
  impl_->gif = fd < 0 ? nullptr : EGifOpenFileHandle(fd, &error);
  if (fd >= 0 && !impl_->gif) ::close(fd);
  if (!impl_->gif)
    throw Error(path.string(), 0, std::string("cannot write GIF: ") + GifErrorString(error));
  int bits = 1;
  while ((1 << bits) < static_cast<int>(impl_->palette.size())) ++bits;
  std::vector<GifColorType> colors(static_cast<std::size_t>(1 << bits));
  for (std::size_t i = 0; i < impl_->palette.size(); ++i) {
    const auto c = impl_->palette.color(i);
    colors[i] = {static_cast<GifByteType>(c >> 16), static_cast<GifByteType>(c >> 8),
                 static_cast<GifByteType>(c)};
  }
  ColorMapObject* map = GifMakeMapObject(1 << bits, colors.data());
  EGifSetGifVersion(impl_->gif, true);
  const bool ok = EGifPutScreenDesc(impl_->gif, width, height, bits, 0, map) == GIF_OK;
  GifFreeMapObject(map);
  // NETSCAPE2.0 application extension: loop forever.
  unsigned char netscape[] = "NETSCAPE2.0";
  unsigned char loop[] = {1, 0, 0};
  const bool ok2 = EGifPutExtensionLeader(impl_->gif, APPLICATION_EXT_FUNC_CODE) == GIF_OK &&
                   EGifPutExtensionBlock(impl_->gif, 11, netscape) == GIF_OK &&
                   EGifPutExtensionBlock(impl_->gif, 3, loop) == GIF_OK &&
                   EGifPutExtensionTrailer(impl_->gif) == GIF_OK;
  if (!ok || !ok2) throw Error(path.string(), 0, "cannot write GIF header");
}

GifWriter::~GifWriter() {
  if (impl_ && impl_->gif) {
    int error = 0;
    EGifCloseFile(impl_->gif, &error);
  }
}

void GifWriter::add_frame(const std::vector<std::uint32_t>& pixels, int delay_cs) {
  const auto n = static_cast<std::size_t>(impl_->width) * static_cast<std::size_t>(impl_->height);
  if (pixels.size() != n) throw InternalError("GIF frame of the wrong size");
  impl_->indices.resize(n);
  for (std::size_t i = 0; i < n; ++i) impl_->indices[i] = impl_->palette.nearest(pixels[i]);
  GraphicsControlBlock gcb{};
  gcb.DisposalMode = DISPOSE_DO_NOT;
  gcb.DelayTime = std::max(delay_cs, 1);
  gcb.TransparentColor = NO_TRANSPARENT_COLOR;
  GifByteType ext[4];
  EGifGCBToExtension(&gcb, ext);
  bool ok =
      EGifPutExtension(impl_->gif, GRAPHICS_EXT_FUNC_CODE, 4, ext) == GIF_OK &&
      EGifPutImageDesc(impl_->gif, 0, 0, impl_->width, impl_->height, false, nullptr) == GIF_OK;
  for (int y = 0; ok && y < impl_->height; ++y) {
    ok = EGifPutLine(impl_->gif,
                     impl_->indices.data() +
                         static_cast<std::size_t>(y) * static_cast<std::size_t>(impl_->width),
                     impl_->width) == GIF_OK;
  }
  if (!ok) throw Error(impl_->path.string(), 0, "cannot write GIF frame");
  ++frames_;
}

void GifWriter::close() {
  int error = 0;
  const bool ok = EGifCloseFile(impl_->gif, &error) == GIF_OK;
  impl_->gif = nullptr;
  if (!ok)
    throw Error(impl_->path.string(), 0,
                std::string("cannot finish GIF: ") + GifErrorString(error));
  impl_->file.commit();
}

Palette palette_with(const std::vector<Color>& exact) {
  std::vector<std::uint32_t> colors;
  for (const auto& c : exact) {
    const auto p = c.packed();
    if (std::find(colors.begin(), colors.end(), p) == colors.end()) colors.push_back(p);
  }
  for (int r = 0; r < 6 && colors.size() < 256; ++r) {
    for (int g = 0; g < 6 && colors.size() < 256; ++g) {
      for (int b = 0; b < 6 && colors.size() < 256; ++b) {
        colors.push_back(static_cast<std::uint32_t>((r * 51) << 16 | (g * 51) << 8 | (b * 51)));
      }
    }
  }
  return Palette(std::move(colors));
}

}  // namespace evoplay::render
