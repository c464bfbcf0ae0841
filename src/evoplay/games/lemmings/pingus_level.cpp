#include "evoplay/games/lemmings/pingus_level.hpp"

#include <cairo.h>
#include <fmt/format.h>

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>

#include "evoplay/core/error.hpp"
#include "evoplay/core/text.hpp"
#include "evoplay/games/lemmings/pingus_sexpr.hpp"

namespace evoplay::games::lemmings {

namespace fs = std::filesystem;

std::string pingus_data_dir() {
  const char* env = std::getenv("EVOPLAY_PINGUS_DATA");
  return env && *env ? std::string(env) : std::string(kPingusDebianData);
}

bool is_pingus_file(const std::string& path) {
  return path.size() > 7 && path.compare(path.size() - 7, 7, ".pingus") == 0;
}

std::string pingus_checksum(const std::string& bytes) {
  std::uint64_t c = 0;  // the game's `long` arithmetic, wrapping
  for (char ch : bytes) {
    c = c * 17 +
        static_cast<std::uint64_t>(static_cast<std::int64_t>(static_cast<signed char>(ch)));
  }
  return std::to_string(static_cast<std::int64_t>(c));
}

namespace {

// ---- images and masks ---------------------------------------------------------------------

/// A PNG's colour type and whether it has a tRNS chunk (what decides SDL_image's surface kind
/// and so CollisionMask's rule).
struct PngKind {
  int color_type = -1;
  bool trns = false;
};

PngKind png_kind(const std::string& bytes) {
  PngKind k;
  if (bytes.size() < 33 || bytes.compare(1, 3, "PNG") != 0) return k;
  k.color_type = static_cast<unsigned char>(bytes[25]);
  std::size_t i = 8;
  while (i + 8 <= bytes.size()) {
    const auto b = [&](std::size_t j) {
      return static_cast<std::uint32_t>(static_cast<unsigned char>(bytes[j]));
    };
    const std::uint32_t len = (b(i) << 24) | (b(i + 1) << 16) | (b(i + 2) << 8) | b(i + 3);
    const std::string_view type(bytes.data() + i + 4, 4);
    if (type == "tRNS") k.trns = true;
    if (type == "IDAT" || type == "IEND") break;
    i += 12 + len;
  }
  return k;
}

/// The modifiers of the game's ResourceModifier, with the blitter's transforms.
enum class Modifier {
  kRot0,
  kRot90,
  kRot180,
  kRot270,
  kRot0Flip,
  kRot90Flip,
  kRot180Flip,
  kRot270Flip
};

bool modifier_from_name(std::string_view s, Modifier& m) {
  static const std::pair<std::string_view, Modifier> kNames[] = {
      {"ROT0", Modifier::kRot0},
      {"ROT90", Modifier::kRot90},
      {"ROT180", Modifier::kRot180},
      {"ROT270", Modifier::kRot270},
      {"ROT0FLIP", Modifier::kRot0Flip},
      {"ROT90FLIP", Modifier::kRot90Flip},
      {"ROT180FLIP", Modifier::kRot180Flip},
      {"ROT270FLIP", Modifier::kRot270Flip}};
  for (const auto& [name, value] : kNames) {
    if (s == name) {
      m = value;
      return true;
    }
  }
  return false;
}

PingusMask apply_modifier(const PingusMask& src, Modifier m) {
  if (m == Modifier::kRot0) return src;
  const int w = src.width, h = src.height;
  const bool swap = m == Modifier::kRot90 || m == Modifier::kRot270 || m == Modifier::kRot90Flip ||
                    m == Modifier::kRot270Flip;
  PingusMask out;
  out.width = swap ? h : w;
  out.height = swap ? w : h;
  out.bits.assign(static_cast<std::size_t>(w) * static_cast<std::size_t>(h), 0);
  for (int y = 0; y < h; ++y) {
    for (int x = 0; x < w; ++x) {
      int col = 0, row = 0;
      switch (m) {
        case Modifier::kRot90:
          col = h - y - 1;
          row = x;
          break;
        case Modifier::kRot180:
          col = w - x - 1;
          row = h - y - 1;
          break;
        case Modifier::kRot270:
          col = y;
          row = w - x - 1;
          break;
        case Modifier::kRot0Flip:
          col = w - x - 1;
          row = y;
          break;
        case Modifier::kRot90Flip:
          col = y;
          row = x;
          break;
        case Modifier::kRot180Flip:
          col = x;
          row = h - y - 1;
          break;
        case Modifier::kRot270Flip:
          col = h - y - 1;
          row = w - x - 1;
          break;
        case Modifier::kRot0:
          col = x;
          row = y;
          break;
      }
      out.bits[static_cast<std::size_t>(row) * static_cast<std::size_t>(out.width) +
               static_cast<std::size_t>(col)] =
          src.bits[static_cast<std::size_t>(y) * static_cast<std::size_t>(w) +
                   static_cast<std::size_t>(x)];
    }
  }
  return out;
}

/// A sprite description: the image, and the frame the game cuts from it.
struct SpriteDesc {
  std::string image;  // file path
  int array_w = 1, array_h = 1;
  int pos_x = 0, pos_y = 0;
  int size_w = -1, size_h = -1;
  bool cut() const {
    return array_w != 1 || array_h != 1 || pos_x != 0 || pos_y != 0 || size_w != -1 || size_h != -1;
  }
};

/// Loads images and sprite descriptions by resource name (images/NAME.sprite, .png), once.
class Resources {
 public:
  explicit Resources(std::string data_dir) : data_(std::move(data_dir)) {}

  const std::string& data() const { return data_; }

  /// The sprite description of a resource; nullopt if there is none.
  std::optional<SpriteDesc> sprite(const std::string& name) const {
    const fs::path base = fs::path(data_) / "images";
    const fs::path spr = base / (name + ".sprite");
    std::error_code ec;
    if (fs::exists(spr, ec)) {
      const std::string file = spr.string();
      const auto exprs = parse_sexprs(read_text(file), file);
      if (exprs.empty() || exprs[0].head() != "pingus-sprite") {
        throw Error(file, 1, "expected a (pingus-sprite ...) description");
      }
      const SExpr& e = exprs[0];
      SpriteDesc d;
      const SExpr* image = e.find("image");
      if (!image || image->items.size() < 2 || image->items[1].kind != SExpr::Kind::kString) {
        throw Error(file, e.line, "expected (image \"FILE\")");
      }
      const std::string img = image->items[1].text;
      d.image = img.starts_with("/") ? (fs::path(data_) / img.substr(1)).lexically_normal().string()
                                     : (spr.parent_path() / img).lexically_normal().string();
      auto pair = [&](const char* key, int& a, int& b) {
        if (const SExpr* p = e.find(key);
            p && p->items.size() == 3 && p->items[1].is_number() && p->items[2].is_number()) {
          a = static_cast<int>(p->items[1].integer);
          b = static_cast<int>(p->items[2].integer);
        }
      };
      pair("array", d.array_w, d.array_h);
      pair("position", d.pos_x, d.pos_y);
      pair("size", d.size_w, d.size_h);
      return d;
    }
    for (const char* ext : {".png", ".jpg"}) {
      const fs::path p = base / (name + ext);
      if (fs::exists(p, ec)) return SpriteDesc{p.string()};
    }
    return std::nullopt;
  }

  /// The collision mask of a resource as the game builds it (CollisionMask(ResDescriptor)).
  const PingusMask& mask(const std::string& name, Modifier m, const std::string& file, int line) {
    const auto key = std::make_pair(name, static_cast<int>(m));
    if (auto it = masks_.find(key); it != masks_.end()) return it->second;
    const auto desc = sprite(name);
    if (!desc) {
      throw Error(file, line,
                  fmt::format("image '{}' not found under {}/images (is pingus-data installed?)",
                              name, data_));
    }
    PingusMask full = decode(desc->image, file, line);
    if (desc->cut()) {
      const int fw = desc->size_w > 0 ? desc->size_w : full.width / std::max(1, desc->array_w);
      const int fh = desc->size_h > 0 ? desc->size_h : full.height / std::max(1, desc->array_h);
      PingusMask sub;
      sub.width = fw;
      sub.height = fh;
      sub.bits.assign(static_cast<std::size_t>(fw) * static_cast<std::size_t>(fh), 0);
      for (int y = 0; y < fh; ++y) {
        for (int x = 0; x < fw; ++x) {
          const int sx = desc->pos_x + x, sy = desc->pos_y + y;
          if (sx >= 0 && sy >= 0 && sx < full.width && sy < full.height) {
            sub.bits[static_cast<std::size_t>(y * fw + x)] =
                full.bits[static_cast<std::size_t>(sy * full.width + sx)];
          }
        }
      }
      full = std::move(sub);
    }
    return masks_.emplace(key, apply_modifier(full, m)).first->second;
  }

  /// The width of one frame of a sprite (the game's Sprite::get_width).
  int frame_width(const std::string& name, const std::string& file, int line) {
    const auto desc = sprite(name);
    if (!desc)
      throw Error(file, line, fmt::format("image '{}' not found under {}/images", name, data_));
    if (desc->size_w > 0) return desc->size_w;
    return mask(name, Modifier::kRot0, file, line).width / std::max(1, desc->array_w);
  }

 private:
  static PingusMask decode(const std::string& path, const std::string& file, int line) {
    if (!path.ends_with(".png")) {
      throw Error(file, line, fmt::format("image {}: only PNG images are supported", path));
    }
    std::string bytes;
    {
      std::ifstream in(path, std::ios::binary);
      if (!in) throw Error(file, line, fmt::format("image {}: cannot be read", path));
      bytes.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
    }
    const PngKind kind = png_kind(bytes);
    if (kind.color_type == 0 && kind.trns) {
      throw Error(
          file, line,
          fmt::format("image {}: a grey PNG with a transparent colour is not supported", path));
    }
    cairo_surface_t* s = cairo_image_surface_create_from_png(path.c_str());
    if (cairo_surface_status(s) != CAIRO_STATUS_SUCCESS) {
      cairo_surface_destroy(s);
      throw Error(file, line, fmt::format("image {}: not a readable PNG", path));
    }
    cairo_surface_flush(s);
    PingusMask m;
    m.width = cairo_image_surface_get_width(s);
    m.height = cairo_image_surface_get_height(s);
    const int stride = cairo_image_surface_get_stride(s);
    const unsigned char* data = cairo_image_surface_get_data(s);
    // SDL_image gives a 24-bit surface for RGB and a palette without colour key for grey: the
    // game's CollisionMask counts every pixel of those; otherwise a pixel counts when it is
    // opaque (alpha 255, or not the palette's one transparent index).
    const bool all = cairo_image_surface_get_format(s) != CAIRO_FORMAT_ARGB32 ||
                     kind.color_type == 0 || kind.color_type == 2;
    m.bits.resize(static_cast<std::size_t>(m.width) * static_cast<std::size_t>(m.height));
    for (int y = 0; y < m.height; ++y) {
      const auto* row =
          reinterpret_cast<const std::uint32_t*>(data + static_cast<std::ptrdiff_t>(y) * stride);
      for (int x = 0; x < m.width; ++x) {
        m.bits[static_cast<std::size_t>(y * m.width + x)] = all || (row[x] >> 24) == 255 ? 1 : 0;
      }
    }
    cairo_surface_destroy(s);
    return m;
  }

  std::string data_;
  std::map<std::pair<std::string, int>, PingusMask> masks_;
};

// ---- the collision map (CollisionMap::put / remove) ------------------------------------------

void put_mask(PingusLevel& l, const PingusMask& m, int sx, int sy, std::uint8_t type) {
  if (type == kGpTransparent) return;
  if (sx > l.width || sy > l.height) return;
  for (int y = 0; y < m.height; ++y) {
    for (int x = 0; x < m.width; ++x) {
      if (!m.bits[static_cast<std::size_t>(y * m.width + x)]) continue;
      const int px = x + sx, py = y + sy;
      if (px < 0 || py < 0 || px >= l.width || py >= l.height) continue;
      auto& pixel = l.colmap[static_cast<std::size_t>(py) * static_cast<std::size_t>(l.width) +
                             static_cast<std::size_t>(px)];
      if (type == kGpBridge && pixel != kGpNothing) continue;
      pixel = type;
    }
  }
}

void remove_mask(PingusLevel& l, const PingusMask& m, int xp, int yp) {
  const int sx = std::max(0, -xp), sy = std::max(0, -yp);
  const int ex = std::min(m.width, l.width - xp), ey = std::min(m.height, l.height - yp);
  for (int y = sy; y < ey; ++y) {
    for (int x = sx; x < ex; ++x) {
      if (!m.bits[static_cast<std::size_t>(y * m.width + x)]) continue;
      auto& pixel = l.colmap[static_cast<std::size_t>(y + yp) * static_cast<std::size_t>(l.width) +
                             static_cast<std::size_t>(x + xp)];
      if (pixel != kGpSolid) pixel = kGpNothing;
    }
  }
}

// ---- objects -------------------------------------------------------------------------------

/// One world object of the level after groups and prefabs are unfolded.
struct Object {
  const SExpr* expr = nullptr;
  const SExpr* overrides = nullptr;  // a prefab's overrides (read before the object's fields)
  std::string file;                  // where expr comes from (the level or a prefab)
  float dx = 0, dy = 0, dz = 0;      // a prefab's position
};

const SExpr* field(const Object& o, std::string_view name) {
  if (o.overrides) {
    if (const SExpr* f = o.overrides->find(name)) return f;
  }
  return o.expr->find(name);
}

bool read_int(const Object& o, std::string_view name, int& v) {
  const SExpr* f = field(o, name);
  if (f && f->items.size() == 2 && f->items[1].kind == SExpr::Kind::kInt) {
    v = static_cast<int>(f->items[1].integer);
    return true;
  }
  return false;
}

std::string read_string(const SExpr* f) {
  std::string v;
  if (!f) return v;
  for (std::size_t i = 1; i < f->items.size(); ++i) {
    if (f->items[i].kind == SExpr::Kind::kString || f->items[i].kind == SExpr::Kind::kSymbol) {
      v += f->items[i].text;
    }
  }
  return v;
}

/// read_vector("position") plus the prefab's position.
void position(const Object& o, float& x, float& y, float& z) {
  x = y = z = 0;
  const SExpr* f = field(o, "position");
  if (f && f->items.size() == 4 && f->items[1].is_number() && f->items[2].is_number() &&
      f->items[3].is_number()) {
    x = f->items[1].number();
    y = f->items[2].number();
    z = f->items[3].number();
  }
  x += o.dx;
  y += o.dy;
  z += o.dz;
}

/// read_desc("surface"): image and modifier.
std::pair<std::string, Modifier> surface(const Object& o) {
  const SExpr* f = field(o, "surface");
  if (!f) {
    throw Error(o.file, o.expr->line, o.expr->column,
                fmt::format("{}: expected (surface (image \"NAME\") ...)", o.expr->head()));
  }
  Modifier m = Modifier::kRot0;
  if (const SExpr* mod = f->find("modifier")) {
    const std::string name = read_string(mod);
    if (!modifier_from_name(name, m)) {
      throw Error(o.file, mod->line, mod->column,
                  fmt::format("unknown modifier '{}' (expected ROT0, ROT90, ROT180, ROT270 or "
                              "one of them followed by FLIP)",
                              name));
    }
  }
  return {read_string(f->find("image")), m};
}

constexpr std::string_view kIgnored[] = {"hotspot",
                                         "surface-background",
                                         "starfield-background",
                                         "solidcolor-background",
                                         "snow-generator",
                                         "rain-generator",
                                         "snow",
                                         "rain"};
constexpr std::string_view kUnsupported[] = {"fake_exit",    "guillotine", "hammer",
                                             "laser_exit",   "smasher",    "iceblock",
                                             "conveyorbelt", "teleporter", "teleporter-target"};

void unfold(const SExpr& e, const SExpr* overrides, const std::string& file, float dx, float dy,
            float dz, const std::string& data_dir, std::vector<SExpr>& prefab_store,
            std::vector<std::unique_ptr<std::vector<SExpr>>>& keep, std::vector<Object>& out,
            int depth) {
  if (!e.is_list() || e.head().empty()) {
    throw Error(file, e.line, e.column, "expected an object: (NAME ...)");
  }
  const std::string_view name = e.head();
  if (name == "group") {
    const SExpr* objects = e.find("objects");
    if (!objects) return;
    for (std::size_t i = 1; i < objects->items.size(); ++i) {
      unfold(objects->items[i], overrides, file, dx, dy, dz, data_dir, prefab_store, keep, out,
             depth + 1);
    }
    return;
  }
  if (name == "prefab") {
    if (depth > 8) throw Error(file, e.line, e.column, "prefabs nested too deeply");
    Object self{&e, nullptr, file};
    const std::string prefab = read_string(e.find("name"));
    float px, py, pz;
    position(self, px, py, pz);
    const std::string path = (fs::path(data_dir) / (prefab + ".prefab")).string();
    std::error_code ec;
    if (!fs::exists(path, ec)) {
      throw Error(file, e.line, e.column, fmt::format("prefab '{}' not found ({})", prefab, path));
    }
    keep.push_back(std::make_unique<std::vector<SExpr>>(parse_sexprs(read_text(path), path)));
    const auto& exprs = *keep.back();
    if (exprs.empty() || exprs[0].head() != "pingus-prefab") {
      throw Error(path, 1, "not a (pingus-prefab ...) file");
    }
    const SExpr* objects = exprs[0].find("objects");
    if (!objects || objects->items.size() < 2) throw Error(path, 1, "empty prefab file");
    const SExpr* over = e.find("overrides");
    for (std::size_t i = 1; i < objects->items.size(); ++i) {
      unfold(objects->items[i], over, path, dx + px, dy + py, dz + pz, data_dir, prefab_store, keep,
             out, depth + 1);
    }
    return;
  }
  for (std::string_view u : kUnsupported) {
    if (name == u) {
      throw Error(file, e.line, e.column,
                  fmt::format("unsupported object '{}': evoplay's Pingus rules play groundpieces, "
                              "entrances, exits, liquids, spikes and switch doors",
                              name));
    }
  }
  out.push_back({&e, overrides, file, dx, dy, dz});
}

int action_skill(std::string_view name) {
  static const std::pair<std::string_view, Skill> kActions[] = {
      {"basher", Skill::kBasher},   {"blocker", Skill::kBlocker}, {"bomber", Skill::kBomber},
      {"bridger", Skill::kBuilder}, {"climber", Skill::kClimber}, {"digger", Skill::kDigger},
      {"floater", Skill::kFloater}, {"jumper", Skill::kJumper},   {"miner", Skill::kMiner},
      {"slider", Skill::kSlider}};
  for (const auto& [n, s] : kActions) {
    if (name == n) return static_cast<int>(s);
  }
  return -1;
}

std::shared_ptr<const PingusMasks> load_masks(Resources& res) {
  auto m = std::make_shared<PingusMasks>();
  const std::string where = res.data() + "/images";
  auto get = [&](const char* name) { return res.mask(name, Modifier::kRot0, where, 0); };
  m->bash = get("pingus/common/bash_radius");
  m->digger = get("pingus/common/digger_radius");
  m->digger_final = get("pingus/common/digger_radius_final_gfx");  // the game's choice
  m->miner = get("pingus/common/miner_radius");
  m->miner_left = get("pingus/common/miner_radius_left");
  m->miner_right = get("pingus/common/miner_radius_right");
  m->bomber = get("other/bomber_radius");
  m->brick_left = get("other/brick_left");
  m->brick_right = get("other/brick_right");
  m->door_box = get("worldobjs/switchdoor_box");
  m->door_tile = get("worldobjs/switchdoor_tile_cmap");
  return m;
}

}  // namespace

int pingus_horizon(const PingusLevel& l) {
  if (l.time >= 0) return l.time + 126;
  // The tick of the last release: each entrance releases when last + rate < tick, starting
  // from last = 150 - rate.
  int last_tick = 0;
  if (!l.entrances.empty()) {
    std::vector<long long> last(l.entrances.size());
    for (std::size_t i = 0; i < last.size(); ++i) last[i] = 150 - l.entrances[i].release_rate;
    int released = 0;
    for (long long tick = 1; released < l.pingus && tick < 1000000; ++tick) {
      for (std::size_t i = 0; i < last.size() && released < l.pingus; ++i) {
        if (last[i] + l.entrances[i].release_rate < tick) {
          last[i] = tick;
          ++released;
          last_tick = static_cast<int>(tick);
        }
      }
    }
  }
  return last_tick + 2 * (l.width + l.height);
}

PingusLevel load_pingus_level(const std::string& path, const std::string& data_dir) {
  const std::string file = display_name(path);
  const std::string text = read_text(path);
  const auto exprs = parse_sexprs(text, file);
  if (exprs.empty() || exprs[0].head() != "pingus-level") {
    throw Error(file, exprs.empty() ? 1 : exprs[0].line, "expected a (pingus-level ...) file");
  }
  const SExpr& root = exprs[0];
  PingusLevel l;
  l.file = path;
  l.checksum = pingus_checksum(text);
  {
    std::error_code ec;
    const fs::path levels = fs::weakly_canonical(fs::path(data_dir) / "levels", ec);
    const fs::path me = fs::weakly_canonical(path, ec);
    fs::path rel = me.lexically_relative(levels);
    if (!rel.empty() && !rel.string().starts_with("..")) {
      l.resname = rel.replace_extension().generic_string();
    }
  }
  const SExpr* head = root.find("head");
  if (!head) throw Error(file, root.line, root.column, "expected a (head ...) section");
  const Object h{head, nullptr, file};
  l.name = read_string(head->find("levelname"));
  if (l.name.empty()) l.name = fs::path(path).stem().string();
  auto need_int = [&](const char* key, int& v) {
    if (!read_int(h, key, v)) {
      throw Error(file, head->line, head->column, fmt::format("head: expected ({} N)", key));
    }
  };
  need_int("number-of-pingus", l.pingus);
  need_int("number-to-save", l.save);
  if (!read_int(h, "time", l.time)) l.time = 0;  // the game's default
  if (l.time < -1 || l.time == 0) {
    throw Error(file, head->line, head->column,
                fmt::format("head: time {}: expected a number of ticks or -1 (no limit)", l.time));
  }
  const SExpr* size = head->find("levelsize");
  if (!size || size->items.size() != 3 || size->items[1].kind != SExpr::Kind::kInt ||
      size->items[2].kind != SExpr::Kind::kInt) {
    throw Error(file, head->line, head->column, "head: expected (levelsize WIDTH HEIGHT)");
  }
  l.width = static_cast<int>(size->items[1].integer);
  l.height = static_cast<int>(size->items[2].integer);
  if (l.width < 1 || l.height < 1 || l.width > 20000 || l.height > 20000) {
    throw Error(
        file, size->line, size->column,
        fmt::format("levelsize {}x{}: expected 1 to 20000 pixels each way", l.width, l.height));
  }
  if (l.pingus < 1 || l.pingus > 100000 || l.save < 0 || l.save > l.pingus) {
    throw Error(file, head->line, head->column,
                fmt::format("head: {} pingus, {} to save: expected at least one pingu and at most "
                            "as many to save",
                            l.pingus, l.save));
  }
  const SExpr* actions = head->find("actions");
  if (!actions) throw Error(file, head->line, head->column, "head: expected (actions ...)");
  for (std::size_t i = 1; i < actions->items.size(); ++i) {
    const SExpr& a = actions->items[i];
    const int k = action_skill(a.head());
    if (k < 0) {
      throw Error(file, a.line, a.column,
                  fmt::format("unsupported action '{}' (expected basher, blocker, bomber, bridger, "
                              "climber, digger, floater, jumper, miner or slider)",
                              a.head()));
    }
    if (a.items.size() != 2 || a.items[1].kind != SExpr::Kind::kInt || a.items[1].integer < 0) {
      throw Error(file, a.line, a.column, fmt::format("actions: expected ({} COUNT)", a.head()));
    }
    l.actions[static_cast<std::size_t>(k)] = static_cast<int>(a.items[1].integer);
  }

  // The objects, in file order, groups and prefabs unfolded (the game's WorldObjFactory).
  std::vector<SExpr> prefab_store;
  std::vector<std::unique_ptr<std::vector<SExpr>>> keep;
  std::vector<Object> objects;
  if (const SExpr* objs = root.find("objects")) {
    for (std::size_t i = 1; i < objs->items.size(); ++i) {
      unfold(objs->items[i], nullptr, file, 0, 0, 0, data_dir, prefab_store, keep, objects, 0);
    }
  }
  // World::init_worldobjs: the objects and then the pingus (z = 50), stably sorted by z; each
  // object's on_startup draws into the collision map in that order.
  struct Placed {
    float z;
    int index;  // into objects; -1 = the pingus
  };
  std::vector<Placed> order;
  for (std::size_t i = 0; i < objects.size(); ++i) {
    float x, y, z;
    position(objects[i], x, y, z);
    order.push_back({z, static_cast<int>(i)});
  }
  order.push_back({50.0f, -1});
  std::stable_sort(order.begin(), order.end(),
                   [](const Placed& a, const Placed& b) { return a.z < b.z; });

  Resources res(data_dir);
  std::vector<std::pair<std::string, int>> door_ids;  // the doors' ids, in update order
  std::vector<std::string> switch_targets;
  l.colmap.assign(static_cast<std::size_t>(l.width) * static_cast<std::size_t>(l.height),
                  kGpNothing);
  const PingusMask* water_cmap = nullptr;
  for (const Placed& p : order) {
    if (p.index < 0) {
      l.updates.push_back({PingusUpdate::Kind::kPingus, 0});
      continue;
    }
    const Object& o = objects[static_cast<std::size_t>(p.index)];
    const std::string_view name = o.expr->head();
    float x, y, z;
    position(o, x, y, z);
    const int line = o.expr->line;
    if (name == "groundpiece") {
      const auto [image, mod] = surface(o);
      std::string type = "ground";
      if (const SExpr* t = field(o, "type")) type = read_string(t);
      std::uint8_t gp = kGpGround;
      if (type == "solid")
        gp = kGpSolid;
      else if (type == "transparent")
        gp = kGpTransparent;
      else if (type == "bridge")
        gp = kGpBridge;
      else if (type == "water")
        gp = kGpWater;
      else if (type == "lava")
        gp = kGpLava;
      else if (type == "remove")
        gp = kGpRemove;  // anything else: ground, as the game does
      const PingusMask& m = res.mask(image, mod, o.file, line);
      if (gp == kGpRemove) {
        remove_mask(l, m, static_cast<int>(x), static_cast<int>(y));
      } else {
        put_mask(l, m, static_cast<int>(x), static_cast<int>(y), gp);
      }
    } else if (name == "entrance") {
      PingusEntrance e{x, y, z};
      read_int(o, "release-rate", e.release_rate);
      read_int(o, "owner-id", e.owner);
      if (e.owner < 0 || e.owner > 3) e.owner = 0;
      const std::string dir = read_string(field(o, "direction"));
      e.direction = dir == "left" ? -1 : dir == "right" ? 1 : 0;
      l.updates.push_back({PingusUpdate::Kind::kEntrance, static_cast<int>(l.entrances.size())});
      l.entrances.push_back(e);
    } else if (name == "exit") {
      PingusExit e{x, y, z};
      read_int(o, "owner-id", e.owner);
      if (e.owner < 0 || e.owner > 3) e.owner = 0;
      const auto [image, mod] = surface(o);
      // Exit::on_startup: the exit's picture (its first frame) is cut out of the ground.
      const PingusMask& m = res.mask(image, mod, o.file, line);
      const int fw = res.frame_width(image, o.file, line);
      remove_mask(l, m, static_cast<int>(x) - fw / 2, static_cast<int>(y) - m.height);
      l.updates.push_back({PingusUpdate::Kind::kExit, static_cast<int>(l.exits.size())});
      l.exits.push_back(e);
    } else if (name == "liquid") {
      const auto [image, mod] = surface(o);
      int repeat = 0;
      read_int(o, "repeat", repeat);
      const int width = repeat * res.frame_width(image, o.file, line);
      if (!water_cmap) water_cmap = &res.mask("liquids/water_cmap", Modifier::kRot0, o.file, line);
      for (int i = 0; i < width; ++i) {
        put_mask(l, *water_cmap, static_cast<int>(x + static_cast<float>(i)), static_cast<int>(y),
                 kGpWater);
      }
    } else if (name == "switchdoor-door") {
      PingusDoor d;
      d.x = static_cast<int>(x);
      d.y = static_cast<int>(y);
      read_int(o, "height", d.height);
      d.box_height = res.mask("worldobjs/switchdoor_box", Modifier::kRot0, o.file, line).height;
      d.tile_height = res.mask("worldobjs/switchdoor_tile", Modifier::kRot0, o.file, line).height;
      const PingusMask& box = res.mask("worldobjs/switchdoor_box", Modifier::kRot0, o.file, line);
      const PingusMask& tile =
          res.mask("worldobjs/switchdoor_tile_cmap", Modifier::kRot0, o.file, line);
      put_mask(l, box, d.x, d.y, kGpSolid);
      for (int i = 0; i < d.height; ++i) {
        put_mask(l, tile, d.x, d.y + i * d.tile_height + d.box_height, kGpSolid);
      }
      door_ids.emplace_back(read_string(field(o, "id")), static_cast<int>(l.doors.size()));
      l.updates.push_back({PingusUpdate::Kind::kDoor, static_cast<int>(l.doors.size())});
      l.doors.push_back(d);
    } else if (name == "switchdoor-switch") {
      PingusSwitch sw;
      sw.x = x;
      sw.y = y;
      const PingusMask& m = res.mask("worldobjs/switchdoor_switch", Modifier::kRot0, o.file, line);
      sw.width = static_cast<float>(m.width);
      sw.height = static_cast<float>(m.height);
      switch_targets.push_back(read_string(field(o, "target-id")));
      l.updates.push_back({PingusUpdate::Kind::kSwitch, static_cast<int>(l.switches.size())});
      l.switches.push_back(sw);
    } else if (name == "spike") {
      l.updates.push_back({PingusUpdate::Kind::kSpike, static_cast<int>(l.spikes.size())});
      l.spikes.push_back({x, y, z});
    } else {
      // Decoration (hotspots, backgrounds, weather) and names the game does not know (it
      // skips them too: "invalid id") change nothing for the pingus.
      (void)kIgnored;
    }
  }
  // SwitchDoorSwitch::on_startup: the first world object with the target's id.
  for (std::size_t i = 0; i < l.switches.size(); ++i) {
    for (const auto& [id, door] : door_ids) {
      if (!id.empty() && id == switch_targets[i]) {
        l.switches[i].door = door;
        break;
      }
    }
  }
  if (l.entrances.empty()) throw Error(file, root.line, "the level has no entrance");
  if (l.exits.empty()) throw Error(file, root.line, "the level has no exit");
  l.masks = load_masks(res);
  l.horizon = pingus_horizon(l);
  return l;
}

Level pingus_as_level(std::shared_ptr<const PingusLevel> p) {
  const PingusLevel& l = *p;
  Level level;
  level.name = l.name;
  level.width = (l.width + kPingusCell - 1) / kPingusCell;
  level.height = (l.height + kPingusCell - 1) / kPingusCell;
  level.lemmings = l.pingus;
  level.save = l.save;
  level.time = l.horizon;
  int rate = 0;
  for (const auto& e : l.entrances)
    rate = rate == 0 ? e.release_rate : std::min(rate, e.release_rate);
  level.release = std::max(1, rate + 1);
  level.skills = l.actions;
  level.cells.assign(static_cast<std::size_t>(level.width) * static_cast<std::size_t>(level.height),
                     Cell::kAir);
  for (int cy = 0; cy < level.height; ++cy) {
    for (int cx = 0; cx < level.width; ++cx) {
      int solid = 0, ground = 0, water = 0, n = 0;
      for (int y = cy * kPingusCell; y < std::min(l.height, (cy + 1) * kPingusCell); ++y) {
        for (int x = cx * kPingusCell; x < std::min(l.width, (cx + 1) * kPingusCell); ++x) {
          const std::uint8_t g = l.at(x, y);
          ++n;
          if (g == kGpSolid)
            ++solid;
          else if (g == kGpGround || g == kGpBridge)
            ++ground;
          else if (g == kGpWater || g == kGpLava)
            ++water;
        }
      }
      Cell c = Cell::kAir;
      if (2 * (solid + ground) >= n)
        c = solid > ground ? Cell::kSteel : Cell::kDirt;
      else if (2 * water >= n)
        c = Cell::kWater;
      level.cells[static_cast<std::size_t>(cy * level.width + cx)] = c;
    }
  }
  auto mark = [&](float x, float y, Cell c) {
    const int cx = std::clamp(static_cast<int>(x) / kPingusCell, 0, level.width - 1);
    const int cy = std::clamp((static_cast<int>(y) - 1) / kPingusCell, 0, level.height - 1);
    level.cells[static_cast<std::size_t>(cy * level.width + cx)] = c;
  };
  for (const auto& e : l.entrances) mark(e.x, e.y, Cell::kEntrance);
  for (const auto& e : l.exits) mark(e.x, e.y, Cell::kExit);
  level.pingus = std::move(p);
  return level;
}

std::vector<std::string> pingus_level_set_names(const std::string& data_dir) {
  std::vector<std::string> names = {"tutorial"};
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator(fs::path(data_dir) / "levelsets", ec)) {
    if (entry.path().extension() == ".levelset") names.push_back(entry.path().stem().string());
  }
  std::sort(names.begin() + 1, names.end());
  return names;
}

std::vector<std::string> pingus_level_set(const std::string& name, const std::string& data_dir) {
  std::vector<std::string> files;
  std::error_code ec;
  if (name == "tutorial") {
    for (const auto& entry :
         fs::directory_iterator(fs::path(data_dir) / "levels" / "tutorial", ec)) {
      if (entry.path().extension() == ".pingus") files.push_back(entry.path().string());
    }
    std::sort(files.begin(), files.end());
  } else {
    const std::string path = (fs::path(data_dir) / "levelsets" / (name + ".levelset")).string();
    if (fs::exists(path, ec)) {
      const auto exprs = parse_sexprs(read_text(path), path);
      const SExpr* levels = exprs.empty() ? nullptr : exprs[0].find("levels");
      if (!levels) throw Error(path, 1, "expected (levels ...)");
      for (std::size_t i = 1; i < levels->items.size(); ++i) {
        const std::string f = read_string(levels->items[i].find("filename"));
        files.push_back((fs::path(data_dir) / "levels" / (f + ".pingus")).string());
      }
    }
  }
  if (files.empty()) {
    const auto names = pingus_level_set_names(data_dir);
    std::string list;
    for (const auto& n : names) list += (list.empty() ? "" : ", ") + n;
    throw Error(fmt::format("no Pingus level set '{}' in {} (sets: {}; is pingus-data installed?)",
                            name, data_dir, list));
  }
  return files;
}

int PingusLoadReport::loaded() const {
  return static_cast<int>(
      std::count_if(levels.begin(), levels.end(), [](const Entry& e) { return e.loaded; }));
}

nlohmann::json PingusLoadReport::to_json() const {
  nlohmann::json a = nlohmann::json::array();
  for (const Entry& e : levels) {
    nlohmann::json j = {{"set", e.set}, {"file", e.file}, {"loaded", e.loaded}};
    if (e.loaded) {
      j["name"] = e.name;
      j["width"] = e.width;
      j["height"] = e.height;
      j["pingus"] = e.pingus;
      j["save"] = e.save;
    } else {
      j["error"] = e.error;
    }
    a.push_back(std::move(j));
  }
  return {{"levels", a}, {"loaded", loaded()}, {"total", levels.size()}};
}

std::string PingusLoadReport::text() const {
  std::string out;
  std::map<std::string, std::pair<int, int>> by_set;
  std::vector<std::string> order;
  for (const Entry& e : levels) {
    if (!by_set.count(e.set)) order.push_back(e.set);
    auto& [ok, n] = by_set[e.set];
    ++n;
    ok += e.loaded ? 1 : 0;
    out += e.loaded ? fmt::format("ok       {}: {} ({}x{}, {} pingus, save {})\n", e.file, e.name,
                                  e.width, e.height, e.pingus, e.save)
                    : fmt::format("refused  {}\n", e.error);
  }
  for (const auto& set : order) {
    out += fmt::format("{}: {} of {} load\n", set, by_set[set].first, by_set[set].second);
  }
  out += fmt::format("total: {} of {} load\n", loaded(), levels.size());
  return out;
}

PingusLoadReport pingus_load_report(const std::vector<std::string>& sets,
                                    const std::string& data_dir) {
  PingusLoadReport r;
  std::vector<std::string> names;  // each set once, in the order given
  for (const auto& set : sets.empty() ? pingus_level_set_names(data_dir) : sets) {
    if (std::find(names.begin(), names.end(), set) == names.end()) names.push_back(set);
  }
  for (const auto& set : names) {
    for (const auto& file : pingus_level_set(set, data_dir)) {
      PingusLoadReport::Entry e;
      e.set = set;
      e.file = file;
      try {
        const PingusLevel l = load_pingus_level(file, data_dir);
        e.loaded = true;
        e.name = l.name;
        e.width = l.width;
        e.height = l.height;
        e.pingus = l.pingus;
        e.save = l.save;
      } catch (const Error& err) {
        e.error = err.what();
      }
      r.levels.push_back(std::move(e));
    }
  }
  return r;
}

}  // namespace evoplay::games::lemmings
