#include "evoplay/games/tictactoe/population_io.hpp"

#include <fmt/format.h>

#include <cmath>

#include "evoplay/core/error.hpp"
#include "evoplay/core/text.hpp"

namespace evoplay::games::tictactoe {

namespace {

constexpr const char* kMagic = "evoplay-tictactoe-population";

void write_agent(std::string& out, const char* word, std::size_t rank, const Agent& a) {
  out += fmt::format("{} {} weight {} born {} perfect {} rules {}\n", word, rank, a.weight, a.born,
                     a.perfect ? "yes" : "no", a.rules.size());
  for (const auto& r : a.rules)
    out += fmt::format("{} {} {} {}\n", r.pattern(), r.action + 1, r.priority, r.weight);
}

// Reads the file line by line, skipping blank lines and # comments.
class Lines {
 public:
  Lines(const std::string& text, std::string file)
      : lines_(split_lines(text)), file_(std::move(file)) {}

  // The words of the next line; throws when the file ends early.
  std::vector<std::string_view> next(std::string_view expected) {
    while (i_ < lines_.size()) {
      const auto line = trim(lines_[i_++]);
      if (line.empty() || line.front() == '#') continue;
      std::vector<std::string_view> words;
      for (auto w : split(line, ' '))
        if (!trim(w).empty()) words.push_back(trim(w));
      return words;
    }
    throw Error(file_, static_cast<int>(std::max<std::size_t>(i_, 1)),
                fmt::format("the file ends early: expected {}", expected));
  }
  [[noreturn]] void fail(const std::string& message) const {
    throw Error(file_, static_cast<int>(i_), message);
  }
  long long number(std::string_view word, std::string_view what) const {
    return parse_int(word, file_, static_cast<int>(i_), what);
  }
  double real(std::string_view word, std::string_view what) const {
    return parse_double(word, file_, static_cast<int>(i_), what);
  }
  // "KEY VALUE" with the given key.
  std::string_view keyed(std::string_view key) {
    const auto w = next(fmt::format("'{} ...'", key));
    if (w.size() != 2 || w[0] != key) fail(fmt::format("expected '{} VALUE'", key));
    return w[1];
  }
  // The line of the last line read.
  int line() const { return static_cast<int>(i_); }
  bool at_end() {
    while (i_ < lines_.size()) {
      const auto line = trim(lines_[i_]);
      if (!line.empty() && line.front() != '#') return false;
      ++i_;
    }
    return true;
  }

 private:
  std::vector<std::string_view> lines_;
  std::string file_;
  std::size_t i_ = 0;
};

Agent read_agent(Lines& in, std::string_view word, std::size_t rank, std::vector<int>& lines) {
  const auto w = in.next(fmt::format("'{} {} ...'", word, rank));
  lines.push_back(in.line());
  if (w.size() != 10 || w[0] != word || w[2] != "weight" || w[4] != "born" || w[6] != "perfect" ||
      w[8] != "rules")
    in.fail(fmt::format("expected '{} {} weight W born CYCLE perfect yes|no rules N'", word, rank));
  if (in.number(w[1], "the rank") != static_cast<long long>(rank))
    in.fail(fmt::format("expected {} number {}", word, rank));
  Agent a;
  a.weight = in.real(w[3], "the weight");
  if (!std::isfinite(a.weight)) in.fail("expected a finite weight");
  const auto born = in.number(w[5], "the cycle of birth");
  if (born < 0) in.fail("expected a cycle of birth of 0 or more");
  a.born = static_cast<std::uint64_t>(born);
  if (w[7] != "yes" && w[7] != "no") in.fail("expected 'perfect yes' or 'perfect no'");
  a.perfect = w[7] == "yes";
  const auto rules = in.number(w[9], "the number of rules");
  if (rules < 1 || rules > 100000) in.fail("expected 1 to 100000 rules");
  for (long long k = 0; k < rules; ++k) {
    const auto r = in.next("a rule 'PATTERN ACTION PRIORITY WEIGHT'");
    if (r.size() != 4)
      in.fail("expected a rule: PATTERN (9 of P C V *) ACTION (1-9) PRIORITY (0-3) WEIGHT");
    try {
      a.rules.push_back(parse_rule(r[0], static_cast<int>(in.number(r[1], "the action cell")),
                                   static_cast<int>(in.number(r[2], "the priority")),
                                   static_cast<int>(in.number(r[3], "the rule's weight"))));
    } catch (const Error& e) {
      if (e.line() > 0) throw;
      in.fail(e.message());
    }
  }
  return a;
}

}  // namespace

std::string population_text(const Population& pop, bool symmetry) {
  std::string out = fmt::format("{} 1\n", kMagic);
  out +=
      fmt::format("cycle {}\nevaluations {}\nseconds {}\nsymmetry {}\nagents {}\nhall-of-fame {}\n",
                  pop.cycle, pop.evaluations, pop.seconds, symmetry ? "on" : "off",
                  pop.agents.size(), pop.hall_of_fame.size());
  for (std::size_t i = 0; i < pop.agents.size(); ++i)
    write_agent(out, "agent", i + 1, pop.agents[i]);
  for (std::size_t i = 0; i < pop.hall_of_fame.size(); ++i)
    write_agent(out, "champion", i + 1, pop.hall_of_fame[i]);
  return out;
}

SavedPopulation parse_population(const std::string& text, const std::string& file) {
  Lines in(text, file);
  SavedPopulation saved;
  auto& pop = saved.population;
  const auto head = in.next("the header");
  if (head.size() != 2 || head[0] != kMagic || head[1] != "1")
    in.fail(
        fmt::format("expected the header '{} 1' (a population saved by tictactoe learn)", kMagic));
  auto count = [&](std::string_view key) {
    const auto v = in.number(in.keyed(key), key);
    if (v < 0) in.fail(fmt::format("expected {} of 0 or more", key));
    return static_cast<std::uint64_t>(v);
  };
  pop.cycle = count("cycle");
  saved.cycle_line = in.line();
  pop.evaluations = count("evaluations");
  pop.seconds = in.real(in.keyed("seconds"), "seconds");
  const auto sym = in.keyed("symmetry");
  if (sym != "on" && sym != "off") in.fail("expected 'symmetry on' or 'symmetry off'");
  saved.symmetry = sym == "on";
  saved.symmetry_line = in.line();
  const auto agents = count("agents");
  if (agents < 1 || agents > 10000) in.fail("expected 1 to 10000 agents");
  saved.agents_line = in.line();
  const auto hof = count("hall-of-fame");
  if (hof > 10000) in.fail("expected at most 10000 champions");
  saved.hall_of_fame_line = in.line();
  for (std::size_t i = 0; i < agents; ++i)
    pop.agents.push_back(read_agent(in, "agent", i + 1, saved.agent_lines));
  for (std::size_t i = 0; i < hof; ++i)
    pop.hall_of_fame.push_back(read_agent(in, "champion", i + 1, saved.champion_lines));
  if (!in.at_end()) {
    (void)in.next("");
    in.fail("unexpected text after the last agent");
  }
  return saved;
}

SavedPopulation read_population(const std::filesystem::path& path) {
  const auto file = std::filesystem::is_directory(path) ? path / "population.txt" : path;
  if (!std::filesystem::exists(file))
    throw Error(file.string(), 0,
                "no saved population here (expected the run folder of `evoplay tictactoe learn`)");
  return parse_population(read_text(file.string()), file.string());
}

}  // namespace evoplay::games::tictactoe
