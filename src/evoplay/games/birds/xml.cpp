#include "evoplay/games/birds/xml.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdint>
#include <pugixml.hpp>

#include "evoplay/core/atomic_file.hpp"
#include "evoplay/core/error.hpp"
#include "evoplay/core/text.hpp"

namespace evoplay::games::birds {

namespace {

void append_utf8(std::string& out, std::uint32_t cp) {
  if (cp < 0x80) {
    out += static_cast<char>(cp);
  } else if (cp < 0x800) {
    out += static_cast<char>(0xC0 | (cp >> 6));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else if (cp < 0x10000) {
    out += static_cast<char>(0xE0 | (cp >> 12));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else {
    out += static_cast<char>(0xF0 | (cp >> 18));
    out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  }
}

/// UTF-16 (little or big endian) to UTF-8; unpaired surrogates become U+FFFD.
std::string utf16_to_utf8(std::string_view bytes, bool little) {
  std::string out;
  out.reserve(bytes.size() / 2);
  auto unit = [&](std::size_t i) -> std::uint32_t {
    const auto lo = static_cast<unsigned char>(bytes[little ? i : i + 1]);
    const auto hi = static_cast<unsigned char>(bytes[little ? i + 1 : i]);
    return static_cast<std::uint32_t>(hi) << 8 | lo;
  };
  for (std::size_t i = 0; i + 1 < bytes.size(); i += 2) {
    std::uint32_t cp = unit(i);
    if (cp >= 0xD800 && cp < 0xDC00 && i + 3 < bytes.size()) {
      const std::uint32_t next = unit(i + 2);
      if (next >= 0xDC00 && next < 0xE000) {
        cp = 0x10000 + ((cp - 0xD800) << 10) + (next - 0xDC00);
        i += 2;
      } else {
        cp = 0xFFFD;
      }
    } else if (cp >= 0xD800 && cp < 0xE000) {
      cp = 0xFFFD;
    }
    append_utf8(out, cp);
  }
  return out;
}

/// Makes `<Tag ...>` self-closing when the text never closes Tag.
void close_tag(std::string& text, std::string_view tag) {
  if (text.find(fmt::format("</{}", tag)) != std::string::npos) return;
  const std::string open = fmt::format("<{}", tag);
  std::size_t pos = 0;
  while ((pos = text.find(open, pos)) != std::string::npos) {
    const std::size_t after = pos + open.size();
    if (after < text.size() && (std::isspace(static_cast<unsigned char>(text[after])) ||
                                text[after] == '>' || text[after] == '/')) {
      const std::size_t end = text.find('>', after);
      if (end == std::string::npos) return;
      if (text[end - 1] != '/') text.insert(text.begin() + static_cast<std::ptrdiff_t>(end), '/');
      pos = end;
    } else {
      pos = after;
    }
  }
}

class Reader {
 public:
  Reader(const std::string& file, const std::string& text) : file_(file), text_(text) {
    for (std::size_t i = 0; i < text.size(); ++i) {
      if (text[i] == '\n') newlines_.push_back(static_cast<std::ptrdiff_t>(i));
    }
  }

  /// An offset at or past the end of the text is placed after the last character of the last
  /// line (not on the empty "line" after a final newline).
  std::ptrdiff_t clamp(std::ptrdiff_t offset) const {
    const std::ptrdiff_t size = std::ssize(text_);
    if (offset < size) return offset;
    return size > 0 && text_.back() == '\n' ? size - 1 : size;
  }
  // Lines are found by binary search over the newlines (counting them for every object made a
  // level of thousands of objects quadratic to read).
  int line_at(std::ptrdiff_t offset) const {
    if (offset < 0) return 0;
    const auto before = std::lower_bound(newlines_.begin(), newlines_.end(), clamp(offset));
    return 1 + static_cast<int>(before - newlines_.begin());
  }
  int column_at(std::ptrdiff_t offset) const {
    if (offset < 0) return 0;
    offset = clamp(offset);
    const auto before = std::lower_bound(newlines_.begin(), newlines_.end(), offset);
    const std::ptrdiff_t begin = before == newlines_.begin() ? 0 : *(before - 1) + 1;
    return static_cast<int>(offset - begin + 1);
  }
  int line(const pugi::xml_node& node) const { return line_at(node.offset_debug()); }

  [[noreturn]] void fail(const pugi::xml_node& node, const std::string& message) const {
    throw Error(file_, line(node), message);
  }

  double number(const pugi::xml_node& node, const char* name) const {
    const pugi::xml_attribute a = node.attribute(name);
    if (!a)
      fail(node, fmt::format("<{}> has no {}=\"...\" (expected a number)", node.name(), name));
    return checked(node, name, a.value());
  }
  double number(const pugi::xml_node& node, const char* name, double fallback) const {
    const pugi::xml_attribute a = node.attribute(name);
    if (!a || trim(a.value()).empty()) return fallback;
    return checked(node, name, a.value());
  }

 private:
  /// A number the physics can use: finite and within a million units.
  double checked(const pugi::xml_node& node, const char* name, const char* text) const {
    double v = 0;
    if (!try_parse_double(text, v)) {
      fail(node, fmt::format("<{}> {}: expected a number, found '{}'", node.name(), name, text));
    }
    if (!std::isfinite(v) || std::abs(v) > 1e6) {
      fail(node, fmt::format("<{}> {}: expected a finite number within +-1e6, found '{}'",
                             node.name(), name, text));
    }
    return v;
  }

  const std::string& file_;
  const std::string& text_;
  std::vector<std::ptrdiff_t> newlines_;  // offsets of '\n', ascending
};

/// Refuses what pugixml accepts but the game would read only in part: an attribute given twice
/// in one element (anywhere in the file), an element of <Level> the game does not know, a
/// second <Camera>, <Birds>, <Slingshot> or <GameObjects>. Walks the tree without recursion (a file
/// may nest deeply).
void check_structure(const pugi::xml_document& doc, const pugi::xml_node& root, const Reader& r) {
  for (pugi::xml_node n = doc.first_child(); n;) {
    for (auto a = n.first_attribute(); a; a = a.next_attribute()) {
      for (auto b = n.first_attribute(); b != a; b = b.next_attribute()) {
        if (std::string_view(a.name()) == b.name()) {
          r.fail(n, fmt::format("<{}> has the attribute {} twice", n.name(), a.name()));
        }
      }
    }
    if (n.first_child()) {
      n = n.first_child();
      continue;
    }
    while (n && !n.next_sibling()) n = n.parent();
    if (n) n = n.next_sibling();
  }
  // An element the game does not read (a typo such as <GameObject>) would leave its part of
  // the level out without a word: refused. <Score> is the game's own (a level's high score).
  for (const auto& child : root.children()) {
    if (child.type() != pugi::node_element) continue;
    const std::string_view name = child.name();
    if (name != "Camera" && name != "Birds" && name != "Slingshot" && name != "GameObjects" &&
        name != "Score") {
      r.fail(child, fmt::format("unknown element <{}> in <Level> (expected <Camera>, <Birds>, "
                                "<Slingshot> or <GameObjects>)",
                                child.name()));
    }
  }
  for (const char* name : {"Camera", "Birds", "Slingshot", "GameObjects"}) {
    const auto first = root.child(name);
    if (first && first.next_sibling(name)) {
      r.fail(first.next_sibling(name),
             fmt::format("a second <{}> (a level has one, the first at line {})", name,
                         r.line(first)));
    }
  }
}

Object read_object(const Reader& r, const pugi::xml_node& node) {
  const std::string element = node.name();
  for (const auto& child : node.children()) {
    if (child.type() == pugi::node_element) {
      r.fail(child,
             fmt::format("<{}> inside <{}>: objects hold no elements", child.name(), element));
    }
  }
  const std::string type = node.attribute("type").value();
  Object o;
  o.line = r.line(node);
  if (element == "Block") {
    const auto t = block_type_from_name(type);
    if (!t) {
      r.fail(node,
             fmt::format("unknown block type '{}' (expected one of {})", type, block_names()));
    }
    o.type = *t;
    const pugi::xml_attribute m = node.attribute("material");
    if (!m) r.fail(node, "<Block> has no material=\"...\" (expected wood, stone or ice)");
    const auto material = material_from_name(m.value());
    if (!material) {
      r.fail(node, fmt::format("unknown material '{}' (expected wood, stone or ice)", m.value()));
    }
    o.material = *material;
  } else if (element == "Pig") {
    const auto t = pig_type_from_name(type);
    if (!t)
      r.fail(node, fmt::format("unknown pig type '{}' (expected one of {})", type, pig_names()));
    o.type = *t;
  } else if (element == "TNT") {
    o.type = ObjectType::kTnt;
  } else if (element == "Platform") {
    o.type = ObjectType::kPlatform;
    o.scale_x = r.number(node, "scaleX", 1.0);
    o.scale_y = r.number(node, "scaleY", 1.0);
    if (!(o.scale_x > 0) || !(o.scale_y > 0)) {
      r.fail(node, "<Platform> scaleX and scaleY must be positive");
    }
  } else {
    r.fail(node,
           fmt::format("unknown object <{}> (expected Block, Pig, TNT or Platform)", element));
  }
  o.x = r.number(node, "x");
  o.y = r.number(node, "y");
  o.rotation = r.number(node, "rotation", 0.0);
  return o;
}

/// For pugixml's "Start-end tags mismatch": which element was left open (the innermost element
/// of the partial tree, along its last children, whose start tag is not self-closing and whose
/// end tag does not come before the error) and what stands at the error instead.
std::string mismatch_detail(const pugi::xml_document& doc, const std::string& text,
                            std::ptrdiff_t at, const Reader& r) {
  // pugixml points at the name of the end tag it did not expect ("</B>": at the B), or at the
  // end of the text when the file stops before the end tags.
  std::ptrdiff_t wrong = -1;
  if (at >= 2 && at <= std::ssize(text) &&
      text.compare(static_cast<std::size_t>(at - 2), 2, "</") == 0) {
    wrong = at - 2;
  }
  const std::ptrdiff_t limit = wrong >= 0 ? wrong : std::ssize(text);
  pugi::xml_node open;
  for (pugi::xml_node n = doc.last_child(); n;) {
    if (n.type() != pugi::node_element) {
      n = n.previous_sibling();
      continue;
    }
    const auto start = static_cast<std::size_t>(n.offset_debug());
    const std::size_t end = text.find('>', start);
    if (end == std::string::npos || end == 0 || text[end - 1] == '/') break;
    const std::size_t closed = text.find(fmt::format("</{}", n.name()), end);
    if (closed != std::string::npos && static_cast<std::ptrdiff_t>(closed) < limit) break;
    open = n;
    n = n.last_child();
  }
  if (!open) return "";
  std::string found;
  if (wrong >= 0) {
    const auto from = static_cast<std::size_t>(wrong);
    const std::size_t gt = text.find_first_of(">\n", from);
    const std::size_t stop = gt == std::string::npos ? text.size() : gt + (text[gt] == '>');
    found = "'" + text.substr(from, stop - from) + "'";
  } else if (text.find_first_not_of(" \t\r\n", static_cast<std::size_t>(std::max<std::ptrdiff_t>(
                                                   at, 0))) == std::string::npos) {
    found = "the end of the file";
  } else {
    return fmt::format(" (expected </{}> closing <{}> of line {})", open.name(), open.name(),
                       r.line(open));
  }
  return fmt::format(" (expected </{}> closing <{}> of line {}, found {})", open.name(),
                     open.name(), r.line(open), found);
}

std::string num(double v) { return fmt::format("{}", v == 0 ? 0.0 : v); }

}  // namespace

std::string repair_level_text(std::string_view raw) {
  std::string text;
  const auto byte = [&](std::size_t i) {
    return i < raw.size() ? static_cast<unsigned char>(raw[i]) : 0x100;
  };
  if (byte(0) == 0xFF && byte(1) == 0xFE) {
    text = utf16_to_utf8(raw.substr(2), true);
  } else if (byte(0) == 0xFE && byte(1) == 0xFF) {
    text = utf16_to_utf8(raw.substr(2), false);
  } else if (byte(0) == '<' && byte(1) == 0) {
    text = utf16_to_utf8(raw, true);
  } else if (byte(0) == 0 && byte(1) == '<') {
    text = utf16_to_utf8(raw, false);
  } else if (byte(0) == 0xEF && byte(1) == 0xBB && byte(2) == 0xBF) {
    text = std::string(raw.substr(3));
  } else {
    text = std::string(raw);
  }
  close_tag(text, "Camera");
  close_tag(text, "Slingshot");
  return text;
}

Level parse_level(std::string_view raw, const std::string& name) {
  const std::string text = checked_text(repair_level_text(raw), name);
  const Reader r(name, text);
  pugi::xml_document doc;
  const pugi::xml_parse_result parsed =
      doc.load_buffer(text.data(), text.size(), pugi::parse_default, pugi::encoding_utf8);
  if (!parsed) {
    const std::string detail = parsed.status == pugi::status_end_element_mismatch
                                   ? mismatch_detail(doc, text, parsed.offset, r)
                                   : "";
    throw Error(name, r.line_at(parsed.offset), r.column_at(parsed.offset),
                fmt::format("malformed XML: {}{}", parsed.description(), detail));
  }
  const pugi::xml_node root = doc.child("Level");
  if (!root) {
    const pugi::xml_node first = doc.first_child();
    throw Error(name, first ? r.line(first) : 1,
                "expected a <Level> element (a Science Birds level)");
  }
  check_structure(doc, root, r);
  Level level;
  if (const auto w = root.attribute("width"); w && !trim(w.value()).empty()) {
    const long long width = parse_int(w.value(), name, r.line(root), "<Level> width");
    if (width < 1 || width > 100) r.fail(root, "<Level> width must be between 1 and 100");
    level.width = static_cast<int>(width);
  }
  if (const auto cam = root.child("Camera")) {
    // A missing attribute keeps the value a missing <Camera> gives (the generators' camera).
    const Camera d = level.camera;
    level.camera = {r.number(cam, "x", d.x), r.number(cam, "y", d.y),
                    r.number(cam, "minWidth", d.min_width), r.number(cam, "maxWidth", d.max_width)};
  }
  if (const auto sling = root.child("Slingshot")) {
    level.slingshot = {r.number(sling, "x"), r.number(sling, "y")};
  }
  for (const auto& bird : root.child("Birds").children()) {
    if (bird.type() != pugi::node_element) continue;
    if (std::string_view(bird.name()) != "Bird") {
      r.fail(bird, fmt::format("unknown element <{}> in <Birds> (expected <Bird>)", bird.name()));
    }
    const auto b = bird_from_name(bird.attribute("type").value());
    if (!b) {
      r.fail(bird, fmt::format("unknown bird type '{}' (expected one of {})",
                               bird.attribute("type").value(), bird_names()));
    }
    level.birds.push_back(*b);
  }
  for (const auto& node : root.child("GameObjects").children()) {
    if (node.type() != pugi::node_element) continue;
    if (level.objects.size() >= kMaxObjects) {
      r.fail(node, fmt::format("more than {} objects: a level holds at most {} (the game's own "
                               "levels hold about 100)",
                               kMaxObjects, kMaxObjects));
    }
    level.objects.push_back(read_object(r, node));
  }
  return level;
}

Level read_level(const std::string& path) {
  // Bytes, not text: a level may be UTF-16 (repair_level_text turns it into UTF-8).
  return parse_level(read_bytes(path), display_name(path));
}

std::string level_to_xml(const Level& level) {
  std::string out = "<?xml version=\"1.0\" encoding=\"utf-16\"?>\n";
  out += fmt::format("<Level width =\"{}\">\n", level.width);
  const Camera& c = level.camera;
  out += fmt::format("<Camera x=\"{}\" y=\"{}\" minWidth=\"{}\" maxWidth=\"{}\">\n", num(c.x),
                     num(c.y), num(c.min_width), num(c.max_width));
  out += "<Birds>\n";
  for (const BirdType b : level.birds) out += fmt::format("<Bird type=\"{}\"/>\n", bird_name(b));
  out += "</Birds>\n";
  out += fmt::format("<Slingshot x=\"{}\" y=\"{}\">\n", num(level.slingshot.x),
                     num(level.slingshot.y));
  out += "<GameObjects>\n";
  for (const Object& o : level.objects) {
    switch (o.kind()) {
      case Kind::kBlock:
        out += fmt::format(
            "<Block type=\"{}\" material=\"{}\" x=\"{}\" y=\"{}\" rotation=\"{}\" />\n",
            o.shape().name, material_name(o.material), num(o.x), num(o.y), num(o.rotation));
        break;
      case Kind::kPig:
        out += fmt::format("<Pig type=\"{}\" material=\"\" x=\"{}\" y=\"{}\" rotation=\"{}\" />\n",
                           o.shape().name, num(o.x), num(o.y), num(o.rotation));
        break;
      case Kind::kTnt:
        out += fmt::format("<TNT type=\"\" material=\"\" x=\"{}\" y=\"{}\" rotation=\"{}\" />\n",
                           num(o.x), num(o.y), num(o.rotation));
        break;
      case Kind::kPlatform:
        out += fmt::format("<Platform type=\"Platform\" material=\"\" x=\"{}\" y=\"{}\"", num(o.x),
                           num(o.y));
        if (o.rotation != 0) out += fmt::format(" rotation=\"{}\"", num(o.rotation));
        if (o.scale_x != 1) out += fmt::format(" scaleX=\"{}\"", num(o.scale_x));
        if (o.scale_y != 1) out += fmt::format(" scaleY=\"{}\"", num(o.scale_y));
        out += " />\n";
        break;
    }
  }
  out += "</GameObjects>\n</Level>\n";
  return out;
}

void write_level(const std::filesystem::path& path, const Level& level) {
  write_file_atomic(path, level_to_xml(level));
}

std::vector<Level> read_levels(const std::vector<std::string>& paths) {
  std::vector<Level> levels;
  levels.reserve(paths.size());
  for (const auto& p : paths) levels.push_back(read_level(p));
  return levels;
}

}  // namespace evoplay::games::birds
