// The fast 9x9 exact solver.
//
// Representation (after the band bitboards of JCZSolve and fsss2): for each band of three rows
// and each digit, a 27-bit mask of the cells where the digit may still go (bit = row_in_band *
// 9 + column). A placed digit stays set in its own mask, so that every row, column and box holds
// each digit exactly once in the masks of a solved grid. The whole state (masks, unsolved cells,
// pending work, the bands' occupancy matrices) is 192 bytes and is copied by value at a branch.
//
// Propagation, cheapest first, to a fixed point:
//  1. band update (digit d, band b) whenever its mask changed. The 3x3 matrix "row i of the band
//     may hold d inside box j" must contain a permutation (each row and each box of the band
//     holds d once); the six permutations are the digit's *configurations* in the band. Cells of
//     (row, box) pairs in no remaining configuration are removed by one table lookup (pointing
//     and claiming between rows and boxes, hidden singles in boxes); then a row left with one
//     cell places d there. Such placements wait until no band update is pending and are then
//     made in one branch-free pass: whether a row is left with one cell is a coin toss, and a
//     branch on it mispredicts (6-12% faster on the search-heavy sets than placing at once).
//  2. naked singles: per band, bit-sliced counting of candidates over the nine digits.
//  3. stacks: the same configuration filter on "band i may hold d in column j of a stack"
//     (box/column interactions) and hidden singles in columns; in the x86-64-v3 build for
//     digits 0-7 at once in AVX2 lanes.
//  4. triads: the three cells where a row (or column) crosses a box hold exactly three digits.
//     When only three digits can go there, they are there, and leave the rest of the row and
//     the box; when three digits are known to be there (each is confined to those cells within
//     its row or its box), the other digits leave the three cells. All 18 triads of a band are
//     counted at once with bit-sliced adders over the nine digits.
//
// Branching (when propagation stalls): on the configurations of one digit in one band or stack.
// Which unit depends on how open the puzzle is at its first branch point (the root after
// propagation). Up to kOpenRoot candidates left: tdoku's rule, the unit with the fewest
// configurations summed over its nine digits (a decided digit has one). More: the unit with the
// fewest undecided digits (ties: the most configurations), whose digits are tightly coupled so
// that wrong configurations die quickly, which pays on puzzles that need deep search. In both,
// the unit's undecided digit with the fewest configurations (ties: the first unit, the lowest
// digit). Each child keeps one configuration (three cells per box row/column pattern), the last
// one continues in the current state. Measured (guesses per puzzle, top95 / hardest /
// mantere_koljonen_46 / magictour_top1465 / 17-clue / forum_hardest_1106 / the forum_hardest_1905
// sample): tdoku's rule alone 10.8 / 5.0 / 0.63 / 8.9 / 0.56 / 111 / 62.4; fewest undecided
// digits alone 14.0 / 9.9 / 1.80 / 9.9 / 0.86 / 83 / 64.7; the switch 10.9 / 5.0 / 0.63 / 9.0 /
// 0.70 / 92 / 61.5 (docs/sudoku.md has the speeds and how the threshold was chosen). Every branch
// is searched until `limit` solutions are found, so uniqueness is checked by continuing past the
// first.
//
// This file is the solver's whole code, included by exact_fast9.cpp (the portable build, and
// the entry point solve9, which picks a build at run time) and by exact_fast9_v3.cpp (compiled
// for x86-64-v3: PEXT for occupancy, AVX2 for the stack step, the triad words and the counts of
// the branching choice; 22-26% faster).
// The two builds make the same deductions and reach the same fixed points, so every count
// agrees. The includer names the entry with EVOPLAY_SOLVE9_ENTRY; everything else has internal
// linkage.
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <cstring>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif
#if defined(__BMI2__) || defined(__AVX2__)
#include <immintrin.h>
#endif

#include "evoplay/games/sudoku/exact.hpp"

namespace evoplay::games::sudoku {

namespace {

using u32 = std::uint32_t;
using u64 = std::uint64_t;
constexpr u32 kRow[3] = {0x1FF, 0x1FF << 9, 0x1FFu << 18};
constexpr u32 kBox[3] = {0x1C0E07, 0x1C0E07 << 3, 0x1C0E07 << 6};
constexpr u32 replicate(u32 columns) { return columns | columns << 9 | columns << 18; }
constexpr u32 fold(u32 m) { return (m | m >> 9 | m >> 18) & 0x1FF; }

constexpr int kNext[3] = {1, 2, 0}, kPrev[3] = {2, 0, 1};  // the other two bands

// Above this many candidates left at the first branch point, a puzzle is branched on the unit
// with the fewest undecided digits, below it on the unit with the fewest configurations (see
// the header comment).
constexpr int kOpenRoot = 245;

// The six permutations of a 3x3 matrix: row i uses column kPerm[p][i].
constexpr int kPerm[6][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};

/// The bits of permutation p in a matrix whose row i starts at bit i * stride (3: an
/// occupancy matrix; 9: three folded band masks side by side, stack 0).
constexpr int perm_pairs(int p, int stride) {
  int pairs = 0;
  for (int i = 0; i < 3; ++i) pairs |= 1 << (i * stride + kPerm[p][i]);
  return pairs;
}

struct Tables {
  std::array<std::uint8_t, 512> triads{};   // 9 cells of a row -> which of its boxes are used
  std::array<std::uint16_t, 512> match{};   // 3x3 occupancy -> pairs in some permutation
  std::array<u32, 512> keep{};              // the same, as a 27-bit band mask
  std::array<std::uint8_t, 512> perms{};    // 3x3 occupancy -> permutations it contains
  std::array<std::uint8_t, 512> configs{};  // ... and how many
  std::array<std::uint16_t, 512> lone{};    // 3x3 occupancy -> pairs alone in their row
  std::array<u32, 6> perm_cells{};          // band cells of a permutation (row i, box p[i])
  std::array<u32, 512> peers{};             // 3x3 occupancy -> cells of its rows and boxes
  std::array<std::uint8_t, 512> partial{};  // 3x3 occupancy -> at most one pair per row and box
};

constexpr Tables make_tables() {
  Tables t{};
  for (int row = 0; row < 512; ++row) {
    int bits = 0;
    for (int k = 0; k < 3; ++k) {
      if ((row >> (3 * k)) & 7) bits |= 1 << k;
    }
    t.triads[static_cast<std::size_t>(row)] = static_cast<std::uint8_t>(bits);
  }
  for (int p = 0; p < 6; ++p) {
    u32 cells = 0;
    for (int i = 0; i < 3; ++i) cells |= kRow[i] & kBox[kPerm[p][i]];
    t.perm_cells[static_cast<std::size_t>(p)] = cells;
  }
  for (int occ = 0; occ < 512; ++occ) {
    const auto o = static_cast<std::size_t>(occ);
    int allowed = 0, perms = 0;
    for (int p = 0; p < 6; ++p) {
      const int pairs = perm_pairs(p, 3);
      if ((occ & pairs) == pairs) allowed |= pairs, perms |= 1 << p;
    }
    t.match[o] = static_cast<std::uint16_t>(allowed);
    t.perms[o] = static_cast<std::uint8_t>(perms);
    t.configs[o] = static_cast<std::uint8_t>(std::popcount(static_cast<unsigned>(perms)));
    u32 mask = 0;
    for (int pair = 0; pair < 9; ++pair) {
      if (allowed & (1 << pair)) mask |= u32{7} << ((pair / 3) * 9 + (pair % 3) * 3);
    }
    t.keep[o] = mask;
    int lone = 0;
    for (int i = 0; i < 3; ++i) {
      const int row = (occ >> (3 * i)) & 7;
      if (std::popcount(static_cast<unsigned>(row)) == 1) lone |= row << (3 * i);
    }
    t.lone[o] = static_cast<std::uint16_t>(lone);
    u32 peers = 0;
    bool partial = true;
    for (int k = 0; k < 3; ++k) {
      const int row = (occ >> (3 * k)) & 7, box = (occ >> k) & 0111;
      if (row) peers |= kRow[k];
      if (box) peers |= kBox[k];
      partial = partial && std::popcount(static_cast<unsigned>(row)) <= 1 &&
                std::popcount(static_cast<unsigned>(box)) <= 1;
    }
    t.peers[o] = peers;
    t.partial[o] = partial;
  }
  return t;
}

constexpr Tables kTables = make_tables();

/// Rows i = 0..2 of a band mask -> the 3x3 matrix "row i holds cells in box j" (bit 3i + j).
inline int occupancy(u32 m) {
#if defined(__BMI2__)
  // Smear each triad onto its first cell, then gather the nine first cells.
  return static_cast<int>(_pext_u32(m | m >> 1 | m >> 2, 0x1249249));
#endif
  const auto& t = kTables;
  return t.triads[m & 0x1FF] | t.triads[(m >> 9) & 0x1FF] << 3 | t.triads[m >> 18] << 6;
}

/// The 3x3 matrix "band i holds d in column j of stack st" from the three folded band masks.
inline int stack_occupancy(u32 f0, u32 f1, u32 f2, int st) {
  const int sh = 3 * st;
  return static_cast<int>(((f0 >> sh) & 7) | ((f1 >> sh) & 7) << 3 | ((f2 >> sh) & 7) << 6);
}

#if defined(__AVX2__)
/// fold() in each 32-bit lane.
inline __m256i fold_lanes(__m256i m) {
  const __m256i r12 = _mm256_or_si256(_mm256_srli_epi32(m, 9), _mm256_srli_epi32(m, 18));
  return _mm256_and_si256(_mm256_or_si256(m, r12), _mm256_set1_epi32(0x1FF));
}

/// In each 32-bit lane, the three 3-bit groups of bits 0-8 rotated by one: bit j of a group
/// takes the group's bit j + 1 (mod 3).
inline __m256i rotate_triples1(__m256i x) {
  return _mm256_or_si256(_mm256_and_si256(_mm256_srli_epi32(x, 1), _mm256_set1_epi32(0xDB)),
                         _mm256_and_si256(_mm256_slli_epi32(x, 2), _mm256_set1_epi32(0x124)));
}

/// The same rotated by two: bit j of a group takes the group's bit j + 2 (mod 3).
inline __m256i rotate_triples2(__m256i x) {
  return _mm256_or_si256(_mm256_and_si256(_mm256_srli_epi32(x, 2), _mm256_set1_epi32(0x49)),
                         _mm256_and_si256(_mm256_slli_epi32(x, 1), _mm256_set1_epi32(0x1B6)));
}
#endif

struct alignas(16) State {
  u32 cand[27];     // b * 9 + d: the cells of band b where digit d may go
  u32 unsolved[3];  // cells without a digit yet
  u32 dirty;        // bit b * 9 + d: cand[b * 9 + d] changed since its last band update
  u32 digits;       // bit d: a mask of digit d changed since its last stack check
  // Occupancy matrices left by the last band update of (b, d): exact at a fixed point, where
  // triads and the branching choice read them.
  std::uint16_t occ[27];  // b * 9 + d, as cand
};

class Solver9 {
 public:
  Solver9(int limit, ExactStats& stats) : limit_(limit), stats_(stats) {}

  int run(const std::uint8_t* cells, std::uint8_t* solution) {
    solution_ = solution;
    State s;
    if (!init(s, cells)) return 0;
    search(s, false);
    return solutions_;
  }

 private:
  /// Builds the masks of the givens in one pass: each digit keeps its givens and loses their
  /// rows, boxes and columns and every cell given another digit. False if two givens clash (or
  /// a value is out of range).
  static bool init(State& s, const std::uint8_t* cells) {
    const auto& t = kTables;
    u32 given[3][10];  // band, value (0: empty cells)
#if defined(__SSE2__)
    // Per band, the 27 bytes as two overlapping 16-byte loads (cells 0-15 and 11-26).
    const __m128i nine = _mm_set1_epi8(9);
    for (int b = 0; b < 3; ++b) {
      const __m128i lo = _mm_loadu_si128(reinterpret_cast<const __m128i*>(cells + 27 * b));
      const __m128i hi = _mm_loadu_si128(reinterpret_cast<const __m128i*>(cells + 27 * b + 11));
      const __m128i top = _mm_max_epu8(_mm_max_epu8(lo, hi), nine);
      if (_mm_movemask_epi8(_mm_cmpeq_epi8(top, nine)) != 0xFFFF) return false;  // not a digit
      for (int v = 0; v < 10; ++v) {
        const __m128i value = _mm_set1_epi8(static_cast<char>(v));
        const auto l = static_cast<u32>(_mm_movemask_epi8(_mm_cmpeq_epi8(lo, value)));
        const auto h = static_cast<u32>(_mm_movemask_epi8(_mm_cmpeq_epi8(hi, value)));
        given[b][v] = l | h << 11;
      }
    }
#else
    for (int b = 0; b < 3; ++b) {
      for (int v = 0; v < 10; ++v) given[b][v] = 0;
      for (int i = 0; i < 27; ++i) {
        const unsigned v = cells[b * 27 + i];
        if (v > 9) return false;
        given[b][v] |= u32{1} << i;
      }
    }
#endif
    u32 clash = 0;
    for (int b = 0; b < 3; ++b) s.unsolved[b] = given[b][0];
    for (int d = 0; d < 9; ++d) {
      const u32 g[3] = {given[0][d + 1], given[1][d + 1], given[2][d + 1]};
      const u32 f0 = fold(g[0]), f1 = fold(g[1]), f2 = fold(g[2]);
      clash |= (f0 & f1) | (f0 & f2) | (f1 & f2);  // a column twice across bands
      const u32 columns = replicate(f0 | f1 | f2);
      for (int b = 0; b < 3; ++b) {
        // Within a band, the givens must use distinct (row, box) pairs, rows and boxes.
        const auto occ = static_cast<std::size_t>(occupancy(g[b]));
        clash |= static_cast<u32>(std::popcount(g[b]) != std::popcount(occ) || !t.partial[occ]);
        s.cand[b * 9 + d] = g[b] | (s.unsolved[b] & ~t.peers[occ] & ~columns);
      }
    }
    s.dirty = (u32{1} << 27) - 1;  // every band update and stack check runs once
    s.digits = 0x1FF;
    std::memset(s.occ, 0, sizeof s.occ);
    return clash == 0;
  }

  /// Keeps only `cells` in d's mask in band b, marking it dirty only if it changed
  /// (branch-free). Returns 1 if it changed.
  static int restrict_to(State& s, int d, int b, u32 cells) {
    const u32 before = s.cand[b * 9 + d], after = before & cells;
    s.cand[b * 9 + d] = after;
    const u32 changed = before != after;
    s.dirty |= changed << (b * 9 + d);
    s.digits |= changed << d;
    return static_cast<int>(changed);
  }

  /// Removes `cells` from the masks of every digit but d in band b and keeps only `own` in d's,
  /// marking what changed. The nine masks of a band are contiguous: two SSE registers and one
  /// word; d's own mask is written by the same stores (2-4% faster than a separate store after
  /// them on the sets solved without guessing).
  static void clear_band(State& s, int b, u32 cells, int d, u32 own) {
    u32* c = s.cand + b * 9;
#if defined(__SSE2__)
    const __m128i others = _mm_set1_epi32(static_cast<int>(~cells));
    const __m128i mine = _mm_set1_epi32(static_cast<int>(own)), digit = _mm_set1_epi32(d);
    const __m128i is0 = _mm_cmpeq_epi32(_mm_setr_epi32(0, 1, 2, 3), digit);
    const __m128i is1 = _mm_cmpeq_epi32(_mm_setr_epi32(4, 5, 6, 7), digit);
    const __m128i k0 = _mm_or_si128(_mm_andnot_si128(is0, others), _mm_and_si128(is0, mine));
    const __m128i k1 = _mm_or_si128(_mm_andnot_si128(is1, others), _mm_and_si128(is1, mine));
    const __m128i a0 = _mm_loadu_si128(reinterpret_cast<const __m128i*>(c));
    const __m128i a1 = _mm_loadu_si128(reinterpret_cast<const __m128i*>(c + 4));
    const __m128i n0 = _mm_and_si128(a0, k0), n1 = _mm_and_si128(a1, k1);
    _mm_storeu_si128(reinterpret_cast<__m128i*>(c), n0);
    _mm_storeu_si128(reinterpret_cast<__m128i*>(c + 4), n1);
    const int same = _mm_movemask_ps(_mm_castsi128_ps(_mm_cmpeq_epi32(a0, n0))) |
                     _mm_movemask_ps(_mm_castsi128_ps(_mm_cmpeq_epi32(a1, n1))) << 4;
    u32 changed = ~static_cast<u32>(same) & 0xFF;
    const u32 is8 = 0 - static_cast<u32>(d == 8);  // branch-free: d is 8 one time in nine
    const u32 before = c[8], after = before & ((own & is8) | (~cells & ~is8));
    c[8] = after;
    changed |= static_cast<u32>(before != after) << 8;
#else
    u32 changed = 0;
    for (int e = 0; e < 9; ++e) {
      const u32 before = c[e], after = before & (e == d ? own : ~cells);
      c[e] = after;
      changed |= static_cast<u32>(before != after) << e;
    }
#endif
    s.dirty |= changed << (b * 9);
    s.digits |= changed;
  }

  /// Puts digit d in one cell of band b: clears the cell for the other digits, the rest of its
  /// row and box for d, and its column for d in the other bands.
  static void place(State& s, int d, int b, u32 bit) {
    const int index = std::countr_zero(bit);
    clear_band(s, b, bit, d, ~(kRow[index / 9] | kBox[index % 9 / 3]) | bit);
    const u32 column = ~replicate(u32{1} << (index % 9));
    restrict_to(s, d, kNext[b], column);
    restrict_to(s, d, kPrev[b], column);
    s.unsolved[b] &= ~bit;
  }

  /// Cells that band updates found alone in their rows, waiting to be placed.
  struct Pending {
    u32 bits = 0;   // bit b * 9 + d: cells[b * 9 + d] is set
    u32 cells[27];  // band b, digit d: the cells of d alone in their rows (of the unsolved)
  };

  /// Step 1 for the mask i = b * 9 + d (digit d in band b); rows left with one cell go to `p`,
  /// and bit i of `reduced` is set if the mask lost cells. False on a contradiction.
  static bool update_band(State& s, unsigned i, Pending& p, u32& reduced) {
    const auto& t = kTables;
    const u32 before = s.cand[i];
    const unsigned occ = static_cast<unsigned>(occupancy(before));
    const u32 m = before & t.keep[occ];
    if (m == 0) return false;
    s.occ[i] = t.match[occ];
    reduced |= static_cast<u32>(m != before) << i;
    s.cand[i] = m;
    const u32 r0 = m & kRow[0], r1 = m & kRow[1], r2 = m & kRow[2];
#if defined(__clang__)
    // Rows with one cell left, branch-free: clang turns the selects below into branches, which
    // mispredict here; the empty asm keeps each mask a value.
    const auto alone = [](u32 r) {
      u32 keep = static_cast<u32>((r & (r - 1)) != 0) - 1;
      __asm__("" : "+r"(keep));
      return r & keep;
    };
    u32 singles = alone(r0) | alone(r1) | alone(r2);
#else
    u32 singles = ((r0 & (r0 - 1)) == 0 ? r0 : 0) | ((r1 & (r1 - 1)) == 0 ? r1 : 0) |
                  ((r2 & (r2 - 1)) == 0 ? r2 : 0);
#endif
    singles &= s.unsolved[i / 9];
    p.cells[i] = singles;
    p.bits |= static_cast<u32>(singles != 0) << i;
    return true;
  }

  /// Places the pending cells that are still open and still the digit's: the other digits leave
  /// the cells, the digit leaves their columns in the other bands. Branch-free: a cell taken
  /// meanwhile by another digit makes `singles` empty and every step a no-op (the digit's row is
  /// then empty and its next band update reports the contradiction).
  static void place_pending(State& s, Pending& p) {
    for (u32 q = p.bits; q; q &= q - 1) {
      const int i = std::countr_zero(q), b = i / 9, d = i % 9;
      const u32 singles = p.cells[i] & s.unsolved[b] & s.cand[i];
      s.unsolved[b] &= ~singles;
      clear_band(s, b, singles, d, ~u32{0});  // d keeps its mask
      const u32 columns = ~replicate(fold(singles));
      restrict_to(s, d, kNext[b], columns);
      restrict_to(s, d, kPrev[b], columns);
    }
    p.bits = 0;
  }

  /// Step 2 on the bands in `bands` (bit b). Returns -1 on a contradiction, else the number of
  /// cells placed.
  static int naked_singles(State& s, u32 bands) {
    int placed = 0;
    for (; bands; bands &= bands - 1) {
      const int b = std::countr_zero(bands);
      const u32* c = s.cand + b * 9;
      u32 once = 0, twice = 0;
      for (int d = 0; d < 9; ++d) {
        twice |= once & c[d];
        once |= c[d];
      }
      const u32 u = s.unsolved[b];
      if (u & ~once) return -1;
      u32 singles = u & ~twice;
      if (!singles) continue;
      // The digit of each single, as four bit planes of its index.
      const u32 i0 = c[1] | c[3] | c[5] | c[7], i1 = c[2] | c[3] | c[6] | c[7];
      const u32 i2 = c[4] | c[5] | c[6] | c[7], i3 = c[8];
      do {
        const u32 bit = singles & (0 - singles);
        singles ^= bit;
        const int d = ((i0 & bit) != 0) | ((i1 & bit) != 0) << 1 | ((i2 & bit) != 0) << 2 |
                      ((i3 & bit) != 0) << 3;
        if (!(s.cand[b * 9 + d] & bit)) return -1;  // emptied by a placement made in this loop
        place(s, d, b, bit);
        ++placed;
      } while (singles);
    }
    return placed;
  }

  /// Places digit d in the columns `hidden` (hidden singles), one column at a time: a
  /// placement may empty a later column, which the next check sees. Marks d for that check,
  /// which also runs the configuration filter skipped here.
  static void place_hidden(State& s, int d, u32 hidden) {
    while (hidden) {
      const u32 col = replicate(hidden & (0 - hidden));
      hidden &= hidden - 1;
      for (int b = 0; b < 3; ++b) {
        const u32 cell = s.cand[b * 9 + d] & col;
        if (cell) {
          place(s, d, b, cell);
          break;
        }
      }
    }
    s.digits |= u32{1} << d;
  }

#if defined(__AVX2__)
  /// Step 3 for digits 0-7 at once, one per 32-bit lane (whether their masks changed or not:
  /// a check of an unchanged digit changes nothing). When a digit has hidden singles in
  /// columns, places them and returns 1 without the configuration filter, which the next call
  /// runs (place_hidden marks the digit). Returns -1 on a contradiction, else 1 if a mask
  /// changed. Same deductions as the scalar loop in stacks(), with the table lookups of the
  /// filter replaced by arithmetic on all three stacks at once (3-7% faster, the most on the
  /// sets solved with few guesses).
  static int stacks8(State& s) {
    const __m256i low9 = _mm256_set1_epi32(0x1FF), zero = _mm256_setzero_si256();
    __m256i m[3], f[3];
    __m256i once = zero, twice = zero, solved = zero;
    for (int b = 0; b < 3; ++b) {
      m[b] = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(s.cand + b * 9));
      const __m256i r0 = _mm256_and_si256(m[b], low9);
      const __m256i r1 = _mm256_and_si256(_mm256_srli_epi32(m[b], 9), low9);
      const __m256i r2 = _mm256_srli_epi32(m[b], 18);
      f[b] = _mm256_or_si256(_mm256_or_si256(r0, r1), r2);
      twice = _mm256_or_si256(twice, _mm256_and_si256(once, f[b]));
      twice = _mm256_or_si256(twice, _mm256_and_si256(r0, r1));
      twice = _mm256_or_si256(twice, _mm256_and_si256(r2, _mm256_or_si256(r0, r1)));
      once = _mm256_or_si256(once, f[b]);
      const __m256i placed =
          _mm256_andnot_si256(_mm256_set1_epi32(static_cast<int>(s.unsolved[b])), m[b]);
      solved = _mm256_or_si256(solved, fold_lanes(placed));
    }
    if (!_mm256_testc_si256(once, low9)) return -1;  // a column without the digit
    const __m256i hidden = _mm256_andnot_si256(_mm256_or_si256(twice, solved), once);
    if (!_mm256_testz_si256(hidden, hidden)) {
      alignas(32) u32 h[8];
      _mm256_store_si256(reinterpret_cast<__m256i*>(h), hidden);
      for (int d = 0; d < 8; ++d) {
        if (h[d]) place_hidden(s, d, h[d]);
      }
      return 1;
    }
    // The configuration filter of all three stacks: (row i, column j) may stay if the other two
    // rows hold a matching pair in columns j + 1, j + 2 or j + 2, j + 1 of the stack.
    const __m256i a0 = rotate_triples1(f[0]), a1 = rotate_triples1(f[1]);
    const __m256i a2 = rotate_triples1(f[2]);
    const __m256i b0 = rotate_triples2(f[0]), b1 = rotate_triples2(f[1]);
    const __m256i b2 = rotate_triples2(f[2]);
    __m256i allow[3];
    allow[0] =
        _mm256_and_si256(f[0], _mm256_or_si256(_mm256_and_si256(a1, b2), _mm256_and_si256(b1, a2)));
    allow[1] =
        _mm256_and_si256(f[1], _mm256_or_si256(_mm256_and_si256(a2, b0), _mm256_and_si256(b2, a0)));
    allow[2] =
        _mm256_and_si256(f[2], _mm256_or_si256(_mm256_and_si256(a0, b1), _mm256_and_si256(b0, a1)));
    // A stack without a configuration leaves its columns empty in every row.
    const __m256i any = _mm256_or_si256(
        allow[0], _mm256_or_si256(_mm256_srli_epi32(allow[0], 1), _mm256_srli_epi32(allow[0], 2)));
    if (!_mm256_testc_si256(any, _mm256_set1_epi32(0x49))) return -1;
    u32 changed = 0;
    for (int b = 0; b < 3; ++b) {
      const __m256i keep = _mm256_or_si256(
          allow[b],
          _mm256_or_si256(_mm256_slli_epi32(allow[b], 9), _mm256_slli_epi32(allow[b], 18)));
      const __m256i n = _mm256_and_si256(m[b], keep);
      _mm256_storeu_si256(reinterpret_cast<__m256i*>(s.cand + b * 9), n);
      const u32 moved =
          ~static_cast<u32>(_mm256_movemask_ps(_mm256_castsi256_ps(_mm256_cmpeq_epi32(n, m[b])))) &
          0xFF;
      s.dirty |= moved << (9 * b);
      changed |= moved;
    }
    s.digits |= changed;
    return changed != 0;
  }
#endif

  /// Step 3 for every digit whose masks changed. Returns -1 on a contradiction, else 1 if
  /// anything changed.
  static int stacks(State& s) {
    int changed = 0;
    const auto& t = kTables;
    u32 pending = s.digits;  // changes made here mark their digits for the next call
    s.digits = 0;
#if defined(__AVX2__)
    if (pending & 0xFF) {
      const int r = stacks8(s);
      if (r < 0) return -1;
      changed = r;
      pending &= ~u32{0xFF};
    }
#endif
    while (pending) {
      const int d = std::countr_zero(pending);
      pending &= pending - 1;
      u32 f[3], solved_cols = 0;
      u32 once = 0, twice = 0;
      for (int b = 0; b < 3; ++b) {
        const u32 m = s.cand[b * 9 + d];
        const u32 r0 = m & 0x1FF, r1 = (m >> 9) & 0x1FF, r2 = m >> 18;
        f[b] = r0 | r1 | r2;
        twice |= (once & f[b]) | (r0 & r1) | (r2 & (r0 | r1));
        once |= f[b];
        solved_cols |= fold(m & ~s.unsolved[b]);
      }
      if (once != 0x1FF) return -1;
      // Hidden singles in columns.
      u32 hidden = once & ~twice & ~solved_cols;
      if (hidden) {
        place_hidden(s, d, hidden);
        changed = 1;
        continue;
      }
      // Box / column configuration filter per stack.
      u32 allow[3] = {0, 0, 0};
      for (int st = 0; st < 3; ++st) {
        const u32 ok = t.match[static_cast<std::size_t>(stack_occupancy(f[0], f[1], f[2], st))];
        if (ok == 0) return -1;
        const int sh = 3 * st;
        for (int b = 0; b < 3; ++b) allow[b] |= ((ok >> (3 * b)) & 7) << sh;
      }
      // Most checks change nothing here: a branch is cheaper than restrict_to's branch-free
      // marking (about 3% of the instructions on the hardest puzzles).
      for (int b = 0; b < 3; ++b) {
        const u32 m = s.cand[b * 9 + d] & replicate(allow[b]);
        if (m != s.cand[b * 9 + d]) {
          s.cand[b * 9 + d] = m;
          s.dirty |= u32{1} << (b * 9 + d);
          s.digits |= u32{1} << d;
          changed = 1;
        }
      }
    }
    return changed;
  }

  /// Steps 1-3 to a fixed point. False on a contradiction.
  static bool propagate(State& s) {
    Pending p;
    for (;;) {
      u32 touched = 0;  // bands whose masks changed since the last naked singles
      for (;;) {
        // The dirty masks and what they lose are kept in registers (update_band marks neither
        // dirty nor digits): with the flat mask index, 8-13% faster than walking s.dirty.
        u32 dirty = s.dirty, reduced = 0;
        s.dirty = 0;
        touched |= dirty;
        for (; dirty; dirty &= dirty - 1) {
          if (!update_band(s, static_cast<unsigned>(std::countr_zero(dirty)), p, reduced))
            return false;
        }
        s.digits |= fold(reduced);
        if (!p.bits) break;
        place_pending(s, p);
      }
      const u32 bands = ((touched & 0x1FF) != 0) | ((touched & 0x3FE00) != 0) << 1 |
                        ((touched & 0x7FC0000) != 0) << 2;
      const int placed = naked_singles(s, bands);
      if (placed < 0) return false;
      if (placed > 0) continue;
      const int moved = stacks(s);
      if (moved < 0) return false;
      if (moved == 0) return true;
    }
  }

  /// For step 4, per band and digit: `folded`, the columns where the digit may go, and `words`,
  /// a 36-bit word: horizontal triads where the digit may go (bits 0-8, triad 3 * row + box)
  /// and where it must go (9-17, alone in its row), vertical triads (the columns of the band)
  /// where it may go (18-26) and must go (27-35, in no other band). The x86-64-v3 build does
  /// digits 0-7 at once in AVX2 lanes (2-5% faster).
  static void triad_words(const State& s, u32 folded[3][9], u64 words[3][9]) {
    const auto& t = kTables;
    int first = 0;  // the first digit left to the scalar code
#if defined(__AVX2__)
    __m256i f[3];
    for (int b = 0; b < 3; ++b) {
      f[b] = fold_lanes(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(s.cand + b * 9)));
      _mm256_storeu_si256(reinterpret_cast<__m256i*>(folded[b]), f[b]);
    }
    for (int b = 0; b < 3; ++b) {
      const __m256i occ =
          _mm256_cvtepu16_epi32(_mm_loadu_si128(reinterpret_cast<const __m128i*>(s.occ + b * 9)));
      // A pair is alone in its row when the other two boxes of the row are empty.
      const __m256i lone =
          _mm256_andnot_si256(_mm256_or_si256(rotate_triples1(occ), rotate_triples2(occ)), occ);
      const __m256i own = _mm256_andnot_si256(_mm256_or_si256(f[kNext[b]], f[kPrev[b]]), f[b]);
      const __m256i h = _mm256_or_si256(occ, _mm256_slli_epi32(lone, 9));
      const __m256i v = _mm256_or_si256(f[b], _mm256_slli_epi32(own, 9));
      for (int half = 0; half < 2; ++half) {
        const __m128i h4 = half ? _mm256_extracti128_si256(h, 1) : _mm256_castsi256_si128(h);
        const __m128i v4 = half ? _mm256_extracti128_si256(v, 1) : _mm256_castsi256_si128(v);
        const __m256i w = _mm256_or_si256(_mm256_cvtepu32_epi64(h4),
                                          _mm256_slli_epi64(_mm256_cvtepu32_epi64(v4), 18));
        _mm256_storeu_si256(reinterpret_cast<__m256i*>(words[b] + 4 * half), w);
      }
    }
    first = 8;
#endif
    for (int b = 0; b < 3; ++b) {
      for (int d = first; d < 9; ++d) folded[b][d] = fold(s.cand[b * 9 + d]);
    }
    for (int b = 0; b < 3; ++b) {
      for (int d = first; d < 9; ++d) {
        const int occ = s.occ[b * 9 + d];
        const u32 cols = folded[b][d];
        const u32 own_cols = cols & ~(folded[kNext[b]][d] | folded[kPrev[b]][d]);
        words[b][d] = static_cast<u64>(occ) |
                      static_cast<u64>(t.lone[static_cast<std::size_t>(occ)]) << 9 |
                      static_cast<u64>(cols) << 18 | static_cast<u64>(own_cols) << 27;
      }
    }
  }

  /// Step 4. Returns -1 on a contradiction, else 1 if a mask changed.
  static int triads(State& s) {
    const auto& t = kTables;
    // Computed on entry: the changes made below only remove candidates, so what is deduced from
    // these stays true.
    u32 folded[3][9];
    u64 words[3][9];
    triad_words(s, folded, words);
    int changed = 0;
    for (int b = 0; b < 3; ++b) {
      const int b1 = kNext[b], b2 = kPrev[b];
      // Bit-sliced counters c0..c3 count the digits per bit of the words.
      u64 c0 = 0, c1 = 0, c2 = 0, c3 = 0;
      for (int d = 0; d < 9; ++d) {
        const u64 x = words[b][d];
        const u64 k0 = c0 & x;
        c0 ^= x;
        const u64 k1 = c1 & k0;
        c1 ^= k0;
        c3 |= c2 & k1;
        c2 ^= k1;
      }
      constexpr u64 kMay = 0x1FFull | 0x1FFull << 18, kMust = kMay << 9;
      const u64 three = c0 & c1 & ~c2 & ~c3;
      const u64 below_three = ~(c0 & c1) & ~c2 & ~c3;
      // Fewer than three digits may go in a triad, or more than three must: a contradiction.
      if ((below_three & kMay) || ((c2 | c3) & kMust)) return -1;
      // A triad acts when exactly three digits may go there but not all three are known to, or
      // when three must go there and more may.
      const u64 may3 = three & kMay, must3 = (three & kMust) >> 9;
      u64 act = may3 ^ must3;
      while (act) {
        const int bit = std::countr_zero(act);
        act &= act - 1;
        if (bit < 9) {
          const int i = bit / 3, j = bit % 3;
          const u32 cells = kRow[i] & kBox[j];
          const bool may = (may3 >> bit) & 1;
          // may: every digit that can go in these cells goes there and leaves the rest of
          // row i and box j; else the digits not known to be there leave the cells. Branch-free
          // per digit (a no-op keeps every cell).
          const u32 mine = may ? cells | ~(kRow[i] | kBox[j]) : ~cells;
          for (int d = 0; d < 9; ++d) {
            const bool must = (t.lone[static_cast<std::size_t>(s.occ[b * 9 + d])] >> bit) & 1;
            const bool acts = (s.cand[b * 9 + d] & cells) != 0 && (may || !must);
            changed |= restrict_to(s, d, b, acts ? mine : ~u32{0});
          }
        } else if (bit >= 18) {  // vertical triads: bits 18-26 (act has none in 9-17)
          const int c = bit - 18;
          const u32 col = replicate(u32{1} << c);
          const bool may = (may3 >> bit) & 1;
          for (int d = 0; d < 9; ++d) {
            if (!((folded[b][d] >> c) & 1)) continue;
            const bool must = !(((folded[b1][d] | folded[b2][d]) >> c) & 1);
            if (may) {
              // d goes in column c of this band: it leaves the column in the other bands and
              // the rest of its box in this band.
              changed |= restrict_to(s, d, b1, ~col);
              changed |= restrict_to(s, d, b2, ~col);
              changed |= restrict_to(s, d, b, col | ~kBox[c / 3]);
            } else if (!must) {
              changed |= restrict_to(s, d, b, ~col);
            }
          }
        }
      }
    }
    return changed;
  }

  void record_solution(const State& s) {
    if (solutions_++ > 0 || !solution_) return;
    for (int d = 0; d < 9; ++d) {
      for (int b = 0; b < 3; ++b) {
        u32 m = s.cand[b * 9 + d];
        while (m) {
          const int i = std::countr_zero(m);
          m &= m - 1;
          solution_[b * 27 + i] = static_cast<std::uint8_t>(d + 1);
        }
      }
    }
  }

  /// Keeps configuration p of digit d in unit u (0-2: band u, rows x boxes; 3-5: stack u - 3,
  /// bands x columns).
  static void keep_config(State& s, int u, int d, int p) {
    const auto& t = kTables;
    if (u < 3) {
      restrict_to(s, d, u, t.perm_cells[static_cast<std::size_t>(p)]);
      return;
    }
    const int st = u - 3;
    const u32 others = ~replicate(u32{7} << (3 * st));
    for (int b = 0; b < 3; ++b) {
      restrict_to(s, d, b, others | replicate(u32{1} << (3 * st + kPerm[p][b])));
    }
  }

  /// Candidates of the unsolved cells.
  static int candidates_left(const State& s) {
    int n = 0;
    for (int b = 0; b < 3; ++b) {
      for (int d = 0; d < 9; ++d) n += std::popcount(s.cand[b * 9 + d] & s.unsolved[b]);
    }
    return n;
  }

  /// Where to branch: a digit of a unit (0-2: band u, rows x boxes; 3-5: stack u - 3, bands x
  /// columns) and its occupancy matrix there. unit -1: every unit is decided.
  struct Branch {
    int unit = -1, digit = 0, occ = 0;
  };

  /// The occupancy matrix of digit d in unit u. At a fixed point it holds exactly the pairs of
  /// the digit's remaining configurations: a band's is the one left by its last update, a
  /// stack's is read from the masks (the stack filter has run on every digit since its masks
  /// last changed).
  static int unit_occupancy(const State& s, int u, int d) {
    if (u < 3) return s.occ[u * 9 + d];
    return stack_occupancy(fold(s.cand[d]), fold(s.cand[9 + d]), fold(s.cand[18 + d]), u - 3);
  }

  /// The unit to branch in, from the configurations of each digit in each unit: with `open`,
  /// the one with the fewest undecided digits (ties: the most configurations), else the one
  /// with the fewest configurations summed over its nine digits (9: every digit decided,
  /// skipped); ties: the first. Then the unit's undecided digit with the fewest configurations
  /// (ties: the lowest). The x86-64-v3 build counts digits 0-7 in AVX2 lanes: about as many
  /// instructions as the table loop, but fewer mispredicted branches (top95 1-2% faster).
  static Branch choose_branch(const State& s, bool open) {
    const auto& t = kTables;
    Branch branch;
    int sum[8], undecided[6];  // per unit; undecided is counted (and read) only if `open`
#if defined(__AVX2__)
    // Digits 0-7 in AVX2 lanes: configuration p is left if the occupancy holds its three pairs.
    // Stacks are counted on the folded masks of the three bands side by side (bits 9i + 3st + j).
    __m256i n[6];
    const auto count = [](__m256i occ, int stride) {
      __m256i c = _mm256_setzero_si256();
      for (int p = 0; p < 6; ++p) {
        const __m256i k = _mm256_set1_epi32(perm_pairs(p, stride));
        c = _mm256_sub_epi32(c, _mm256_cmpeq_epi32(_mm256_and_si256(occ, k), k));
      }
      return c;
    };
    for (int b = 0; b < 3; ++b) {
      n[b] = count(
          _mm256_cvtepu16_epi32(_mm_loadu_si128(reinterpret_cast<const __m128i*>(s.occ + b * 9))),
          3);
    }
    const auto folded = [&s](int b) {
      return fold_lanes(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(s.cand + b * 9)));
    };
    const __m256i side = _mm256_or_si256(
        folded(0),
        _mm256_or_si256(_mm256_slli_epi32(folded(1), 9), _mm256_slli_epi32(folded(2), 18)));
    for (int st = 0; st < 3; ++st) n[3 + st] = count(_mm256_srli_epi32(side, 3 * st), 9);
    // Lane sums: hadd pairs, then quads, then the two halves.
    const __m256i q0 =
        _mm256_hadd_epi32(_mm256_hadd_epi32(n[0], n[1]), _mm256_hadd_epi32(n[2], n[3]));
    const __m256i h45 = _mm256_hadd_epi32(n[4], n[5]), q1 = _mm256_hadd_epi32(h45, h45);
    _mm_storeu_si128(reinterpret_cast<__m128i*>(sum),
                     _mm_add_epi32(_mm256_castsi256_si128(q0), _mm256_extracti128_si256(q0, 1)));
    _mm_storeu_si128(reinterpret_cast<__m128i*>(sum + 4),
                     _mm_add_epi32(_mm256_castsi256_si128(q1), _mm256_extracti128_si256(q1, 1)));
    int n8[6];
    for (int u = 0; u < 6; ++u) {
      n8[u] = t.configs[static_cast<std::size_t>(unit_occupancy(s, u, 8))];
      sum[u] += n8[u];
    }
    if (open) {
      const __m256i one = _mm256_set1_epi32(1);
      for (int u = 0; u < 6; ++u) {
        undecided[u] = std::popcount(static_cast<unsigned>(_mm256_movemask_ps(
                           _mm256_castsi256_ps(_mm256_cmpgt_epi32(n[u], one))))) +
                       (n8[u] > 1);
      }
    }
#else
    int counts[6][9];
    for (int u = 0; u < 6; ++u) sum[u] = undecided[u] = 0;
    for (int d = 0; d < 9; ++d) {
      const u32 f0 = fold(s.cand[d]), f1 = fold(s.cand[9 + d]), f2 = fold(s.cand[18 + d]);
      for (int u = 0; u < 6; ++u) {
        const int occ = u < 3 ? s.occ[u * 9 + d] : stack_occupancy(f0, f1, f2, u - 3);
        const int c = t.configs[static_cast<std::size_t>(occ)];
        counts[u][d] = c;
        sum[u] += c;
        undecided[u] += c > 1;
      }
    }
#endif
    int best = 1 << 30;
    for (int u = 0; u < 6; ++u) {
      const int key = open ? undecided[u] * 64 - sum[u] : sum[u];
      if (sum[u] > 9 && key < best) best = key, branch.unit = u;
    }
    if (branch.unit < 0) return branch;
#if defined(__AVX2__)
    // The lowest n << 4 | d over the undecided digits.
    const __m256i c = n[branch.unit];
    const __m256i keys = _mm256_or_si256(
        _mm256_or_si256(_mm256_slli_epi32(c, 4), _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7)),
        _mm256_cmpgt_epi32(_mm256_set1_epi32(2), c));  // decided: all ones, never the least
    __m256i m = _mm256_min_epu32(keys, _mm256_permute2x128_si256(keys, keys, 1));
    m = _mm256_min_epu32(m, _mm256_shuffle_epi32(m, 0x4E));
    m = _mm256_min_epu32(m, _mm256_shuffle_epi32(m, 0xB1));
    u32 key = static_cast<u32>(_mm256_cvtsi256_si32(m));
    if (n8[branch.unit] > 1) key = std::min(key, static_cast<u32>(n8[branch.unit] << 4 | 8));
    branch.digit = static_cast<int>(key & 15);
#else
    best = 1 << 30;
    for (int d = 0; d < 9; ++d) {
      const int c = counts[branch.unit][d];
      if (c > 1 && c < best) best = c, branch.digit = d;
    }
#endif
    branch.occ = unit_occupancy(s, branch.unit, branch.digit);
    return branch;
  }

  void search(State& s, bool guessed) {
    const auto& t = kTables;
    for (;;) {
      if (!propagate(s)) {
        stats_.backtracks += guessed;
        return;
      }
      if ((s.unsolved[0] | s.unsolved[1] | s.unsolved[2]) == 0) {
        record_solution(s);
        return;
      }
      const int moved = triads(s);
      if (moved < 0) {
        stats_.backtracks += guessed;
        return;
      }
      if (moved > 0) continue;
      if (open_root_ < 0) open_root_ = candidates_left(s) > kOpenRoot;
      const Branch branch = choose_branch(s, open_root_ != 0);
      if (branch.unit < 0) {  // every configuration decided but cells open: cannot happen at a
        stats_.backtracks += guessed;  // fixed point, kept as a safe dead end
        return;
      }
      const int unit = branch.unit, digit = branch.digit;
      u32 configs = t.perms[static_cast<std::size_t>(branch.occ)];
      stats_.guesses += static_cast<std::uint64_t>(std::popcount(configs) - 1);
      for (;;) {
        const int p = std::countr_zero(configs);
        configs &= configs - 1;
        if (configs == 0) {
          keep_config(s, unit, digit, p);
          guessed = true;
          break;
        }
        State child = s;
        keep_config(child, unit, digit, p);
        search(child, true);
        if (solutions_ >= limit_) return;
      }
    }
  }

  int limit_;
  ExactStats& stats_;
  std::uint8_t* solution_ = nullptr;
  int solutions_ = 0;
  int open_root_ = -1;  // the branching rule, fixed at the first branch point (-1: not yet)
};

}  // namespace

namespace detail {

int EVOPLAY_SOLVE9_ENTRY(const std::uint8_t* cells, std::uint8_t* solution, int limit,
                         ExactStats& stats) {
  Solver9 solver(limit, stats);
  return solver.run(cells, solution);
}

}  // namespace detail

}  // namespace evoplay::games::sudoku
