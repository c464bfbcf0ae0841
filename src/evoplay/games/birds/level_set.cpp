#include "evoplay/games/birds/level_set.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <mutex>
#include <optional>
#include <utility>

#include "evoplay/core/atomic_file.hpp"
#include "evoplay/core/error.hpp"
#include "evoplay/core/history_log.hpp"
#include "evoplay/core/rng.hpp"
#include "evoplay/core/units.hpp"
#include "evoplay/games/birds/genome.hpp"
#include "evoplay/games/birds/open_ended.hpp"
#include "evoplay/games/birds/render.hpp"
#include "evoplay/games/birds/xml.hpp"
#include "evoplay/render/history_plot.hpp"

namespace evoplay::games::birds {

namespace {

/// Pictures of composites: each alone on the ground, framed tightly, with its name.
void save_composite_sheet(const std::filesystem::path& path, const Catalogue& catalogue) {
  std::vector<Level> levels;
  for (const auto& c : catalogue) levels.push_back(composite_level(c));
  std::vector<SheetEntry> entries;
  for (std::size_t i = 0; i < catalogue.size(); ++i) {
    const auto& c = catalogue[i];
    entries.push_back(
        {&levels[i],
         fmt::format("{} ({} piece{}{})", c.name, c.pieces.size(), c.pieces.size() == 1 ? "" : "s",
                     c.layer > 0 ? fmt::format(", layer {}", c.layer) : ""),
         nullptr, false});
  }
  save_contact_sheet(path, entries, 300, 6);
}

/// What result.json says of one final level.
nlohmann::json level_json(const std::string& name, const Individual& ind, const Placement& placed,
                          const StabilityReport& r, const Catalogue& catalogue,
                          const GeneratorSettings& s) {
  const Level& level = placed.level;
  nlohmann::json composites = nlohmann::json::array();
  for (const auto& pc : placed.composites) {
    const auto& gene = ind.genome.genes[static_cast<std::size_t>(pc.gene)];
    composites.push_back(
        {{"composite", catalogue[static_cast<std::size_t>(gene.composite)].name},
         {"material", gene.material == Material::kNone ? std::string("own")
                                                       : std::string(material_name(gene.material))},
         {"column", pc.column + 1},
         {"dx", gene.dx}});
  }
  nlohmann::json j = {{"file", name + ".xml"},
                      {"fitness", ind.fitness},
                      {"stability", ind.stability.paper_score},
                      {"stable", r.stable},
                      {"score", r.score},
                      {"blocks", level.count(Kind::kBlock)},
                      {"pigs", level.count(Kind::kPig)},
                      {"birds", level.birds.size()},
                      {"diversity",
                       {{"distinct", ind.diversity.distinct},
                        {"entropy", ind.diversity.entropy},
                        {"hamming", ind.diversity.hamming},
                        {"score", ind.diversity.score()}}},
                      {"distance_to_nearest_level", ind.set_distance},
                      {"generation_made", ind.generation},
                      {"composites_left_out", ind.skipped},
                      {"pigs_missing", placed.pigs_missing},
                      {"mask", ind.genome.mask},
                      {"composites", composites},
                      {"tnt", level.count(Kind::kTnt)},
                      {"platforms", level.count(Kind::kPlatform)},
                      {"protected_share", ind.stability.protected_share},
                      {"robust", ind.stability.robust},
                      {"robust_score", ind.stability.robust_score},
                      {"sheltered_share", ind.stability.sheltered_share}};
  if (s.playable.enabled) {
    j["measured"] = ind.play.measured;
    j["solvable"] = ind.play.solvable;
    j["naive_win_rate"] = ind.play.naive_win_rate;
    j["search_birds_used"] = ind.play.birds_used;
  }
  if (s.min_birds >= 2) {
    j["birds_checked"] = ind.play.birds_checked;
    j["first_bird_wins"] = ind.play.first_bird_wins;
  }
  return j;
}

/// A record of a layer as the set's history numbers it: its generation, evaluations, simulations
/// and time counted on from the earlier layers' (`last`: the last record of the set's history so
/// far, null for the first layer), and its layer in a column of its own.
GenerationRecord numbered_on(GenerationRecord r, const GenerationRecord* last, int layer) {
  if (last) {
    r.generation += last->generation + 1;
    r.evaluations += last->evaluations;
    r.elapsed += last->elapsed;
    const double simulations = last->extra_value("simulations");
    for (auto& [name, value] : r.extra) {
      if (name == "simulations") value += simulations;
    }
  }
  r.extra.emplace_back("layer", layer);
  return r;
}

/// The generator's records of one layer as the set numbers them (numbered_on), appended to the
/// set's history.csv the moment they are made (`log`, when the set has a folder: one for the
/// whole set, so that the layers follow each other in the file) and passed on to `next` (the
/// command's progress line, the web page's curve, a Python callback: one curve over the
/// layers); the archives go on to `next` unchanged.
class LayerRecords : public ArchiveObserver {
 public:
  LayerRecords(HistoryLog* log, const GenerationRecord* last, int layer, Observer* next)
      : log_(log), last_(last), layer_(layer), next_(next) {}
  void on_generation(const GenerationRecord& record) override {
    const GenerationRecord numbered = numbered_on(record, last_, layer_);
    if (log_) log_->on_generation(numbered);
    if (next_) next_->on_generation(numbered);
  }
  void on_archive(int generation, std::span<const Individual> archive) override {
    if (auto* watcher = dynamic_cast<ArchiveObserver*>(next_)) {
      watcher->on_archive(generation, archive);
    }
  }

 private:
  HistoryLog* log_;
  const GenerationRecord* last_;
  int layer_;
  Observer* next_;
};

nlohmann::json growth_json(const Catalogue& catalogue) {
  nlohmann::json growth = nlohmann::json::array();
  for (const auto& g : catalogue_growth(catalogue)) {
    growth.push_back({{"layer", g.layer},
                      {"composites", g.composites},
                      {"mean_pieces", g.mean_pieces},
                      {"max_pieces", g.max_pieces},
                      {"mean_width", g.mean_width},
                      {"mean_height", g.mean_height},
                      {"max_height", g.max_height},
                      {"block_kinds", g.block_kinds},
                      {"mean_block_kinds", g.mean_block_kinds},
                      {"materials", g.materials},
                      {"evolved_parents", g.evolved_parents}});
  }
  return growth;
}

void save_plots(const std::filesystem::path& dir, const History& history,
                const GeneratorSettings& s, const Catalogue& next) {
  save_composite_sheet(dir / "composites.png", next);
  if (history.rows.empty()) return;  // cancelled before its first generation: no curve to draw
  render::HistoryPlotOptions fitness;
  fitness.title = fmt::format("Fitness per generation (population {}, {} composites)", s.population,
                              s.genome.length);
  fitness.right_columns = {};
  render::save_history_plot(dir / "fitness.png", history, fitness);
  render::HistoryPlotOptions hamming;
  hamming.title = "Minimum Hamming distance between two individuals, per generation";
  hamming.columns = {"min_hamming"};
  hamming.y_label = "minimum Hamming distance (composites)";
  hamming.right_columns = {"diversity"};
  hamming.y2_label = "mean Hamming distance / length";
  hamming.labels = {{"min_hamming", "closest pair of individuals"},
                    {"diversity", "mean distance / length"}};
  render::save_history_plot(dir / "hamming.png", history, hamming);
}

}  // namespace

std::string level_file_name(std::size_t i) { return fmt::format("level-{:02}", i + 4); }

namespace {
/// The folder of block b (from 0) of a generate run with a ruleset file.
std::string block_folder(std::size_t b) { return fmt::format("block-{}", b + 1); }
}  // namespace

void LevelSetSettings::validate() const {
  generator.validate();
  if (layers < 1) throw Error(fmt::format("layers: expected at least 1, found {}", layers));
  if (new_composites < 0) {
    throw Error(fmt::format("new_composites: expected 0 or more, found {}", new_composites));
  }
}

nlohmann::json LevelSetSettings::to_json() const {
  nlohmann::json j = generator.to_json();
  j["layers"] = layers;
  j["new_composites_per_layer"] = new_composites;
  return j;
}

LevelSetReport generate_level_set(const std::filesystem::path& dir, Catalogue catalogue,
                                  const Ruleset& rules, const LevelSetSettings& set,
                                  std::size_t block, const std::string& label,
                                  const Control& control) {
  set.validate();
  if (auto* watcher = dynamic_cast<ArchiveObserver*>(control.observer)) watcher->on_set(block);
  const bool files = !dir.empty();
  if (files) std::filesystem::create_directories(dir);
  GeneratorSettings settings = set.generator;
  const int base_layer = top_layer(catalogue);
  if (rules.time_limit_minutes > 0) {
    settings.time_limit_seconds = rules.time_limit_minutes * 60 / set.layers;
  }
  LevelSetReport out;
  History history;
  // history.csv as the run goes (docs/runs.md); written whole again after each layer and at the
  // end, with the same rows.
  std::optional<HistoryLog> live;
  if (files) live.emplace(dir / "history.csv");
  nlohmann::json layers = nlohmann::json::array();
  nlohmann::json final_levels;
  Catalogue used, next;
  for (int layer = 1; layer <= set.layers; ++layer) {
    settings.seed = Rng(set.seed).split({block, static_cast<std::uint64_t>(layer)}).seed();
    const std::string layer_label =
        set.layers > 1 ? fmt::format("{} layer {}", label, layer) : label;
    // The earlier layers' last record (a copy: the history grows below).
    const std::optional<GenerationRecord> earlier =
        history.rows.empty() ? std::nullopt : std::optional(history.back());
    const GenerationRecord* before = earlier ? &*earlier : nullptr;
    LayerRecords records(live ? &*live : nullptr, before, layer, control.observer);
    Control layer_control = control;
    layer_control.observer = &records;
    auto result = run_generator(catalogue, rules, settings, layer_control);
    out.stop = result.counters.stop;
    for (const GenerationRecord& r : result.history.rows) {
      history.add(numbered_on(r, before, layer));
    }
    if (files) write_file_atomic(dir / "history.csv", history.to_csv());

    // The final levels, simulated once more for their pictures and reports.
    std::vector<Placement> placements;
    std::vector<Level> levels;
    for (const auto& ind : result.levels) {
      placements.push_back(place_individual(ind, catalogue, rules, settings));
      levels.push_back(placements.back().level);
    }
    const auto reports = simulate_all(levels, settings.physics, settings.threads);
    if (std::cmp_less(levels.size(), rules.levels)) {
      out.notes.push_back(
          result.counters.stop == evo::StopReason::kCancelled
              ? fmt::format("{}: cancelled with {} distinct levels of the {} asked for",
                            layer_label, levels.size(), rules.levels)
              : fmt::format("{}: only {} distinct levels of the {} asked for (a larger "
                            "--population or more --generations find more)",
                            layer_label, levels.size(), rules.levels));
    }
    // The last layer's levels (or those of a layer cancelled) go at the top of the folder.
    const bool last = layer == set.layers || result.counters.stop == evo::StopReason::kCancelled;
    const auto folder = last ? dir : dir / fmt::format("layer-{}", layer);
    if (files) std::filesystem::create_directories(folder);
    nlohmann::json level_list = nlohmann::json::array();
    std::vector<SheetEntry> sheet;
    std::vector<HarvestSource> sources;
    int stable = 0;
    for (std::size_t i = 0; i < levels.size(); ++i) {
      const std::string name = level_file_name(i);
      if (files) write_level(folder / (name + ".xml"), levels[i]);
      if (files && set.pictures) {
        save_level_picture(folder / (name + ".png"), levels[i], {1200, name, nullptr});
      }
      stable += reports[i].stable ? 1 : 0;
      level_list.push_back(
          level_json(name, result.levels[i], placements[i], reports[i], catalogue, settings));
      sheet.push_back({&levels[i],
                       fmt::format("{}  fitness {:.1f}", name, result.levels[i].fitness),
                       &reports[i]});
      sources.push_back({name, &result.levels[i].genome, &placements[i], &reports[i]});
      if (placements[i].pigs_missing > 0) {
        out.notes.push_back(fmt::format(
            "{}: {} holds {} of the {} pigs drawn: no room for more (a lower pig range, or more "
            "--generations, find levels with room)",
            layer_label, name + ".xml", placements[i].pigs_wanted - placements[i].pigs_missing,
            placements[i].pigs_wanted));
      }
    }
    if (files && set.pictures && !sheet.empty()) {
      save_contact_sheet(folder / "sheet.png", sheet, 480, sheet.size() <= 6 ? 3 : 0);
    }

    HarvestSettings harvest;
    harvest.layer = base_layer + layer;
    harvest.note = fmt::format("seed {}", set.seed);
    harvest.max_new = set.new_composites;
    harvest.physics = settings.physics;
    auto fresh = harvest_composites(sources, catalogue, harvest);
    nlohmann::json fresh_names = nlohmann::json::array();
    for (const auto& c : fresh) fresh_names.push_back(c.name);

    layers.push_back({{"layer", base_layer + layer},
                      {"folder", std::filesystem::relative(folder, dir).string()},
                      {"seed", settings.seed},
                      {"catalogue_size", catalogue.size()},
                      {"levels", level_list.size()},
                      {"stable_levels", stable},
                      {"qualified_levels", result.qualified},
                      {"generations", result.counters.generations},
                      {"stop_reason", evo::stop_reason_name(result.counters.stop)},
                      {"evaluations", result.counters.evaluations},
                      {"simulations", result.simulations},
                      {"bird_checks", result.bird_checks},
                      {"seconds", result.counters.seconds},
                      {"new_composites", fresh_names}});
    if (last) {
      final_levels = std::move(level_list);
      out.levels = std::move(levels);
      out.stable_levels = stable;
      used = catalogue;
      next = catalogue;
      next.insert(next.end(), fresh.begin(), fresh.end());
      break;
    }
    catalogue.insert(catalogue.end(), fresh.begin(), fresh.end());
  }

  if (files) {
    write_file_atomic(dir / "history.csv", history.to_csv());
    write_catalogue(dir / "composites.json", used);
    write_catalogue(dir / "composites-next.json", next);
    if (set.pictures) save_plots(dir, history, settings, next);
  }
  out.report = {{"ruleset", rules.to_json()},
                {"levels_asked", rules.levels},
                {"levels", final_levels},
                {"stable_levels", out.stable_levels},
                {"layers", layers},
                {"composites_used", used.size()},
                {"composites_next", next.size()},
                {"growth", growth_json(next)}};
  out.history = std::move(history);
  return out;
}

std::string LevelSetReport::text(std::string_view title) const {
  std::string s = fmt::format("{}\n", title);
  for (const auto& l : report["levels"]) {
    const int pigs = l["pigs"].get<int>(), birds = l["birds"].get<int>();
    // The two-birds check (min_birds 2), when a level did not pass it.
    const std::string depth = !l.contains("birds_checked")       ? ""
                              : !l["birds_checked"].get<bool>()  ? ", two-birds check not made"
                              : l["first_bird_wins"].get<bool>() ? ", won by the first bird"
                                                                 : "";
    s += fmt::format(
        "  {}  fitness {:6.2f}  stability {:6.2f}  {:<8}  {:2} blocks, {} pig{}, {} bird{}{}\n",
        l["file"].get<std::string>(), l["fitness"].get<double>(), l["stability"].get<double>(),
        l["stable"].get<bool>() ? "stable" : "UNSTABLE", l["blocks"].get<int>(), pigs,
        pigs == 1 ? "" : "s", birds, birds == 1 ? "" : "s", depth);
  }
  std::uint64_t simulations = 0, evaluations = 0;
  double seconds = 0;
  for (const auto& l : report["layers"]) {
    simulations += l["simulations"].get<std::uint64_t>();
    evaluations += l["evaluations"].get<std::uint64_t>();
    seconds += l["seconds"].get<double>();
  }
  const std::size_t n = report["layers"].size();
  s += fmt::format("  {}/{} stable; {} layer{}, {} levels simulated{}, {:.1f} s{}\n", stable_levels,
                   report["levels"].size(), n, n == 1 ? "" : "s", simulations,
                   evaluations > simulations
                       ? fmt::format(" ({} more found in the cache)", evaluations - simulations)
                       : std::string(),
                   seconds,
                   stop == evo::StopReason::kTime        ? " (stopped at the time limit)"
                   : stop == evo::StopReason::kCancelled ? " (cancelled)"
                                                         : "");
  s += fmt::format("  composites: {} used, {} after cutting new ones from these levels\n",
                   report["composites_used"].get<int>(), report["composites_next"].get<int>());
  return s;
}

bool GenerateReport::cancelled() const {
  return interrupted || (!sets.empty() && sets.back().stop == evo::StopReason::kCancelled);
}

std::vector<std::string> GenerateReport::notes() const {
  std::vector<std::string> out;
  for (const auto& set : sets) out.insert(out.end(), set.notes.begin(), set.notes.end());
  return out;
}

std::string GenerateReport::text() const {
  std::string out;
  for (std::size_t b = 0; b < sets.size(); ++b) {
    out += sets[b].text(blocks ? fmt::format("block {} ({}):", b + 1, block_folder(b))
                               : std::string("levels:"));
  }
  return out;
}

nlohmann::json GenerateReport::to_json() const {
  if (!blocks) return sets.empty() ? nlohmann::json::object() : sets[0].to_json();
  nlohmann::json list = nlohmann::json::array();
  for (std::size_t b = 0; b < sets.size(); ++b) {
    nlohmann::json j = sets[b].to_json();
    j["folder"] = block_folder(b);
    j["block"] = b + 1;
    list.push_back(std::move(j));
  }
  return {{"blocks", list}};
}

GenerateReport generate_levels(const std::filesystem::path& run_dir, const Catalogue& catalogue,
                               const std::vector<Ruleset>& rulesets, bool blocks,
                               const LevelSetSettings& settings, const Control& control) {
  GenerateReport out;
  out.blocks = blocks;
  if (!blocks) {
    for (const auto& rules : rulesets) {
      out.sets.push_back(
          generate_level_set(run_dir, catalogue, rules, settings, 0, "generate", control));
    }
    return out;
  }
  // Islands spread over the processes: every process takes part in every block, one block
  // after the other (the blocks are no units then).
  if (settings.generator.islands.active() && control.exchange && control.exchange->size() > 1) {
    for (std::size_t b = 0; b < rulesets.size() && !control.cancelled(); ++b) {
      const auto dir = run_dir.empty() ? run_dir : run_dir / block_folder(b);
      out.sets.push_back(generate_level_set(dir, catalogue, rulesets[b], settings, b,
                                            fmt::format("block {}", b + 1), control));
    }
    out.interrupted = control.cancelled() && out.sets.size() < rulesets.size();
    return out;
  }
  // The blocks are units (core/units.hpp): one after the other on this process's threads, or
  // over MPI ranks, each block's folder written where it ran and carried to the run folder.
  UnitJob job;
  job.name = "birds generate";
  job.count = rulesets.size();
  job.threads = 1;  // a block uses every thread of the generator
  const std::string fingerprint = nlohmann::json{
      {"settings", settings.to_json()},
      {"catalogue",
       catalogue_to_json(catalogue)}}.dump();
  job.key = [&](std::size_t b) {
    return fmt::format("block {} {} {}", b + 1, rulesets[b].to_json().dump(), fingerprint);
  };
  job.folder = block_folder;
  job.check = [](std::size_t, const nlohmann::json& j) {
    const auto set = LevelSetReport::from_unit_json(j);
    if (set.stable_levels < 0 || static_cast<std::size_t>(set.stable_levels) > set.levels.size())
      throw Error(fmt::format("{} stable levels of {}", set.stable_levels, set.levels.size()));
  };
  // A block cancelled under way is no finished unit (--resume runs it again), but what it found
  // is reported after the finished blocks when it follows them.
  std::mutex mutex;
  std::optional<std::pair<std::size_t, LevelSetReport>> partial;
  job.run = [&](std::size_t b, const CancelToken& cancel) -> std::optional<nlohmann::json> {
    Control unit;
    unit.cancel = cancel;
    unit.observer = control.observer;
    // An empty run_dir writes no file (the levels are in the report).
    const auto dir = run_dir.empty() ? run_dir : run_dir / job.folder(b);
    auto set = generate_level_set(dir, catalogue, rulesets[b], settings, b,
                                  fmt::format("block {}", b + 1), unit);
    if (set.stop != evo::StopReason::kCancelled) return set.to_unit_json();
    const std::lock_guard lock(mutex);
    partial.emplace(b, std::move(set));
    return std::nullopt;
  };
  for (const auto& r : run_units(job, control)) {
    if (!r) break;
    out.sets.push_back(LevelSetReport::from_unit_json(*r));
  }
  if (partial && partial->first == out.sets.size()) out.sets.push_back(std::move(partial->second));
  out.interrupted = control.cancelled() && out.sets.size() < rulesets.size();
  return out;
}

nlohmann::json LevelSetReport::to_unit_json() const {
  auto xml = nlohmann::json::array();
  for (const auto& level : levels) xml.push_back(level_to_xml(level));
  auto rows = nlohmann::json::array();
  for (const auto& r : history.rows) {
    auto extra = nlohmann::json::array();
    for (const auto& [name, value] : r.extra) extra.push_back({name, json_double(value)});
    rows.push_back({{"generation", r.generation},
                    {"evaluations", r.evaluations},
                    {"best", json_double(r.best)},
                    {"mean", json_double(r.mean)},
                    {"worst", json_double(r.worst)},
                    {"diversity", json_double(r.diversity)},
                    {"elapsed", r.elapsed},
                    {"extra", extra}});
  }
  return {{"report", report},
          {"levels", xml},
          {"history", rows},
          {"notes", notes},
          {"stable_levels", stable_levels},
          {"stop", evo::stop_reason_name(stop)}};
}

LevelSetReport LevelSetReport::from_unit_json(const nlohmann::json& j) {
  LevelSetReport r;
  r.report = j.at("report");
  for (const auto& xml : j.at("levels")) {
    r.levels.push_back(parse_level(xml.get<std::string>(), "a generated level"));
  }
  for (const auto& row : j.at("history")) {
    GenerationRecord g;
    g.generation = json_integer<std::size_t>(row.at("generation"));
    g.evaluations = json_integer<std::uint64_t>(row.at("evaluations"));
    g.best = double_from_json(row.at("best"));
    g.mean = double_from_json(row.at("mean"));
    g.worst = double_from_json(row.at("worst"));
    g.diversity = double_from_json(row.at("diversity"));
    g.elapsed = row.at("elapsed").get<double>();
    for (const auto& x : row.at("extra")) {
      g.extra.emplace_back(x.at(0).get<std::string>(), double_from_json(x.at(1)));
    }
    r.history.add(std::move(g));
  }
  r.notes = j.at("notes").get<std::vector<std::string>>();
  r.stable_levels = json_integer<int>(j.at("stable_levels"));
  r.stop = evo::stop_reason_from_name(j.at("stop").get<std::string>());
  return r;
}

evo::Selection generator_selection(const std::string& name) {
  return evo::Selection::parse(name == "tournament" ? "tournament:2" : name);
}

void set_genome_length(GenomeSettings& genome, int length) {
  genome.length = length;
  genome.min_length = std::max(1, length / 2);
  genome.max_length = length * 2;
}

Ruleset simple_ruleset(int levels, int pigs_min, int pigs_max) {
  if (levels < 1) throw Error(fmt::format("levels: expected at least 1, found {}", levels));
  if (pigs_min < 1 || pigs_max > kMaxPigs || pigs_min > pigs_max) {
    throw Error(fmt::format("pigs: expected MIN,MAX with 1 <= MIN <= MAX <= {} ({}), found {},{}",
                            kMaxPigs, kMaxPigsReason, pigs_min, pigs_max));
  }
  Ruleset r;
  r.levels = levels;
  r.pigs_min = pigs_min;
  r.pigs_max = pigs_max;
  return r;
}

void check_rulesets(const std::vector<Ruleset>& rulesets, const Catalogue& catalogue,
                    const std::string& file) {
  for (const auto& r : rulesets) {
    try {
      const Palette palette(catalogue, r);
    } catch (const Error& e) {
      if (r.line == 0) throw;
      throw Error(file, r.line, fmt::format("the block starting here: {}", e.message()));
    }
  }
}

}  // namespace evoplay::games::birds
