// Science Birds stability by Box2D: level simulations per second (10 s of game time, the game's
// settings) on 20-block levels with one thread and with two, with and without stopping once
// every body sleeps: levels stacked exactly (they stand and sleep at 0.5 s), levels stacked
// carelessly (blocks off-centre and dropped from a little height: most partly collapse and come
// to rest late), and the competition baseline's 41-piece level.
#include <chrono>
#include <filesystem>

#include "bench_util.hpp"
#include "evoplay/core/rng.hpp"
#include "evoplay/core/stopwatch.hpp"
#include "evoplay/games/birds/physics.hpp"
#include "evoplay/games/birds/xml.hpp"

namespace {

using namespace evoplay::games::birds;

/// A level of `blocks` blocks in five columns. Exact (`careless` false): each block rests exactly
/// on the one below (standing planks among them), with a small pig on top of every other column.
/// Careless: each block is up to 0.3 off its column's centre line and starts up to 0.15 above the
/// block below, and there are no pigs, so columns lean, blocks drop, and most levels partly
/// collapse and settle after one to several seconds.
Level column_level(evoplay::Rng& rng, int blocks, bool careless) {
  const ObjectType types[] = {ObjectType::kSquareHole,  ObjectType::kRectFat,
                              ObjectType::kSquareSmall, ObjectType::kRectSmall,
                              ObjectType::kRectTiny,    ObjectType::kRectMedium};
  const Material materials[] = {Material::kWood, Material::kStone, Material::kIce};
  Level level;
  level.width = 2;
  level.birds = {BirdType::kRed, BirdType::kRed, BirdType::kYellow};
  constexpr int kColumns = 5;
  double top[kColumns];
  for (int c = 0; c < kColumns; ++c) top[c] = kGroundY;
  for (int i = 0; i < blocks; ++i) {
    const int c = i % kColumns;
    Object o;
    o.type = types[rng.index(std::size(types))];
    o.material = materials[rng.index(std::size(materials))];
    const ShapeInfo& s = shape_info(o.type);
    o.rotation = (s.width > 0.5 && rng.chance(0.3)) ? 90 : 0;
    const double h = o.rotation == 90 ? s.width : s.height;
    const double gap = careless && i >= kColumns ? rng.uniform(0.0, 0.15) : 0.0;
    o.x = -2 + 2.3 * c + (careless ? rng.uniform(-0.3, 0.3) : 0.0);
    o.y = top[c] + gap + h / 2;
    top[c] += gap + h;
    level.objects.push_back(o);
  }
  if (careless) return level;
  for (int c = 0; c < kColumns; c += 2) {
    level.objects.push_back({ObjectType::kPigSmall, Material::kNone, -2 + 2.3 * c,
                             top[c] + shape_info(ObjectType::kPigSmall).height / 2});
  }
  return level;
}

/// Simulations per second of `levels`, repeated until about `seconds` of work; `per_cpu_second`
/// receives the rate per second of CPU time (what one core does when the machine is shared).
double rate(const std::vector<Level>& levels, const PhysicsSettings& settings, int threads,
            double seconds, double* per_cpu_second = nullptr, double* settle = nullptr,
            int* stable = nullptr) {
  std::vector<StabilityReport> reports = simulate_all(levels, settings, threads);  // warm up
  int rounds = 0;
  const double cpu_start = evoplay::process_cpu_seconds();
  const double took = evoplay::bench::seconds([&] {
    const auto start = std::chrono::steady_clock::now();
    do {
      reports = simulate_all(levels, settings, threads);
      ++rounds;
    } while (std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() <
             seconds);
  });
  const double work = static_cast<double>(rounds) * static_cast<double>(levels.size());
  if (per_cpu_second) *per_cpu_second = work / (evoplay::process_cpu_seconds() - cpu_start);
  if (settle) {
    double sum = 0;
    // A level that never comes to rest is stepped to the end.
    for (const auto& r : reports) sum += r.settle_time >= 0 ? r.settle_time : settings.seconds;
    *settle = sum / static_cast<double>(reports.size());
  }
  if (stable) {
    *stable = 0;
    for (const auto& r : reports) *stable += r.stable ? 1 : 0;
  }
  return work / took;
}

}  // namespace

int main() {
  using evoplay::bench::figure;
  evoplay::Rng rng(2024);
  std::vector<Level> levels;
  for (int i = 0; i < 64; ++i) levels.push_back(column_level(rng, 20, false));

  PhysicsSettings settings;  // 10 s, 0.02 s steps, 100/100 iterations
  double settle = 0, per_cpu = 0;
  int stable = 0;
  const double one = rate(levels, settings, 1, 3.0, &per_cpu, &settle, &stable);
  figure("birds_sim_20blocks_threads1", one, "levels/s");
  figure("birds_sim_20blocks_per_cpu_second", per_cpu, "levels/s");
  figure("birds_sim_20blocks_settle_time", settle, "s");
  figure("birds_sim_20blocks_stable_fraction", stable / static_cast<double>(levels.size()), "");
  const double two = rate(levels, settings, 2, 3.0, &per_cpu);
  figure("birds_sim_20blocks_threads2", two, "levels/s");
  // Equal to the one-thread figure when the work divides without loss: the wall-clock scaling
  // is then bounded only by how much of the second core the machine gives.
  figure("birds_sim_20blocks_threads2_per_cpu_second", per_cpu, "levels/s");
  figure("birds_sim_20blocks_scaling_2_threads", two / one, "x");

  // Careless stacks: most levels partly collapse and settle late, so every level is stepped
  // several times longer than an exact stack (which sleeps at 0.5 s).
  evoplay::Rng careless_rng(2025);
  std::vector<Level> careless;
  for (int i = 0; i < 64; ++i) careless.push_back(column_level(careless_rng, 20, true));
  const double c1 = rate(careless, settings, 1, 3.0, &per_cpu, &settle, &stable);
  figure("birds_sim_20blocks_collapsing_threads1", c1, "levels/s");
  figure("birds_sim_20blocks_collapsing_per_cpu_second", per_cpu, "levels/s");
  figure("birds_sim_20blocks_collapsing_settle_time", settle, "s");
  figure("birds_sim_20blocks_collapsing_stable_fraction",
         stable / static_cast<double>(careless.size()), "");
  const double c2 = rate(careless, settings, 2, 3.0, &per_cpu);
  figure("birds_sim_20blocks_collapsing_threads2", c2, "levels/s");
  figure("birds_sim_20blocks_collapsing_threads2_per_cpu_second", per_cpu, "levels/s");
  figure("birds_sim_20blocks_collapsing_scaling_2_threads", c2 / c1, "x");

  PhysicsSettings full = settings;
  full.stop_when_asleep = false;
  const double whole = rate(levels, full, 1, 3.0, &per_cpu);
  figure("birds_sim_20blocks_full_10s_threads1", whole, "levels/s");
  figure("birds_sim_20blocks_full_10s_per_cpu_second", per_cpu, "levels/s");

  const std::string baseline =
      evoplay::bench::data_path("data/birds/baseline_generated_level-22.xml");
  if (std::filesystem::exists(baseline)) {
    const std::vector<Level> one_level(8, read_level(baseline));
    figure("birds_sim_baseline_level22_threads1", rate(one_level, settings, 1, 2.0), "levels/s");
  } else {
    std::printf("# birds: %s missing, baseline figure skipped\n", baseline.c_str());
  }
}
