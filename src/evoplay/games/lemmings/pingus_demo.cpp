#include "evoplay/games/lemmings/pingus_demo.hpp"

#include <fmt/format.h>

#include <cstring>

#include "evoplay/core/error.hpp"
#include "evoplay/games/lemmings/pingus_level.hpp"
#include "evoplay/games/lemmings/pingus_rules.hpp"

namespace evoplay::games::lemmings {

std::string pingus_float_hex(float value) {
  unsigned char bytes[sizeof(float)];
  std::memcpy(bytes, &value, sizeof bytes);
  std::string s;
  for (unsigned char b : bytes) s += fmt::format("{:02x}", b);
  return s;
}

namespace {
std::string_view action_name(Skill s) {
  return s == Skill::kBuilder ? std::string_view("bridger") : skill_name(s);
}
}  // namespace

PingusDemo pingus_demo(const Level& level, const Plan& plan, const std::string& name) {
  if (!level.pingus)
    throw Error("level", 0, "a Lemmings level; a demo is of a Pingus level (.pingus)");
  const PingusLevel& p = *level.pingus;
  PingusDemo demo;
  demo.name = !name.empty()        ? name
              : !p.resname.empty() ? p.resname
                                   : "evoplay/" + std::filesystem::path(p.file).stem().string();
  PingusSimulator sim(level);
  demo.outcome = sim.run(plan);
  // The game's SExprFileWriter writes strings with \ and " escaped.
  std::string quoted;
  for (char c : demo.name) {
    if (c == '"' || c == '\\') quoted += '\\';
    quoted += c;
  }
  demo.text = fmt::format("(level (name \"{}\") (checksum \"{}\"))\n", quoted, p.checksum);
  for (const PinguAssignment& a : sim.assignments()) {
    demo.text += fmt::format(
        "(pingu-action (time {}) (id {}) (raw-x \"{}\") (raw-y \"{}\") (action \"{}\"))\n", a.step,
        a.pingu, pingus_float_hex(a.x), pingus_float_hex(a.y), action_name(a.skill));
  }
  demo.text += fmt::format("(finish (time {}))\n", demo.outcome.steps);
  return demo;
}

}  // namespace evoplay::games::lemmings
