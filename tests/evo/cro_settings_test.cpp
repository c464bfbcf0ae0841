// CRO's presets, its settings by name (core/fields.hpp), the copy control before evaluation and
// CRO with substrate layers.
#include <gtest/gtest.h>

#include <map>
#include <set>

#include "evoplay/core/error.hpp"
#include "evoplay/core/fields.hpp"
#include "evoplay/evo/cro.hpp"
#include "evoplay/evo/operators/crossover.hpp"
#include "evoplay/evo/operators/mutation.hpp"
#include "evoplay/evo/problems/circle_tsp.hpp"
#include "evoplay/evo/problems/onemax.hpp"
#include "support/evo_operators.hpp"

using namespace evoplay;
using namespace evoplay::evo;
using namespace evoplay::test_support;

namespace {

/// Counts the operator calls of each epoch (the observer closes an epoch).
struct Calls : Observer {
  std::vector<std::size_t> crossovers{0}, mutations{0};
  void on_generation(const GenerationRecord&) override {
    crossovers.push_back(0);
    mutations.push_back(0);
  }
  auto crossover() {
    return [this](const G& a, const G& b, Rng& r) {
      ++crossovers.back();
      return one_point(a, b, r).first;
    };
  }
  auto mutation() {
    return [this](G& g, Rng& r) {
      ++mutations.back();
      bit_flip(g, r);
    };
  }
};

}  // namespace

TEST(CroPresets, ThesisIsTheDocumentsValuesAndTheDefault) {
  // The Lemmings document, chapter 4: rho 80%, alpha 10% of the reef, Fb 70%, gamma 5%, Fa
  // under 1% (0.01), Fd 10%, Pd 50%.
  const CroParams t = CroParams::thesis();
  EXPECT_EQ(t.preset, "thesis");
  EXPECT_DOUBLE_EQ(t.occupancy, 0.8);
  EXPECT_DOUBLE_EQ(t.larvae, 0.1);
  EXPECT_DOUBLE_EQ(t.broadcast, 0.7);
  EXPECT_DOUBLE_EQ(t.brooding_mutation, 0.05);
  EXPECT_DOUBLE_EQ(t.budding, 0.01);
  EXPECT_DOUBLE_EQ(t.depredation_fraction, 0.1);
  EXPECT_DOUBLE_EQ(t.depredation_probability, 0.5);
  EXPECT_TRUE(t.substrates.empty());
  EXPECT_TRUE(t.copies_before_evaluation);
  EXPECT_EQ(to_json(t), to_json(CroParams{}));
  EXPECT_EQ(to_json(CroParams::preset_named("thesis")), to_json(t));
}

TEST(CroPresets, StandardMakesEveryCoralReproduceAndEveryBroodedLarvaAMutant) {
  const CroParams s = CroParams::standard();
  EXPECT_EQ(s.preset, "standard");
  EXPECT_DOUBLE_EQ(s.larvae, 1.0);
  EXPECT_DOUBLE_EQ(s.brooding_mutation, 1.0);
  EXPECT_TRUE(s.substrates.empty());
  // What the preset is for: in every epoch every coral is a parent once. Spawners are
  // round(Fb * corals), in pairs; the others brood, each larva mutated.
  const OneMax problem(64);
  auto p = s;
  p.stop.generations = 30;
  Calls calls;
  const auto r = run_cro(problem, p, calls.crossover(), calls.mutation(), &calls);
  for (std::size_t e = 1; e <= 30; ++e) {
    const double corals = r.history.rows[e - 1].extra_value("occupancy") * 100;
    const auto spawners = static_cast<std::size_t>(std::llround(s.broadcast * corals));
    EXPECT_EQ(calls.crossovers[e], spawners / 2) << "epoch " << e;
    EXPECT_EQ(calls.mutations[e], static_cast<std::size_t>(std::llround(corals)) - spawners)
        << "epoch " << e;
  }
}

TEST(CroPresets, SlIsStandardWithEverySubstrate) {
  CroParams sl = CroParams::preset_named("sl");
  EXPECT_EQ(sl.substrates, std::vector<std::string>{"all"});
  sl.substrates.clear();
  sl.preset = "standard";
  EXPECT_EQ(to_json(sl), to_json(CroParams::standard()));
  EXPECT_THROW(CroParams::preset_named("classic"), Error);
}

TEST(CroPresets, SlUniqueIsSlWithoutCopiesAndTheDefault) {
  CroParams u = CroParams::preset_named("sl-unique");
  EXPECT_EQ(u.preset, "sl-unique");
  EXPECT_EQ(u.max_copies, 0);
  EXPECT_EQ(u.substrates, std::vector<std::string>{"all"});
  u.max_copies = CroParams::substrate_layers().max_copies;
  u.preset = "sl";
  EXPECT_EQ(to_json(u), to_json(CroParams::substrate_layers()));
  EXPECT_EQ(CroParams::kDefaultPreset, "sl-unique");
  // Every preset named in the help texts has a constructor.
  for (auto name : CroParams::kPresets) EXPECT_EQ(CroParams::preset_named(name).preset, name);
}

TEST(CroPresets, SlUniqueKeepsOneCoralPerGenome) {
  // mu = 0: a larva equal to a coral dies, so the reef never holds two equal corals, although
  // budding copies the best corals every epoch.
  const OneMax problem(200);
  auto p = CroParams::standard();
  p.max_copies = 0;
  p.seed = 5;
  p.stop.generations = 25;
  const auto r = run_cro(problem, p, one_point_one, bit_flip);
  ASSERT_EQ(r.history.rows.size(), 26u);
  for (const auto& row : r.history.rows)
    EXPECT_EQ(row.extra_value("duplicates"), 0) << row.generation;
  p.max_copies = 3;  // the check can fail: with copies allowed, the small reef fills with them
  const auto copies = run_cro(problem, p, one_point_one, bit_flip);
  double most = 0;
  for (const auto& row : copies.history.rows) most = std::max(most, row.extra_value("duplicates"));
  EXPECT_GT(most, 0);
}

TEST(CroPresets, ValidateRefusesValuesOutOfRange) {
  EXPECT_NO_THROW(CroParams::standard().validate());
  for (auto bad : {+[](CroParams& p) { p.occupancy = 0; }, +[](CroParams& p) { p.larvae = 1.5; },
                   +[](CroParams& p) { p.brooding_mutation = -0.1; },
                   +[](CroParams& p) { p.attempts = -1; }, +[](CroParams& p) { p.max_copies = -2; },
                   +[](CroParams& p) {
                     p.rows = 1;
                     p.cols = 1;
                   },
                   +[](CroParams& p) { p.depredation_probability = 2; }}) {
    CroParams p = CroParams::thesis();
    bad(p);
    EXPECT_THROW(p.validate(), Error);
  }
}

TEST(CroPresets, SizeReefKeepsAReefTheUserChose) {
  CroParams p;
  p.size_reef(40);
  EXPECT_EQ(p.cells(), 40u);
  p.reef = ReefShape{3, 7};
  p.size_reef(100);
  EXPECT_EQ(p.rows, 3u);
  EXPECT_EQ(p.cols, 7u);
}

// ---- The copy control before evaluation (Algorithm 2) ------------------------------------

TEST(CroCopies, ALarvaIdenticalToACoralCostsNoEvaluation) {
  // Crossover clones its first parent and brooding does not mutate: every new larva is a copy
  // of a coral. In the document's order none is evaluated; evaluated first, all are.
  const OneMax problem(16);
  auto clone = [](const G& a, const G&, Rng&) { return a; };
  auto none = [](G&, Rng&) {};
  for (bool before : {true, false}) {
    auto p = CroParams::standard();
    p.copies_before_evaluation = before;
    p.stop.generations = 20;
    std::uint64_t seen = 0;
    const auto r = run_cro(problem, p, clone, none, nullptr, [&](const G&, double) { ++seen; });
    const std::uint64_t initial = 90;  // rho 0.9 of 100 cells
    EXPECT_EQ(seen, r.evaluations);
    if (before) {
      EXPECT_EQ(r.evaluations, initial);
    } else {
      EXPECT_GT(r.evaluations, initial + 20 * 40);
    }
  }
}

TEST(CroCopies, ALarvaIdenticalToAnEarlierLarvaSharesItsEvaluation) {
  // Every crossover makes the same genome, absent from the reef at first: the epoch evaluates it
  // once; once it has settled, never again.
  const OneMax problem(16);
  G fixed(16, 1);  // 15 ones: better than every random coral, not the optimum (no stop)
  fixed[0] = 0;
  auto same = [&](const G&, const G&, Rng&) { return fixed; };
  auto none = [](G&, Rng&) {};
  auto p = CroParams::thesis();
  p.brooding_mutation = 0;
  p.stop.generations = 5;
  std::uint64_t fixed_seen = 0;
  const auto r = run_cro(problem, p, same, none, nullptr, [&](const G& g, double f) {
    if (g == fixed) {
      ++fixed_seen;
      EXPECT_DOUBLE_EQ(f, 15);
    }
  });
  EXPECT_EQ(fixed_seen, 1u);
  EXPECT_EQ(r.evaluations, 80u + 1);
  EXPECT_EQ(r.best_fitness, 15);
}

TEST(CroCopies, MuStillCapsCopiesAndTheRunIsTheSameAtAnyThreadCount) {
  const OneMax problem(16);  // 90 random corals of 16 bits: no genome three times at the start
  auto clone = [](const G& a, const G&, Rng&) { return a; };
  auto p = CroParams::standard();
  p.max_copies = 1;
  p.stop.generations = 100;
  const auto a = run_cro(problem, p, clone, bit_flip);
  p.threads = 2;
  const auto b = run_cro(problem, p, clone, bit_flip);
  EXPECT_EQ(without_time(a.history), without_time(b.history));
  EXPECT_EQ(a.population, b.population);
  std::map<G, int> counts;
  for (const auto& c : a.population) ++counts[c];
  for (const auto& [g, n] : counts) EXPECT_LE(n, 2);
}

// ---- CRO with substrate layers -----------------------------------------------------------

namespace {
/// Substrates that record, per epoch, the parents each was given (by value) and tag their
/// larvae: gene 0 of a larva is the substrate's number (genomes {tag, id...}).
struct Layers {
  std::vector<std::vector<G>> parents;  // [substrate]: first parents seen in the current epoch
  std::vector<Substrate<G>> make() {
    parents.assign(3, {});
    auto cross = [this](int k) {
      return [this, k](const G& a, const G& b, Rng& r) {
        parents[static_cast<std::size_t>(k)].push_back(a);
        G child = one_point(a, b, r).first;
        child[0] = k;
        return child;
      };
    };
    return {{"x0", cross(0), {}}, {"x1", cross(1), {}}, {"m2", {}, [this](G& g, Rng& r) {
                                                           parents[2].push_back(g);
                                                           bit_flip(g, r);
                                                           g[0] = 2;
                                                         }}};
  }
};
auto unused_crossover = [](const G& a, const G&, Rng&) -> G {
  ADD_FAILURE() << "plain crossover used under CRO-SL";
  return a;
};
}  // namespace

TEST(CroSl, EachSubstrateReproducesTheCoralsGrowingOnIt) {
  const OneMax problem(24);
  auto p = CroParams::standard();
  p.seed = 31;
  p.stop.generations = 25;
  Layers layers;
  Cro cro(problem, p, unused_crossover, bit_flip, nullptr, {}, layers.make());
  cro.start();
  std::size_t calls = 0;
  std::set<int> tags;
  while (!cro.done()) {
    const auto before = cro.reef();
    for (auto& v : layers.parents) v.clear();
    cro.step();
    for (std::size_t k = 0; k < 3; ++k) {
      EXPECT_FALSE(layers.parents[k].empty()) << "substrate " << k << " made no larva";
      for (const G& parent : layers.parents[k]) {
        ++calls;
        bool found = false;
        for (std::size_t c = 0; c < before.size() && !found; ++c) {
          found = before[c] && *before[c] == parent && cro.substrate_of(c) == k;
        }
        EXPECT_TRUE(found) << "substrate " << k << " reproduced a coral of another substrate";
      }
    }
    for (const auto& cell : cro.reef()) {
      if (cell) tags.insert((*cell)[0]);
    }
  }
  EXPECT_GT(calls, 25u * 30);
  EXPECT_TRUE(tags.count(0) && tags.count(1) && tags.count(2));  // each one's larvae settle
}

TEST(CroSl, PickSubstratesByNameOrAll) {
  Layers layers;
  const auto all = layers.make();
  EXPECT_EQ(pick_substrates<G>({"all"}, all).size(), 3u);
  const auto two = pick_substrates<G>({"m2", "x0"}, all);
  ASSERT_EQ(two.size(), 2u);
  EXPECT_EQ(two[0].name, "m2");
  EXPECT_EQ(two[1].name, "x0");
  EXPECT_TRUE(pick_substrates<G>({}, all).empty());
  EXPECT_THROW(pick_substrates<G>({"x9"}, all), Error);
}

TEST(CroSl, SameSeedSameRunAtAnyThreadCountAndItMinimisesTheTsp) {
  const CircleTsp tsp(16);
  auto ox_one = [](const G& a, const G& b, Rng& r) { return ox(a, b, r).first; };
  auto pmx_one = [](const G& a, const G& b, Rng& r) { return pmx(a, b, r).first; };
  auto swap = [](G& g, Rng& r) { swap_mutation(g, r); };
  const std::vector<Substrate<G>> layers = {
      {"ox", ox_one, {}}, {"pmx", pmx_one, {}}, {"inversion", {}, inversion}, {"swap", {}, swap}};
  auto p = CroParams::substrate_layers();
  p.seed = 9;
  p.stop.generations = 400;
  const auto a = run_cro(tsp, p, ox_one, inversion, nullptr, {}, layers);
  p.threads = 2;
  const auto b = run_cro(tsp, p, ox_one, inversion, nullptr, {}, layers);
  EXPECT_EQ(without_time(a.history), without_time(b.history));
  EXPECT_EQ(a.population, b.population);
  EXPECT_TRUE(a.solved) << a.best_fitness << " vs " << tsp.optimum();
}

// Every front end sets CRO's parameters by the names its declaration gives (core/fields.hpp).
TEST(CroSettingsByName, EveryListedSettingSetsItsField) {
  CroParams p = CroParams::thesis();
  const std::map<std::string, std::string> values = {{"reef", "4x5"},
                                                     {"occupancy", "0.25"},
                                                     {"larvae", "1"},
                                                     {"broadcast", "0.5"},
                                                     {"gamma", "0.75"},
                                                     {"attempts", "2"},
                                                     {"budding", "0.2"},
                                                     {"max-copies", "7"},
                                                     {"depredation-share", "0.3"},
                                                     {"depredation-probability", "0.4"},
                                                     {"pairs", "uniform"},
                                                     {"substrates", "pmx,swap"},
                                                     {"substrate-sizes", "dynamic"},
                                                     {"amplification", "0.05"},
                                                     {"copies-check", "after-evaluation"}};
  std::set<std::string> listed;
  for (const auto& name : fields::names(p)) {
    if (name == "preset") continue;
    listed.insert(name);
    ASSERT_TRUE(values.contains(name)) << name;
    fields::set_text(p, name, values.at(name));
  }
  EXPECT_EQ(listed.size(), values.size());
  ASSERT_TRUE(p.reef.has_value());
  EXPECT_EQ(*p.reef, (ReefShape{4, 5}));
  p.size_reef(100);
  EXPECT_EQ(p.rows, 4u);
  EXPECT_EQ(p.cols, 5u);
  EXPECT_EQ(p.occupancy, 0.25);
  EXPECT_EQ(p.larvae, 1.0);
  EXPECT_EQ(p.broadcast, 0.5);
  EXPECT_EQ(p.brooding_mutation, 0.75);
  EXPECT_EQ(p.attempts, 2);
  EXPECT_EQ(p.budding, 0.2);
  EXPECT_EQ(p.max_copies, 7);
  EXPECT_EQ(p.depredation_fraction, 0.3);
  EXPECT_EQ(p.depredation_probability, 0.4);
  EXPECT_FALSE(p.proportional_pairs);
  EXPECT_EQ(p.substrates, (std::vector<std::string>{"pmx", "swap"}));
  EXPECT_FALSE(p.copies_before_evaluation);
  EXPECT_TRUE(p.dynamic_substrates);
  EXPECT_EQ(p.amplification, 0.05);
  fields::set_text(p, "substrates", "none");
  EXPECT_TRUE(p.substrates.empty());
  // A preset given by name starts the settings over from it.
  fields::set_text(p, "preset", "sl-unique");
  EXPECT_EQ(fields::to_json(p), fields::to_json(CroParams::unique_substrate_layers()));
}

TEST(CroSettingsByName, BadValuesAndNamesAreErrorsNamingThem) {
  const std::map<std::pair<std::string, std::string>, std::string> bad = {
      {{"occupancy", "2"}, "occupancy: expected a number above 0 and at most 1, found '2'"},
      {{"occupancy", "0"}, "occupancy: expected a number above 0 and at most 1, found '0'"},
      {{"gamma", "nan"}, "gamma: expected a number from 0 to 1, found 'nan'"},
      {{"attempts", "-1"}, "attempts: expected a whole number from 0 to 1000000, found '-1'"},
      {{"reef", "3"}, "reef: expected ROWSxCOLS, e.g. 10x10, of 2 to 1000000 cells, found '3'"},
      {{"reef", "1x1"}, "reef: expected ROWSxCOLS, e.g. 10x10, of 2 to 1000000 cells, found '1x1'"},
      {{"pairs", "best"}, "pairs: expected uniform or proportional, found 'best'"},
      {{"substrate-sizes", "grow"}, "substrate-sizes: expected fixed or dynamic, found 'grow'"},
      {{"amplification", "0"}, "amplification: expected a number above 0 and at most 1, found '0'"},
  };
  for (const auto& [input, message] : bad) {
    CroParams p;
    try {
      fields::set_text(p, input.first, input.second);
      ADD_FAILURE() << input.first << " " << input.second << " accepted";
    } catch (const Error& e) {
      EXPECT_EQ(e.message(), message);
    }
  }
  CroParams p;
  try {
    fields::set_text(p, "speed", "1");
    ADD_FAILURE() << "unknown setting accepted";
  } catch (const Error& e) {
    EXPECT_EQ(e.message(), "speed: no such setting");
  }
}
