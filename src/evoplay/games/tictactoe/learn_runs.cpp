#include "evoplay/games/tictactoe/learn_runs.hpp"

#include <fmt/format.h>

#include "evoplay/core/error.hpp"
#include "evoplay/core/json_text.hpp"
#include "evoplay/core/run_dir.hpp"
#include "evoplay/core/text.hpp"
#include "evoplay/core/units.hpp"
#include "evoplay/games/tictactoe/resume.hpp"

namespace evoplay::games::tictactoe {

namespace {

std::string run_folder(std::size_t index) { return fmt::format("run-{}", index + 1); }

/// A best agent's loss rate against the random player in one seat ("x" or "o"), in percent.
double random_loss(const nlohmann::json& result, const char* seat) {
  return result.at("best").at("vs_random").at(seat).at("loss").get<double>();
}

}  // namespace

std::optional<SavedRuns> read_saved_runs(const std::filesystem::path& dir, int threads) {
  const auto file = (dir / "config.json").string();
  if (!std::filesystem::exists(file))
    throw Error(file, 0, "missing (expected the run folder of a tictactoe learn run)");
  const std::string text = read_text(file);
  const auto saved = parse_learn_config(text, file);
  if (!saved.json.contains("runs")) return std::nullopt;
  const auto& runs = saved.json["runs"];
  if (!runs.is_number_unsigned() || runs.get<std::size_t>() < 2 ||
      runs.get<std::size_t>() > kMostLearnRuns) {
    throw Error(file, 0,
                fmt::format("'runs': expected a whole number from 2 to {}", kMostLearnRuns));
  }
  SavedRuns out;
  out.settings.learn = saved.settings;
  out.settings.seed = saved.seed;
  out.settings.threads = threads;
  out.settings.validate();
  out.runs = runs.get<std::size_t>();
  return out;
}

LearnRunsResult learn_runs(const std::filesystem::path& run_dir, const LearnRunSettings& settings,
                           std::size_t runs, const Control& control) {
  settings.validate();
  UnitJob job;
  job.name = "tictactoe learn";
  job.count = runs;
  job.threads = settings.threads;
  const std::string fingerprint = json_text(settings.learn.to_json(), -1);
  job.key = [&](std::size_t k) {
    return fmt::format("tictactoe learn run {} seed {} {}", k + 1, settings.seed + k, fingerprint);
  };
  job.folder = run_folder;
  job.fingerprint = {{"seed", settings.seed}};
  job.check = [&](std::size_t k, const nlohmann::json& j) {
    (void)json_integer<std::uint64_t>(j.at("cycles"));  // what the report reads as a count
    if (json_integer<std::uint64_t>(j.at("seed")) != settings.seed + k)
      throw Error(
          fmt::format("the run of seed {}, not {}", j.at("seed").dump(), settings.seed + k));
    for (const char* seat : {"x", "o"}) {
      const double loss = random_loss(j, seat);
      if (!(loss >= 0 && loss <= 100)) throw Error("a loss rate outside 0 to 100%");
    }
    LearnRunsResult one;  // reads every field the reports read (a JSON type error if one is off)
    one.asked = 1;
    one.runs.push_back(j);
    (void)one.to_text("");
  };
  job.run = [&](std::size_t k, const CancelToken& cancel) -> std::optional<nlohmann::json> {
    LearnRunSettings one = settings;
    one.seed = settings.seed + k;
    one.threads = 1;
    RunDir run = RunDir::create((run_dir / run_folder(k)).string(), "tictactoe-learn");
    Control unit;
    unit.cancel = cancel;
    const LearnResult r = learn_run(run, one, unit);
    if (r.cancelled) return std::nullopt;  // --resume runs it again from its start
    return r.to_json();
  };
  const UnitResults done = run_units(job, control);
  LearnRunsResult out;
  out.asked = runs;
  for (std::size_t k = 0; k < runs && done[k]; ++k) out.runs.push_back(*done[k]);
  out.cancelled = out.runs.size() < runs;
  return out;
}

nlohmann::json LearnRunsResult::to_json() const {
  nlohmann::json results = nlohmann::json::array();
  std::size_t first = 0, second = 0, both = 0, unbeatable = 0;
  double cycles = 0, seconds = 0, loss_x = 0, loss_o = 0;
  for (std::size_t k = 0; k < runs.size(); ++k) {
    const auto& r = runs[k];
    auto entry = r;
    entry["folder"] = run_folder(k);
    results.push_back(std::move(entry));
    const bool x = r.at("never_loses_first").get<bool>(),
               o = r.at("never_loses_second").get<bool>();
    first += x;
    second += o;
    both += x && o;
    if (r.at("stopped_by") == "unbeatable") {
      ++unbeatable;
      cycles += r.at("unbeatable_at_cycle").get<double>();
      seconds += r.at("seconds_to_unbeatable").get<double>();
    }
    loss_x += random_loss(r, "x");
    loss_o += random_loss(r, "o");
  }
  const auto n = static_cast<double>(runs.size());
  const auto mean = [](double sum, double count) {
    return count > 0 ? nlohmann::json(sum / count) : nlohmann::json();
  };
  nlohmann::json j = {
      {"runs", asked},
      {"finished", runs.size()},
      {"results", results},
      {"summary",
       {{"never_loses_first", first},
        {"never_loses_second", second},
        {"never_loses", both},
        {"stopped_unbeatable", unbeatable},
        {"mean_cycles_to_unbeatable", mean(cycles, static_cast<double>(unbeatable))},
        {"mean_seconds_to_unbeatable", mean(seconds, static_cast<double>(unbeatable))},
        {"mean_loss_vs_random_first", mean(loss_x, n)},
        {"mean_loss_vs_random_second", mean(loss_o, n)}}}};
  if (cancelled) j["stopped"] = "cancelled";
  return j;
}

std::string LearnRunsResult::to_text(const std::string& run_dir) const {
  std::string out = fmt::format("Tic-tac-toe learning, {} runs{}\n", asked,
                                cancelled ? fmt::format(" ({} finished)", runs.size()) : "");
  for (std::size_t k = 0; k < runs.size(); ++k) {
    const auto& r = runs[k];
    out += fmt::format(
        "  {:<8} seed {:<6} {:>6} cycles  stopped by {:<10}  never loses as X {:<3}  as O {:<3}  "
        "loses to random {:4.1f}% as X, {:4.1f}% as O\n",
        run_folder(k), r.at("seed").get<std::uint64_t>(), r.at("cycles").get<std::uint64_t>(),
        r.at("stopped_by").get<std::string>(), r.at("never_loses_first").get<bool>() ? "yes" : "no",
        r.at("never_loses_second").get<bool>() ? "yes" : "no", random_loss(r, "x"),
        random_loss(r, "o"));
  }
  const auto s = to_json().at("summary");
  out += fmt::format("never loses (both seats): {} of {} runs; as X {}, as O {}\n",
                     s["never_loses"].get<std::size_t>(), runs.size(),
                     s["never_loses_first"].get<std::size_t>(),
                     s["never_loses_second"].get<std::size_t>());
  if (!s["mean_cycles_to_unbeatable"].is_null()) {
    out += fmt::format("unbeatable after {:.1f} cycles, {:.2f} s on average ({} runs)\n",
                       s["mean_cycles_to_unbeatable"].get<double>(),
                       s["mean_seconds_to_unbeatable"].get<double>(),
                       s["stopped_unbeatable"].get<std::size_t>());
  }
  out += fmt::format("run folders: {}/run-1 ... run-{}\n", run_dir, asked);
  return out;
}

}  // namespace evoplay::games::tictactoe
