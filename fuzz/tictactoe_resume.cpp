// Fuzzing harness: the run folder that `tictactoe learn --resume DIR` reads, checked as the
// command checks it before writing anything (games/tictactoe/resume.hpp): config.json, then
// population.txt against its settings, then history.csv against both. The input holds the three
// files in that order, separated by lines "--8<--" (a missing part is an empty file); what is
// read in full continues as a learner.

#include "evoplay/games/tictactoe/learner.hpp"
#include "evoplay/games/tictactoe/measures.hpp"
#include "evoplay/games/tictactoe/resume.hpp"
#include "fuzz/harness.hpp"

namespace ttt = evoplay::games::tictactoe;
using evoplay::fuzz::require;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const ttt::Referee referee;
  const std::string_view input = evoplay::fuzz::as_text(data, size);
  const std::string names[3] = {"config.json", "population.txt", "history.csv"};
  const std::string_view separator = "\n--8<--\n";
  std::vector<std::string> parts;
  std::size_t at = 0;
  while (parts.size() < 2) {
    const auto end = input.find(separator, at);
    if (end == std::string_view::npos) break;
    parts.emplace_back(input.substr(at, end + 1 - at));  // with its last newline
    at = end + separator.size();
  }
  parts.emplace_back(input.substr(at));
  parts.resize(3);
  try {
    const auto config = ttt::parse_learn_config(parts[0], names[0]);
    auto saved = ttt::parse_population(parts[1], names[1]);
    ttt::check_saved(saved, config.settings, names[1], referee);
    const auto history = ttt::history_at_cycle(
        ttt::parse_learn_history(parts[2], names[2], ttt::history_columns(config.settings)), saved,
        names[2]);
    require(!history.empty() && history.back().generation == saved.population.cycle,
            "a history that does not end at the population's cycle");
    const ttt::Learner learner(config.settings, config.seed, referee, std::move(saved.population));
    require(learner.cycle() == history.back().generation, "a learner at another cycle");
  } catch (const evoplay::Error& e) {
    for (int i = 0; i < 3; ++i) {
      if (e.file() == names[i]) evoplay::fuzz::check_error(e, names[i], parts[i]);
    }
    require(e.file() == names[0] || e.file() == names[1] || e.file() == names[2],
            "an error names no file of the folder", e.what());
  }
  return 0;
}
