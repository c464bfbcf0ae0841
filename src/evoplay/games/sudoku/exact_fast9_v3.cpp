// The fast 9x9 solver compiled for x86-64-v3 (see CMakeLists.txt); solve9() in
// exact_fast9.cpp calls it when the processor has those instructions.
#if defined(EVOPLAY_SOLVE9_V3)
#define EVOPLAY_SOLVE9_ENTRY solve9_x86_64_v3
#include "evoplay/games/sudoku/exact_fast9_solver.hpp"
#endif
