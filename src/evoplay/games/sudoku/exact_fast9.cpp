// The fast 9x9 solver, portable build, and solve9(), which runs the x86-64-v3 build
// (exact_fast9_v3.cpp) on processors that have its instructions. Both builds compile
// exact_fast9_solver.hpp (integers only; the v3 build adds AVX2 paths that make the same
// deductions), so they return the same counts, solutions and statistics.
#define EVOPLAY_SOLVE9_ENTRY solve9_portable
#include "evoplay/games/sudoku/exact_fast9_solver.hpp"

namespace evoplay::games::sudoku {

namespace detail {

bool solve9_v3_available() {
#if defined(EVOPLAY_SOLVE9_V3)
  // What -march=x86-64-v3 lets the compiler use here (AVX, AVX2, BMI1, BMI2, FMA); read once,
  // a property of the processor.
  static const bool available = __builtin_cpu_supports("avx") && __builtin_cpu_supports("avx2") &&
                                __builtin_cpu_supports("bmi") && __builtin_cpu_supports("bmi2") &&
                                __builtin_cpu_supports("fma");
  return available;
#else
  return false;
#endif
}

}  // namespace detail

int solve9(const std::uint8_t* cells, std::uint8_t* solution, int limit, ExactStats& stats) {
#if defined(EVOPLAY_SOLVE9_V3)
  if (detail::solve9_v3_available()) return detail::solve9_x86_64_v3(cells, solution, limit, stats);
#endif
  return detail::solve9_portable(cells, solution, limit, stats);
}

}  // namespace evoplay::games::sudoku
