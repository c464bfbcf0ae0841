#include "evoplay/games/birds/generator.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <numeric>
#include <optional>

#include "evoplay/core/content_hash.hpp"
#include "evoplay/core/parallel.hpp"
#include "evoplay/core/rng.hpp"
#include "evoplay/core/stopwatch.hpp"
#include "evoplay/games/birds/generator_run.hpp"
#include "evoplay/games/birds/protection.hpp"
#include "evoplay/games/birds/settings_check.hpp"
#include "evoplay/games/birds/shelter.hpp"
#include "evoplay/games/birds/xml.hpp"

namespace evoplay::games::birds {

namespace {

/// `open`: the open flights of the level's width and slingshot (protection.hpp), or null.
StabilityScore score_of(const Level& level, const GeneratorSettings& s, const Flights* open) {
  const StabilityReport r = simulate(level, s.physics);
  const RobustnessReport robust = robustness(level, s.physics, s.robustness, &r);
  StabilityScore out;
  out.paper_score = r.paper_score;
  out.stable = r.stable;
  out.robust = robust.robust;
  out.robust_score = robust.mean_paper_score();
  out.pieces = r.pieces;
  out.destroyed = r.destroyed;
  out.moved = r.moved;
  out.rotated = r.paper_rotated;
  out.protected_share = pig_protection(level, {}, open).share;
  out.sheltered_share = pig_shelter(level).share;
  return out;
}

/// Box2D runs of a score: the level, and its trials when it stood.
std::uint64_t simulations_of(const StabilityScore& score, const GeneratorSettings& s) {
  return 1 + (score.stable ? static_cast<std::uint64_t>(s.robustness.trials) : 0);
}

/// Cell of the archive's silhouettes (world units).
constexpr double kSilhouetteCell = 0.1;

/// x on the silhouettes' absolute grid (whole cells from 0), as `birds diversity` draws them.
double snapped(double x) { return std::floor(x / kSilhouetteCell) * kSilhouetteCell; }

bool fitter(const Individual& a, const Individual& b) { return a.fitness > b.fitness; }

/// In playable mode: solvable, the naive agent's win rate in the band.
bool playable(const Individual& i, const GeneratorSettings& s) {
  const PlayableSettings& p = s.playable;
  return !p.enabled ||
         (i.play.measured && i.play.solvable && i.play.naive_win_rate >= p.difficulty_min - 1e-9 &&
          i.play.naive_win_rate <= p.difficulty_max + 1e-9);
}

/// With min_birds 2: checked, and the first bird cannot win it.
bool deep(const Individual& i, const GeneratorSettings& s) {
  return s.min_birds < 2 || (i.play.birds_checked && !i.play.first_bird_wins);
}

/// All its pigs, its blocks in range, robust: what the two-birds check is measured for.
bool sound(const Individual& i, const GeneratorSettings& s) {
  return i.pigs_missing == 0 && i.stability.stable && i.stability.robust &&
         i.blocks >= s.blocks_min && i.blocks <= s.blocks_max;
}

/// The archive's order: levels that meet the ruleset and the block range before those short of
/// room for some pigs or out of range, then stable levels before unstable ones, robust before
/// not, those needing two birds before the others, playable before not, each by fitness.
bool keeper(const Individual& a, const Individual& b, const GeneratorSettings& s) {
  auto meets = [&](const Individual& i) {
    return i.pigs_missing == 0 && i.blocks >= s.blocks_min && i.blocks <= s.blocks_max;
  };
  if (meets(a) != meets(b)) return meets(a);
  if (a.stability.stable != b.stability.stable) return a.stability.stable;
  if (a.stability.robust != b.stability.robust) return a.stability.robust;
  if (deep(a, s) != deep(b, s)) return deep(a, s);
  if (playable(a, s) != playable(b, s)) return playable(a, s);
  return a.fitness > b.fitness;
}

bool qualified(const Individual& i, const GeneratorSettings& s) {
  return sound(i, s) && deep(i, s) && playable(i, s);
}

/// The blocks of a level as text: levels that differ only in pigs and birds share it.
std::string structure_key(const Level& level) {
  Level blocks;
  blocks.width = level.width;
  for (const Object& o : level.objects) {
    if (o.kind() == Kind::kBlock) blocks.objects.push_back(o);
  }
  return level_to_xml(blocks);
}

}  // namespace

namespace detail {

/// The generator (see generator.hpp), one generation at a time.
class Generator {
 public:
  Generator(const Catalogue& catalogue, const Ruleset& rules, const GeneratorSettings& settings,
            const Control& control)
      : catalogue_(catalogue),
        rules_(rules),
        s_(settings),
        control_(control),
        palette_(catalogue, rules, settings.genome.draw_by_pieces),
        workers_(settings.threads),
        master_(settings.seed),
        reference_(std::max(
            1, std::min(static_cast<int>(palette_.size()), std::max(1, settings.genome.length)))),
        window_{snapped(settings.placement.x_min - 3), kGroundY,
                std::max(settings.placement.x_max + 4, settings.placement.ground_max + 1),
                settings.placement.max_top + 1} {}

  GeneratorResult run() {
    start();
    while (!done()) step();
    return finish();
  }

  /// Whether the run ends before another generation, and why (result_.stop): it wants none (the
  /// stop so far: kGenerations, kTarget once past the generations asked for, or kCancelled), or
  /// stop_now() says so.
  bool done() {
    if (!wants_generation()) return true;
    if (const auto stop = stop_now(); stop != evo::StopReason::kNone) {
      result_.counters.stop = stop;
      return true;
    }
    if (generation_ >= s_.generations) result_.counters.stop = evo::StopReason::kTarget;
    return false;
  }

  /// kNone while it wants another generation; else why it has enough: kTarget after more
  /// generations than asked for, kGenerations within them (what run() ends with).
  evo::StopReason own_stop() const {
    if (wants_generation()) return evo::StopReason::kNone;
    return generation_ > s_.generations ? evo::StopReason::kTarget : evo::StopReason::kGenerations;
  }

  /// The initial population, scored, recorded and offered to the archive (generation 0). A
  /// cancel stops it at once (a population of thousands takes minutes to score): the
  /// individuals not scored by then are dropped, and generation 0 is not complete().
  void start() {
    complete_ = false;
    result_.counters.stop = evo::StopReason::kCancelled;
    const int n = std::max(2, s_.population);
    if (control_.cancelled()) return;  // before a population of 100,000 is made
    pop_.resize(static_cast<std::size_t>(n));
    for (int i = 0; i < n; ++i) {
      if (control_.cancelled()) {
        pop_ = {};
        return;
      }
      Rng rng = master_.split({0, static_cast<std::uint64_t>(i)});
      pop_[static_cast<std::size_t>(i)].genome = random_genome(palette_, s_.genome, rng);
    }
    if (!score(pop_) || !record(pop_, 0)) return;
    offer_to_archive(pop_);
    show_archive(0);
    result_.counters.stop = evo::StopReason::kGenerations;
    complete_ = true;
  }

  /// Fewer generations made than asked for, or the archive short of qualified levels.
  bool wants_generation() const { return generation_ < s_.generations || archive_short(); }

  /// Why the run must end before another generation (kNone: it may go on): a cancel, the time
  /// limit, or the most generations allowed.
  evo::StopReason stop_now() const {
    if (control_.cancelled()) return evo::StopReason::kCancelled;
    if (s_.time_limit_seconds > 0 && clock_.seconds() > s_.time_limit_seconds) {
      return evo::StopReason::kTime;
    }
    if (generation_ >= s_.most_generations()) return evo::StopReason::kGenerations;
    return evo::StopReason::kNone;
  }

  /// One generation: the archive back in, breeding, scoring, the archive offered the best. A
  /// cancel stops it soon: the newcomers and children not scored by then are dropped, the
  /// generation does not count and is not complete().
  void step() {
    ++generation_;
    complete_ = false;
    const auto n = static_cast<std::size_t>(std::max(2, s_.population));
    reinject_archive(pop_, n);
    if (!score(pop_)) return abandon_generation();
    breed(pop_, generation_);
    if (!score(pop_) || !record(pop_, generation_)) return abandon_generation();
    offer_to_archive(pop_);
    show_archive(generation_);
    complete_ = true;
  }

  int generation() const { return generation_; }
  /// The last start() or step() ran to its end (a cancel may stop one under way).
  bool complete() const { return complete_; }
  const GenerationRecord& last_record() const { return result_.history.back(); }
  void set_stop(evo::StopReason stop) { result_.counters.stop = stop; }

  /// Copies of the `count` best of the population (it is kept best first).
  std::vector<Individual> emigrants(std::size_t count) const {
    return {pop_.begin(), pop_.begin() + static_cast<std::ptrdiff_t>(std::min(count, pop_.size()))};
  }

  /// Migrants, best first: each takes the place of the worst individual if it is fitter (by the
  /// fitness it had on its island) and its genome is not in the population already; it is
  /// scored here in the next generation.
  void immigrate(std::vector<Individual> arriving) {
    for (Individual& m : arriving) {
      const bool present = std::any_of(pop_.begin(), pop_.end(),
                                       [&](const Individual& p) { return p.genome == m.genome; });
      if (present || pop_.empty() || !(m.fitness > pop_.back().fitness)) continue;
      pop_.back() = newcomer(std::move(m));
      std::stable_sort(pop_.begin(), pop_.end(), fitter);
    }
  }

  /// An individual from elsewhere as it starts here: its genome, its fitness there and its
  /// generation, nothing of its level (it is placed and scored here), so that it is the same
  /// whether it came from this process or over the network as a genome.
  static Individual newcomer(Individual from) {
    Individual ind;
    ind.genome = std::move(from.genome);
    ind.fitness = from.fitness;
    ind.generation = from.generation;
    return ind;
  }

  /// Levels made elsewhere (the islands' archives), scored here as one population (which sorts
  /// them by fitness; equals keep their order) and offered to the archive in that order; they
  /// become the population.
  void adopt(std::vector<Individual> candidates) {
    for (Individual& c : candidates) c = newcomer(std::move(c));
    pop_ = std::move(candidates);
    if (pop_.empty()) return;
    score(pop_);
    check_birds(pop_);
    for (const Individual& c : pop_) admit(c);
    trim_archive();
  }

  GeneratorResult finish() {
    fill_archive(pop_);
    for (const Individual& a : archive_) result_.qualified += qualified(a, s_) ? 1 : 0;
    result_.counters.generations = generation_;
    result_.levels = archive_;
    result_.population = pop_;
    result_.counters.seconds = clock_.seconds();
    return std::move(result_);
  }

 private:
  /// The archive to an ArchiveObserver (the live view of levels as they appear).
  void show_archive(int generation) const {
    if (auto* watcher = dynamic_cast<ArchiveObserver*>(control_.observer)) {
      watcher->on_archive(generation, archive_);
    }
  }

  /// A generation stopped by a cancel: it does not count (its row is not written).
  void abandon_generation() {
    --generation_;
    result_.counters.stop = evo::StopReason::kCancelled;
  }

  /// Stability of every individual not yet scored (cached by level), then diversity and fitness
  /// of all within this population, which ends sorted best first. Returns false when a cancel
  /// stopped it: the individuals it was to score are then dropped (what was simulated is
  /// cached), the others keep their scores and order.
  bool score(std::vector<Individual>& pop) {
    std::vector<std::size_t> todo;
    std::vector<Level> levels;
    std::map<std::string, std::size_t> batch;  // level -> index into levels
    std::vector<std::size_t> slot(pop.size(), 0);
    std::vector<char> fresh(pop.size(), 0);  // to be scored by this call
    std::uint64_t evaluations = 0;
    for (std::size_t i = 0; i < pop.size(); ++i) {
      Individual& ind = pop[i];
      if (ind.scored) continue;
      fresh[i] = 1;
      if (control_.cancelled()) continue;
      Placement p = place(ind.genome, catalogue_, rules_, s_.placement);
      ind.level_key = level_to_xml(p.level);
      ind.structure_key = structure_key(p.level);
      ind.shape = level_shape(p.level, window_, kSilhouetteCell);
      ind.used.clear();
      for (const PlacedComposite& pc : p.composites) {
        ind.used.push_back(ind.genome.genes[static_cast<std::size_t>(pc.gene)].composite);
      }
      ind.skipped = p.skipped;
      ind.blocks = p.blocks;
      ind.pigs_missing = p.pigs_missing;
      ind.pigs_wanted = p.pigs_wanted;
      ++evaluations;
      if (const auto hit = cache_.find(ind.level_key); hit != cache_.end()) {
        ind.stability = hit->second.first;
        ind.play = hit->second.second;
        ind.scored = true;
        continue;
      }
      const auto [it, fresh] = batch.try_emplace(ind.level_key, levels.size());
      if (fresh) levels.push_back(std::move(p.level));
      slot[i] = it->second;
      todo.push_back(i);
    }
    std::vector<StabilityScore> scores(levels.size());
    std::vector<PlayScore> plays(levels.size());
    std::vector<char> complete(levels.size(), 0);  // all its pigs and blocks in range
    for (std::size_t i : todo) {
      const Individual& ind = pop[i];
      complete[slot[i]] =
          ind.pigs_missing == 0 && ind.blocks >= s_.blocks_min && ind.blocks <= s_.blocks_max;
    }
    // The empty level's flights, the same for every level of this width and slingshot: made
    // once, not once per level.
    if (!levels.empty() && !control_.cancelled() &&
        (!open_ || open_->width != levels[0].width || open_->slingshot != levels[0].slingshot)) {
      open_.emplace(OpenFlights{levels[0].width, levels[0].slingshot,
                                open_flights(levels[0], ProtectionSettings{})});
    }
    std::vector<char> done(levels.size(), 0);  // scored before a cancel
    workers_.for_each(levels.size(), [&](std::size_t k) {
      if (control_.cancelled()) return;
      const bool shared =
          open_ && open_->width == levels[k].width && open_->slingshot == levels[k].slingshot;
      scores[k] = score_of(levels[k], s_, shared ? &open_->flights : nullptr);
      if (s_.playable.enabled && scores[k].robust && complete[k]) plays[k] = play_score(levels[k]);
      done[k] = 1;
    });
    for (std::size_t k = 0; k < levels.size(); ++k) {
      if (!done[k]) continue;
      result_.simulations += simulations_of(scores[k], s_);
      result_.playability_measures += plays[k].measured ? 1 : 0;
    }
    for (std::size_t i : todo) {
      if (!done[slot[i]]) continue;
      pop[i].stability = scores[slot[i]];
      pop[i].play = plays[slot[i]];
      pop[i].scored = true;
      cache_.emplace(pop[i].level_key, std::pair(pop[i].stability, pop[i].play));
    }
    std::vector<const Genome*> genomes;
    std::vector<std::vector<int>> used;
    for (const Individual& ind : pop) {
      genomes.push_back(&ind.genome);
      used.push_back(ind.used);
    }
    const auto terms =
        control_.cancelled()
            ? std::vector<DiversityTerms>{}
            : population_diversity(genomes, used, reference_, s_.hamming, control_.cancel.flag());
    if (control_.cancelled()) {
      std::size_t kept = 0;
      for (std::size_t i = 0; i < pop.size(); ++i) {
        if (!fresh[i]) pop[kept++] = std::move(pop[i]);
      }
      pop.resize(kept);
      pop.shrink_to_fit();  // islands by the thousand must not each keep a population's room
      std::stable_sort(pop.begin(), pop.end(), fitter);
      return false;
    }
    result_.counters.evaluations += evaluations;
    for (std::size_t i = 0; i < pop.size(); ++i) set_fitness(pop[i], terms[i]);
    std::stable_sort(pop.begin(), pop.end(), fitter);
    return true;
  }

  void set_fitness(Individual& ind, const DiversityTerms& terms) const {
    ind.diversity = terms;
    ind.fitness = s_.stability_weight * ind.stability.robust_score +
                  s_.diversity_weight * 100 * terms.score() + own_terms(ind);
  }

  /// What a level scores of itself beyond stability and diversity: its protected pigs, less its
  /// failures. A level without room for all the pigs drawn breaks the ruleset: 100 x the share
  /// missing; one with too few or too many blocks: 100 x the share of the nearer bound missed.
  double own_terms(const Individual& ind) const {
    double terms = s_.protection_weight * 100 * ind.stability.protected_share +
                   s_.shelter_weight * 100 * ind.stability.sheltered_share;
    if (s_.playable.enabled) terms += s_.playable.weight * 100 * playability(ind.play);
    if (ind.pigs_missing > 0) terms -= 100.0 * ind.pigs_missing / std::max(1, ind.pigs_wanted);
    if (ind.blocks < s_.blocks_min) {
      terms -= 100.0 * (s_.blocks_min - ind.blocks) / std::max(1, s_.blocks_min);
    } else if (ind.blocks > s_.blocks_max) {
      terms -= 100.0 * (ind.blocks - s_.blocks_max) / std::max(1, s_.blocks_max);
    }
    return terms;
  }

  /// The level played by the agents (one thread: the generator's workers share out the levels).
  PlayScore play_score(const Level& level) const {
    DifficultySettings measure = s_.playable.measure;
    measure.seed = s_.seed;
    measure.threads = 1;
    const DifficultyReport r = measure_difficulty(level, measure);
    return {true, r.solvable, r.naive_win_rate, r.search.birds_used, r.shots_simulated};
  }

  /// 1 for a solvable level whose naive win rate is in the band, down to 0 at a distance of 1
  /// from it; 0 for a level the search agent did not win (or not measured).
  double playability(const PlayScore& p) const {
    if (!p.measured || !p.solvable) return 0;
    const double lo = s_.playable.difficulty_min, hi = s_.playable.difficulty_max;
    const double off = p.naive_win_rate < lo   ? lo - p.naive_win_rate
                       : p.naive_win_rate > hi ? p.naive_win_rate - hi
                                               : 0.0;
    return std::max(0.0, 1 - off);
  }

  /// Fewer qualified levels in the archive than asked for.
  bool archive_short() const {
    const auto n = std::count_if(archive_.begin(), archive_.end(),
                                 [&](const Individual& a) { return qualified(a, s_); });
    return n < std::max(1, rules_.levels);
  }

  /// The level distance (diversity.hpp: silhouettes and block counts) of every two members of
  /// the archive; symmetric, 0 on the diagonal.
  std::vector<std::vector<double>> archive_distances() const {
    const std::size_t n = archive_.size();
    std::vector<std::vector<double>> d(n, std::vector<double>(n, 0.0));
    for (std::size_t i = 0; i < n; ++i) {
      for (std::size_t j = i + 1; j < n; ++j) {
        d[i][j] = d[j][i] = level_distance(archive_[i].shape, archive_[j].shape);
      }
    }
    return d;
  }

  /// Scores the members of the archive — the set of levels the user gets — within it. The
  /// population's fitness rewarded each member's own variety (distinct composites, entropy) and
  /// its distance to the population; within the archive what counts is how different the levels
  /// are from each other: fitness = stability + diversity weight x 100 x the level distance
  /// (`distance`, from archive_distances) to the nearest other member (or the mean, with
  /// --hamming mean): archive_fitness.
  void score_in_archive(const std::vector<std::vector<double>>& distance) {
    const std::size_t n = archive_.size();
    for (std::size_t i = 0; i < n; ++i) {
      double low = 1, sum = 0;
      for (std::size_t j = 0; j < n; ++j) {
        if (j == i) continue;
        low = std::min(low, distance[i][j]);
        sum += distance[i][j];
      }
      archive_[i].set_distance = set_spread(low, sum, n - 1);
      archive_[i].fitness = archive_fitness(archive_[i], archive_[i].set_distance);
    }
  }

  /// A member's distance to the others of the archive (`others` of them; `low`, `sum`: the
  /// nearest and the sum): the nearest's, or the mean with --hamming mean; 0 alone.
  double set_spread(double low, double sum, std::size_t others) const {
    if (others == 0) return 0.0;
    return s_.hamming == HammingMode::kMin ? low : sum / static_cast<double>(others);
  }

  /// A level's fitness within the archive, at `spread` from the other members.
  double archive_fitness(const Individual& ind, double spread) const {
    return s_.stability_weight * ind.stability.robust_score + s_.diversity_weight * 100 * spread +
           own_terms(ind);
  }

  /// Trims the archive to the number of levels asked for, one member at a time: the first
  /// unstable one, else the least fit, rescoring the rest after each removal (so of two
  /// near-identical members one goes, and the other's distance to the rest grows back). The
  /// members' distances are computed once, their rows and columns dropped with them.
  void trim_archive() {
    const auto room = static_cast<std::size_t>(std::max(1, rules_.levels));
    std::vector<std::vector<double>> distance = archive_distances();
    for (;;) {
      score_in_archive(distance);
      if (archive_.size() <= room) break;
      std::size_t worst = 0;
      for (std::size_t i = 1; i < archive_.size(); ++i) {
        if (!keeper(archive_[i], archive_[worst], s_)) worst = i;  // the last of equals goes
      }
      const auto at = static_cast<std::ptrdiff_t>(worst);
      archive_.erase(archive_.begin() + at);
      distance.erase(distance.begin() + at);
      for (auto& row : distance) row.erase(row.begin() + at);
    }
    std::stable_sort(archive_.begin(), archive_.end(),
                     [&](const Individual& a, const Individual& b) { return keeper(a, b, s_); });
  }

  bool in_archive(const Individual& ind) const {
    return std::any_of(archive_.begin(), archive_.end(),
                       [&](const Individual& a) { return a.structure_key == ind.structure_key; });
  }

  /// Archive members not already in the population go to its head; the worst fall off the end.
  void reinject_archive(std::vector<Individual>& pop, std::size_t size) const {
    std::vector<Individual> next;
    for (const Individual& a : archive_) {
      const bool present = std::any_of(
          pop.begin(), pop.end(), [&](const Individual& p) { return p.level_key == a.level_key; });
      if (!present) next.push_back(a);
    }
    next.insert(next.end(), pop.begin(), pop.end());
    next.resize(std::min(next.size(), size));
    pop = std::move(next);
  }

  /// Parents from a share of the population (an even number, at least one pair when the rate
  /// is not 0: 30 % of a population under 7 would otherwise breed nothing), children replace
  /// the worst.
  void breed(std::vector<Individual>& pop, int generation) {
    const std::size_t n = pop.size();
    auto parents = static_cast<std::size_t>(s_.crossover_rate * static_cast<double>(n) + 1e-9);
    if (s_.crossover_rate > 0) parents = std::max<std::size_t>(parents, 2);
    parents = std::min(parents - parents % 2, n - n % 2);
    if (parents == 0) return;
    std::vector<double> fitness(n);
    for (std::size_t i = 0; i < n; ++i) fitness[i] = pop[i].fitness;
    const evo::Selector selector(s_.selection, fitness, evo::Direction::maximize);
    std::vector<Individual> children;
    for (std::size_t k = 0; k < parents / 2; ++k) {
      Rng rng = master_.split({static_cast<std::uint64_t>(generation), k});
      const std::size_t a = selector.pick(rng), b = selector.pick(rng);
      auto [c1, c2] = crossover(pop[a].genome, pop[b].genome, s_.crossover, rng);
      for (Genome* c : {&c1, &c2}) {
        if (rng.chance(s_.mutation_rate)) mutate(*c, palette_, s_.genome, rng);
        c->pig_seed = rng();
        Individual child;
        child.genome = std::move(*c);
        child.generation = generation;
        children.push_back(std::move(child));
      }
    }
    for (std::size_t j = 0; j < children.size(); ++j) pop[n - 1 - j] = std::move(children[j]);
  }

  /// Whether a level that qualifies would stay in an archive full of qualified levels: its
  /// fitness there (stability, the diversity term against the members, its own terms) above the
  /// lowest member's. Without it, the two-birds check is not worth making.
  bool would_stay(const Individual& ind) const {
    const auto room = static_cast<std::size_t>(std::max(1, rules_.levels));
    if (archive_.size() < room || archive_short()) return true;
    double low = 1, sum = 0, lowest = 1e300;
    for (const Individual& a : archive_) {
      const double d = level_distance(ind.shape, a.shape);
      low = std::min(low, d);
      sum += d;
      lowest = std::min(lowest, a.fitness);
    }
    return archive_fitness(ind, set_spread(low, sum, archive_.size())) > lowest;
  }

  /// The two-birds check (min_birds 2) of the population's levels that could join the archive:
  /// sound (all pigs, blocks in range, robust), not checked yet, their structure not in the
  /// archive, no sound member within min_distance as fit, and (when the archive is full of
  /// qualified levels) fitter there than its least fit member; the `elite` fittest of them, in
  /// parallel. Cached with the level's stability.
  void check_birds(std::vector<Individual>& pop) {
    if (s_.min_birds < 2 || control_.cancelled()) return;
    std::vector<std::size_t> todo;
    for (std::size_t i = 0; i < pop.size(); ++i) {
      const Individual& ind = pop[i];
      if (!ind.scored || ind.play.birds_checked || !sound(ind, s_) || in_archive(ind)) continue;
      const bool beaten = std::any_of(archive_.begin(), archive_.end(), [&](const Individual& a) {
        return sound(a, s_) && deep(a, s_) && a.fitness >= ind.fitness &&
               structural_distance(ind.shape.silhouette, a.shape.silhouette) < s_.min_distance;
      });
      if (!beaten && would_stay(ind)) todo.push_back(i);
    }
    std::stable_sort(todo.begin(), todo.end(),
                     [&](std::size_t a, std::size_t b) { return fitter(pop[a], pop[b]); });
    todo.resize(std::min(todo.size(), static_cast<std::size_t>(std::max(1, s_.elite))));
    std::vector<char> wins(todo.size(), 0), done(todo.size(), 0);
    workers_.for_each(todo.size(), [&](std::size_t k) {
      if (control_.cancelled()) return;
      const Individual& ind = pop[todo[k]];
      const Level level = place(ind.genome, catalogue_, rules_, s_.placement).level;
      const std::uint64_t seed = ContentHash().value(s_.seed).text(ind.level_key).digest();
      wins[k] = first_bird_wins(level, s_.bird_check_budget, PlaySettings{}, seed) ? 1 : 0;
      done[k] = 1;
    });
    for (std::size_t k = 0; k < todo.size(); ++k) {
      if (!done[k]) continue;
      Individual& ind = pop[todo[k]];
      ind.play.birds_checked = true;
      ind.play.first_bird_wins = wins[k] != 0;
      ++result_.bird_checks;
      if (auto hit = cache_.find(ind.level_key); hit != cache_.end()) hit->second.second = ind.play;
      for (Individual& other : pop) {  // copies of the same level
        if (other.level_key == ind.level_key) other.play = ind.play;
      }
    }
  }

  /// The `elite` best of the population not in the archive yet are offered to it (see admit),
  /// after the two-birds check. The members put back into the population are no offer: they
  /// would take the places of the new levels (in a set of many levels, every place, and a
  /// new level would then join only by being fitter than the archive's best).
  void offer_to_archive(std::vector<Individual>& pop) {
    check_birds(pop);
    const auto elite = static_cast<std::size_t>(std::max(1, s_.elite));
    std::vector<std::size_t> offered;
    for (std::size_t i : best_for_archive(pop, pop.size())) {
      if (offered.size() == elite) break;
      if (!in_archive(pop[i])) offered.push_back(i);
    }
    for (std::size_t i : offered) admit(pop[i]);
    trim_archive();
  }

  /// A level joins the archive unless its structure is already there, or a member is closer to
  /// it than min_distance and at least as good (in the archive's order); the members it is
  /// closer to than that and better than go.
  bool admit(const Individual& ind) {
    if (in_archive(ind)) return false;
    std::vector<std::size_t> close;
    for (std::size_t k = 0; k < archive_.size(); ++k) {
      if (structural_distance(ind.shape.silhouette, archive_[k].shape.silhouette) <
          s_.min_distance) {
        if (!keeper(ind, archive_[k], s_)) return false;
        close.push_back(k);
      }
    }
    for (auto k = close.rbegin(); k != close.rend(); ++k) {
      archive_.erase(archive_.begin() + static_cast<std::ptrdiff_t>(*k));
    }
    archive_.push_back(ind);
    return true;
  }

  /// The first `count` of the population in the archive's order (stable first, then fitness).
  std::vector<std::size_t> best_for_archive(const std::vector<Individual>& pop,
                                            std::size_t count) const {
    std::vector<std::size_t> order(pop.size());
    std::iota(order.begin(), order.end(), std::size_t{0});
    std::stable_sort(order.begin(), order.end(),
                     [&](std::size_t a, std::size_t b) { return keeper(pop[a], pop[b], s_); });
    order.resize(std::min(count, order.size()));
    return order;
  }

  /// Fewer distinct levels in the archive than asked for: the best others of the population.
  void fill_archive(const std::vector<Individual>& pop) {
    const auto room = static_cast<std::size_t>(std::max(1, rules_.levels));
    for (std::size_t i : best_for_archive(pop, pop.size())) {
      if (archive_.size() >= room) break;
      admit(pop[i]);
    }
    trim_archive();
  }

  /// The generation's row of the history (false, and no row, when a cancel stopped the
  /// pairwise distances of a large population).
  bool record(const std::vector<Individual>& pop, int generation) {
    GenerationRecord r;
    r.generation = static_cast<std::size_t>(generation);
    r.evaluations = result_.counters.evaluations;
    double sum = 0, stability = 0, best_stability = 0, diversity = 0, length = 0, stable = 0,
           robust = 0;
    r.best = pop.front().fitness;
    r.worst = pop.front().fitness;
    std::vector<const Genome*> genomes;
    for (const Individual& ind : pop) {
      sum += ind.fitness;
      r.best = std::max(r.best, ind.fitness);
      r.worst = std::min(r.worst, ind.fitness);
      stability += ind.stability.paper_score;
      best_stability = std::max(best_stability, ind.stability.paper_score);
      diversity += ind.diversity.score();
      length += static_cast<double>(ind.genome.genes.size());
      stable += ind.stability.stable ? 1 : 0;
      robust += ind.stability.robust ? 1 : 0;
      genomes.push_back(&ind.genome);
    }
    const auto n = static_cast<double>(pop.size());
    r.mean = sum / n;
    const std::atomic<bool>* cancel = control_.cancel.flag();
    r.diversity = mean_pairwise_hamming(genomes, cancel);
    const int min_hamming = min_pairwise_hamming(genomes, cancel);
    if (control_.cancelled()) return false;
    r.elapsed = clock_.seconds();
    r.extra = {{"min_hamming", static_cast<double>(min_hamming)},
               {"mean_stability", stability / n},
               {"best_stability", best_stability},
               {"stable_fraction", stable / n},
               {"robust_fraction", robust / n},
               {"mean_diversity_term", diversity / n},
               {"mean_composites", length / n},
               {"simulations", static_cast<double>(result_.simulations)},
               {"archive", static_cast<double>(archive_.size())},
               {"archive_qualified", static_cast<double>(std::count_if(
                                         archive_.begin(), archive_.end(),
                                         [&](const Individual& a) { return qualified(a, s_); }))}};
    result_.history.add(std::move(r));
    if (control_.observer) control_.observer->on_generation(result_.history.back());
    return true;
  }

  const Catalogue& catalogue_;
  const Ruleset& rules_;
  const GeneratorSettings& s_;
  const Control& control_;
  Palette palette_;
  Workers workers_;
  Rng master_;
  int reference_;
  Bounds window_;  // where the archive's silhouettes are drawn
  Stopwatch clock_;
  std::map<std::string, std::pair<StabilityScore, PlayScore>> cache_;
  std::vector<Individual> archive_;
  GeneratorResult result_;
  std::vector<Individual> pop_;
  int generation_ = 0;
  bool complete_ = false;  // the last start() or step() ran to its end
  struct OpenFlights {
    int width;
    Slingshot slingshot;
    Flights flights;
  };
  std::optional<OpenFlights> open_;  // of the levels scored last (score())
};

}  // namespace detail

GeneratorRun::GeneratorRun(const Catalogue& catalogue, const Ruleset& rules,
                           GeneratorSettings settings, Control control)
    : settings_(std::move(settings)),
      control_(std::move(control)),
      impl_(std::make_unique<detail::Generator>(catalogue, rules, settings_, control_)) {}
GeneratorRun::~GeneratorRun() = default;

void GeneratorRun::start() {
  impl_->start();
  note();
}

void GeneratorRun::step() {
  impl_->step();
  note();
}

// A generation made to its end joins result(): its record, its population's fittest.
void GeneratorRun::note() {
  if (!impl_->complete()) return;
  so_far_.history.add(impl_->last_record());
  so_far_.generations = static_cast<std::size_t>(impl_->generation());
  so_far_.evaluations = so_far_.history.back().evaluations;
  for (Individual& best : impl_->emigrants(1)) {
    so_far_.best_fitness = best.fitness;
    so_far_.best = std::move(best);
  }
}

bool GeneratorRun::done() { return impl_->done(); }
evo::StopReason GeneratorRun::own_stop() const { return impl_->own_stop(); }
int GeneratorRun::generation() const { return impl_->generation(); }
const evo::RunResult<Individual>& GeneratorRun::result() const { return so_far_; }

std::vector<evo::Migrant<Individual>> GeneratorRun::emigrants(std::size_t count) const {
  std::vector<evo::Migrant<Individual>> out;
  for (Individual& ind : impl_->emigrants(count)) {
    const double fitness = ind.fitness;
    out.push_back({std::move(ind), fitness});
  }
  return out;
}

void GeneratorRun::immigrate(const std::vector<evo::Migrant<Individual>>& arriving) {
  std::vector<Individual> in;
  for (const auto& m : arriving) {
    in.push_back(m.genome);
    in.back().fitness = m.fitness;
  }
  impl_->immigrate(std::move(in));
}

evo::RunResult<Individual> GeneratorRun::finish() {
  GeneratorResult g = impl_->finish();
  evo::RunResult<Individual> r = std::move(so_far_);
  r.stop = g.counters.stop;
  r.generations = g.counters.generations;
  r.evaluations = g.counters.evaluations;
  r.seconds = g.counters.seconds;
  for (Individual& level : g.levels) {
    r.fitness.push_back(level.fitness);
    r.population.push_back(std::move(level));
  }
  r.counts = {{"simulations", g.simulations},
              {"playability_measures", g.playability_measures},
              {"bird_checks", g.bird_checks}};
  return r;
}

GeneratorResult merge_archives(const Catalogue& catalogue, const Ruleset& rules,
                               const GeneratorSettings& settings,
                               std::vector<Individual> candidates, evo::StopReason stop) {
  GeneratorSettings merge = settings;
  merge.islands = {};
  const Control quiet;  // no cancel (the levels found are kept); the archipelago records
  detail::Generator merger(catalogue, rules, merge, quiet);
  merger.adopt(std::move(candidates));
  merger.set_stop(stop);
  return merger.finish();
}

DifficultySettings PlayableSettings::fitness_measure() {
  DifficultySettings d;
  d.naive_attempts = 8;
  d.random_shots = 0;
  d.search.budget = 24;
  return d;
}

int GeneratorSettings::most_generations() const {
  return max_generations > 0 ? std::max(max_generations, generations) : 20 * generations;
}

void GeneratorSettings::validate() const {
  at_least("population", population, 2);
  at_least("generations", generations, 0);
  within("crossover_rate", crossover_rate, 0, 1);
  within("mutation_rate", mutation_rate, 0, 1);
  non_negative("stability_weight", stability_weight);
  non_negative("diversity_weight", diversity_weight);
  non_negative("protection_weight", protection_weight);
  non_negative("shelter_weight", shelter_weight);
  at_least("elite", elite, 1);
  at_least("blocks_min", blocks_min, 0);
  at_least("blocks_max", blocks_max, blocks_min);
  within("min_distance", min_distance, 0, 1);
  within("min_birds", min_birds, 1, kMostMinBirds);
  within("bird_check_budget", bird_check_budget, 1, 10000);
  at_least("max_generations", max_generations, 0);
  at_least("genome.length", genome.length, 1);
  within("genome.platform_chance", genome.platform_chance, 0, 1);
  at_least("placement.tnt_max", placement.tnt_max, placement.tnt_min);
  within("playable.difficulty_min", playable.difficulty_min, 0, 1);
  within("playable.difficulty_max", playable.difficulty_max, playable.difficulty_min, 1);
  non_negative("playable.weight", playable.weight);
  within("threads", threads, 0, 1024);  // 0: every core
  if (playable.enabled) playable.measure.validate();
  robustness.validate();
  islands.validate();
}

GeneratorResult run_generator(const Catalogue& catalogue, const Ruleset& rules,
                              const GeneratorSettings& settings, const Control& control) {
  settings.validate();
  if (settings.islands.active()) return run_generator_islands(catalogue, rules, settings, control);
  return detail::Generator(catalogue, rules, settings, control).run();
}

nlohmann::json GeneratorSettings::to_json() const {
  nlohmann::json level_set = {{"blocks", {blocks_min, blocks_max}},
                              {"tnt", {placement.tnt_min, placement.tnt_max}},
                              {"platform_chance", genome.platform_chance},
                              {"min_distance", min_distance},
                              {"protection_weight", protection_weight},
                              {"max_generations", max_generations},
                              {"shelter_weight", shelter_weight},
                              {"robustness", robustness.to_json()},
                              {"shelter_pigs", placement.shelter_pigs},
                              {"playable", playable.enabled},
                              {"min_birds", min_birds},
                              {"draw_by_pieces", genome.draw_by_pieces}};
  if (min_birds >= 2) level_set["bird_check_budget"] = bird_check_budget;
  if (playable.enabled) {
    level_set["difficulty"] = {playable.difficulty_min, playable.difficulty_max};
    level_set["playable_weight"] = playable.weight;
    level_set["playability_measure"] = playable.measure.to_json();
  }
  nlohmann::json j = {{"population", population},
                      {"generations", generations},
                      {"composites_per_level", genome.length},
                      {"min_composites", genome.min_length},
                      {"max_composites", genome.max_length},
                      {"selection", selection.name()},
                      {"crossover", crossover_name(crossover)},
                      {"crossover_rate", crossover_rate},
                      {"mutation_rate", mutation_rate},
                      {"stability_weight", stability_weight},
                      {"diversity_weight", diversity_weight},
                      {"hamming", hamming_name(hamming)},
                      {"elite_per_generation", elite},
                      {"offset_sigma", genome.offset_sigma},
                      {"max_offset", genome.max_offset},
                      {"max_lift", genome.max_lift},
                      {"columns", kColumns},
                      {"area", {placement.x_min, placement.x_max}},
                      {"max_top", placement.max_top},
                      {"level_width", placement.level_width},
                      {"seconds_simulated", physics.seconds},
                      {"level_set", level_set}};
  if (islands.active()) j["islands"] = islands.to_json();  // runs without keep their keys
  return j;
}

Placement place_individual(const Individual& individual, const Catalogue& catalogue,
                           const Ruleset& rules, const GeneratorSettings& settings) {
  return place(individual.genome, catalogue, rules, settings.placement);
}

}  // namespace evoplay::games::birds
