#include "evoplay/games/birds/bird_types.hpp"

#include <algorithm>
#include <array>
#include <cmath>

namespace evoplay::games::birds {

namespace {

// Colliders of the SB-orig prefabs (Assets/Resources/Prefabs/GameWorld/Characters/Birds/*.prefab,
// PolygonCollider2D m_Points; Particles/Egg.prefab), in the prefabs' order.
constexpr std::array<Point, 9> kRed = {{{0.06, 0.225},
                                        {-0.09, 0.225},
                                        {-0.23, 0.075},
                                        {-0.23, -0.065},
                                        {-0.14, -0.225},
                                        {0.16, -0.225},
                                        {0.23, -0.155},
                                        {0.23, 0.035},
                                        {0.21, 0.085}}};
constexpr std::array<Point, 8> kBlue = {{{-0.04, 0.145},
                                         {-0.15, 0.015},
                                         {-0.15, -0.075},
                                         {-0.08, -0.145},
                                         {0.1, -0.145},
                                         {0.15, -0.125},
                                         {0.15, 0.115},
                                         {0.09, 0.145}}};
constexpr std::array<Point, 13> kYellow = {{{-0.11, 0.265},
                                            {-0.13, 0.245},
                                            {-0.12, 0.215},
                                            {-0.09, 0.215},
                                            {-0.12, 0.195},
                                            {-0.12, 0.175},
                                            {-0.28, 0.025},
                                            {-0.28, -0.245},
                                            {-0.2, -0.265},
                                            {0.22, -0.265},
                                            {0.28, -0.235},
                                            {0.28, -0.025},
                                            {0.03, 0.265}}};
constexpr std::array<Point, 18> kBlack = {{{0.28, 0.11},
                                           {0.32, 0.16},
                                           {0.32, 0.2},
                                           {0.08, 0.24},
                                           {0.15, 0.36},
                                           {0.09, 0.43},
                                           {0.01, 0.43},
                                           {-0.21, 0.2},
                                           {-0.29, 0.08},
                                           {-0.32, 0.01},
                                           {-0.32, -0.26},
                                           {-0.21, -0.38},
                                           {-0.12, -0.42},
                                           {-0.07, -0.43},
                                           {0.14, -0.43},
                                           {0.29, -0.35},
                                           {0.32, -0.28},
                                           {0.32, 0.05}}};
constexpr std::array<Point, 17> kWhite = {{{0.36, 0.15},
                                           {0.16, 0.3},
                                           {0.18, 0.44},
                                           {0.07, 0.47},
                                           {-0.06, 0.47},
                                           {-0.14, 0.37},
                                           {-0.14, 0.32},
                                           {-0.23, 0.14},
                                           {-0.28, -0.02},
                                           {-0.35, 0},
                                           {-0.4, -0.04},
                                           {-0.4, -0.24},
                                           {-0.28, -0.37},
                                           {-0.12, -0.47},
                                           {0.25, -0.47},
                                           {0.4, -0.35},
                                           {0.4, -0.01}}};
constexpr std::array<Point, 10> kEgg = {{{0.105, 0.29},
                                         {-0.115, 0.29},
                                         {-0.205, 0.22},
                                         {-0.225, 0.15},
                                         {-0.225, -0.25},
                                         {-0.165, -0.29},
                                         {0.135, -0.29},
                                         {0.225, -0.22},
                                         {0.225, 0.2},
                                         {0.215, 0.25}}};

// Masses, forces, gravity, drag radius and multipliers: the shots doc §1.1, §1.2 and §3.
constexpr std::array<BirdSpec, kBirdTypeCount> kBirds = {{
    {BirdType::kRed, 0.5, 5, 0.48, 1, 0, 1, 1, 1, 1, kRed},
    {BirdType::kBlue, 0.5, 5, 0.48, 1, 0, 0.25, 0, 2, 1.5, kBlue},
    {BirdType::kYellow, 0.5, 5, 0.48, 1, 0, 1, 1, 1, 1, kYellow},
    {BirdType::kBlack, 1, 10, 0.48, 1, 0.05, 1, 1, 1, 1, kBlack},
    {BirdType::kWhite, 1, 10, 0.48, 1, 0.05, 1, 1, 1, 1, kWhite},
}};

}  // namespace

const BirdSpec& bird_spec(BirdType type) { return kBirds[static_cast<std::size_t>(type)]; }

std::span<const Point> egg_polygon() { return kEgg; }

std::vector<Point> reduced_hull(std::span<const Point> points, double scale, int max_vertices) {
  std::vector<Point> p(points.begin(), points.end());
  for (Point& q : p) q = {q.x * scale, q.y * scale};
  std::sort(p.begin(), p.end(),
            [](const Point& a, const Point& b) { return a.x < b.x || (a.x == b.x && a.y < b.y); });
  // Andrew's monotone chain, counter-clockwise.
  std::vector<Point> hull;
  for (int pass = 0; pass < 2; ++pass) {
    const std::size_t base = hull.size();
    for (const Point& q : p) {
      while (hull.size() >= base + 2 && cross(hull[hull.size() - 2], hull.back(), q) <= 0) {
        hull.pop_back();
      }
      hull.push_back(q);
    }
    hull.pop_back();
    std::reverse(p.begin(), p.end());
  }
  const auto n_max = static_cast<std::size_t>(std::max(3, max_vertices));
  while (hull.size() > n_max) {
    std::size_t best = 0;
    double loss = 1e300;
    for (std::size_t i = 0; i < hull.size(); ++i) {
      const Point& a = hull[(i + hull.size() - 1) % hull.size()];
      const Point& b = hull[(i + 1) % hull.size()];
      const double area = std::abs(cross(a, hull[i], b)) / 2;  // the triangle it would cut off
      if (area < loss) {
        loss = area;
        best = i;
      }
    }
    hull.erase(hull.begin() + static_cast<std::ptrdiff_t>(best));
  }
  return hull;
}

}  // namespace evoplay::games::birds
