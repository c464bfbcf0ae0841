// The fast 9x9 exact solver.
//
// Representation (after the band bitboards of JCZSolve and fsss2): for each digit and each band
// of three rows, a 27-bit mask of the cells where the digit may still go (bit = row_in_band * 9 +
// column). A placed digit stays set in its own masks, so that every row, column and box holds
// each digit exactly once in the masks of a solved grid.
//
// Propagation, cheapest first:
//  1. band update (digit d, band b) whenever its mask changed: the 3x3 matrix "row i of the band
//     may hold d inside box j" must contain a permutation (each row and each box of the band
//     holds d once). Cells of (row, box) pairs that belong to no permutation are removed (this is
//     pointing and claiming between rows and boxes, hidden singles in boxes included), by one
//     table lookup; then a row left with one cell places d there.
//  2. naked singles: per band, bit-sliced counting of candidates over the nine digits.
//  3. stacks: the same permutation filter on "band i may hold d in column j of the stack" and
//     hidden singles in columns.
// When propagation stalls, guess on the bivalue cell that sees the most unsolved cells (both
// branches are explored to count
// solutions up to the limit; the last branch reuses the current state).
#include <array>
#include <bit>
#include <cstring>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "evoplay/games/sudoku/exact.hpp"

namespace evoplay::games::sudoku {

namespace {

using u32 = std::uint32_t;
constexpr u32 kAll = 0x7FFFFFF;  // 27 cells of a band
constexpr u32 kRow[3] = {0x1FF, 0x1FF << 9, 0x1FFu << 18};
constexpr u32 kBox[3] = {0x1C0E07, 0x1C0E07 << 3, 0x1C0E07 << 6};
constexpr u32 replicate(u32 columns) { return columns | columns << 9 | columns << 18; }

struct Tables {
  std::array<std::uint8_t, 512> triads{};  // 9 cells of a row -> which of its 3 boxes are used
  std::array<std::uint16_t, 512> match{};  // 3x3 occupancy -> the pairs in some permutation
  std::array<u32, 512> keep{};             // the same, as a 27-bit band mask
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
  constexpr int perms[6][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};
  for (int occ = 0; occ < 512; ++occ) {
    int allowed = 0;
    for (const auto& p : perms) {
      int pairs = 0;
      for (int i = 0; i < 3; ++i) pairs |= 1 << (i * 3 + p[i]);
      if ((occ & pairs) == pairs) allowed |= pairs;
    }
    t.match[static_cast<std::size_t>(occ)] = static_cast<std::uint16_t>(allowed);
    u32 mask = 0;
    for (int pair = 0; pair < 9; ++pair) {
      if (allowed & (1 << pair)) mask |= u32{7} << ((pair / 3) * 9 + (pair % 3) * 3);
    }
    t.keep[static_cast<std::size_t>(occ)] = mask;
  }
  return t;
}

constexpr Tables kTables = make_tables();

struct State {
  u32 cand[3][9];   // band, digit
  u32 unsolved[3];  // cells without a digit yet
  u32 dirty;        // bit b * 9 + d: cand[b][d] changed since its last band update
  u32 digits;       // bit d: a mask of digit d changed since its last stack check
};

class Solver9 {
 public:
  Solver9(int limit, ExactStats& stats) : limit_(limit), stats_(stats) {}

  int run(const std::uint8_t* cells, std::uint8_t* solution) {
    solution_ = solution;
    State s;
    for (int d = 0; d < 9; ++d) {
      for (int b = 0; b < 3; ++b) s.cand[b][d] = kAll;
    }
    for (int b = 0; b < 3; ++b) s.unsolved[b] = kAll;
    s.dirty = 0;
    s.digits = 0x1FF;
    for (int i = 0; i < 81; ++i) {
      if (cells[i] == 0) continue;
      const int d = cells[i] - 1, b = i / 27;
      const u32 bit = u32{1} << (i % 27);
      if (!(s.cand[b][d] & bit)) return 0;  // contradictory givens
      if (s.unsolved[b] & bit) place(s, d, b, bit);
    }
    search(s, false);
    return solutions_;
  }

 private:
  /// Removes `cells` from cand[b][d], marking it dirty only if it changed (branch-free).
  static void clear(State& s, int d, int b, u32 cells) {
    const u32 before = s.cand[b][d], after = before & ~cells;
    s.cand[b][d] = after;
    const u32 changed = before != after;
    s.dirty |= changed << (b * 9 + d);
    s.digits |= changed << d;
  }

  /// Removes `cells` from every digit's mask in band b (the nine masks of a band are contiguous:
  /// two SSE registers and one word).
  static void clear_band(State& s, int b, u32 cells) {
    u32* c = s.cand[b];
#if defined(__SSE2__)
    const __m128i keep = _mm_set1_epi32(static_cast<int>(~cells));
    const __m128i a0 = _mm_loadu_si128(reinterpret_cast<const __m128i*>(c));
    const __m128i a1 = _mm_loadu_si128(reinterpret_cast<const __m128i*>(c + 4));
    const __m128i n0 = _mm_and_si128(a0, keep), n1 = _mm_and_si128(a1, keep);
    _mm_storeu_si128(reinterpret_cast<__m128i*>(c), n0);
    _mm_storeu_si128(reinterpret_cast<__m128i*>(c + 4), n1);
    const int same = _mm_movemask_ps(_mm_castsi128_ps(_mm_cmpeq_epi32(a0, n0))) |
                     _mm_movemask_ps(_mm_castsi128_ps(_mm_cmpeq_epi32(a1, n1))) << 4;
    u32 changed = ~static_cast<u32>(same) & 0xFF;
    const u32 before = c[8], after = before & ~cells;
    c[8] = after;
    changed |= static_cast<u32>(before != after) << 8;
#else
    u32 changed = 0;
    for (int e = 0; e < 9; ++e) {
      const u32 before = c[e], after = before & ~cells;
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
    const int row = index / 9, col = index % 9;
    clear_band(s, b, bit);
    clear(s, d, b, kRow[row] | kBox[col / 3]);
    s.cand[b][d] |= bit;
    const u32 column = replicate(u32{1} << col);
    clear(s, d, b == 2 ? 0 : b + 1, column);
    clear(s, d, b == 0 ? 2 : b - 1, column);
    s.unsolved[b] &= ~bit;
  }

  /// Step 1 for one digit and band. False on a contradiction.
  static bool update_band(State& s, int d, int b) {
    u32 m = s.cand[b][d];
    const auto& t = kTables;
    const int occ = t.triads[m & 0x1FF] | t.triads[(m >> 9) & 0x1FF] << 3 | t.triads[m >> 18] << 6;
    m &= t.keep[static_cast<std::size_t>(occ)];
    if (m == 0) return false;
    s.digits |= static_cast<u32>(m != s.cand[b][d]) << d;
    s.cand[b][d] = m;
    // Rows left with one cell: the matching above already cleared the rest of that cell's box,
    // so only the other digits (same cell) and the other bands (same column) need clearing.
    u32 singles = 0;
    for (int r = 0; r < 3; ++r) {
      const u32 row = m & kRow[r];
      if ((row & (row - 1)) == 0) singles |= row;
    }
    singles &= s.unsolved[b];
    if (singles) {
      s.unsolved[b] &= ~singles;
      clear_band(s, b, singles);
      s.cand[b][d] = m;  // the singles stay with d, and d's mask needs no new update
      s.dirty &= ~(u32{1} << (b * 9 + d));
      const u32 columns = replicate((singles | singles >> 9 | singles >> 18) & 0x1FF);
      clear(s, d, b == 2 ? 0 : b + 1, columns);
      clear(s, d, b == 0 ? 2 : b - 1, columns);
    }
    return true;
  }

  /// Step 2. Returns -1 on a contradiction, else the number of cells placed.
  static int naked_singles(State& s) {
    int placed = 0;
    for (int b = 0; b < 3; ++b) {
      u32 once = 0, twice = 0;
      for (int d = 0; d < 9; ++d) {
        twice |= once & s.cand[b][d];
        once |= s.cand[b][d];
      }
      const u32 u = s.unsolved[b];
      if (u & ~once) return -1;
      u32 singles = u & ~twice;
      while (singles) {
        const u32 bit = singles & (0 - singles);
        singles ^= bit;
        int d = 0;
        while (d < 9 && !(s.cand[b][d] & bit)) ++d;
        if (d == 9) return -1;  // emptied by a placement made in this loop
        place(s, d, b, bit);
        ++placed;
      }
    }
    return placed;
  }

  /// Step 3 for every digit. Returns -1 on a contradiction, else 1 if anything changed.
  static int stacks(State& s) {
    int changed = 0;
    const auto& t = kTables;
    u32 pending = s.digits;  // changes made here mark their digits for the next call
    s.digits = 0;
    while (pending) {
      const int d = std::countr_zero(pending);
      pending &= pending - 1;
      u32 fold[3], solved_cols = 0;
      u32 once = 0, twice = 0;
      for (int b = 0; b < 3; ++b) {
        const u32 m = s.cand[b][d];
        const u32 r0 = m & 0x1FF, r1 = (m >> 9) & 0x1FF, r2 = m >> 18;
        fold[b] = r0 | r1 | r2;
        twice |= (once & fold[b]) | (r0 & r1) | (r2 & (r0 | r1));
        once |= fold[b];
        const u32 done = m & ~s.unsolved[b];
        solved_cols |= (done | done >> 9 | done >> 18) & 0x1FF;
      }
      if (once != 0x1FF) return -1;
      // Hidden singles in columns.
      bool placed = false;
      u32 hidden = once & ~twice & ~solved_cols;
      while (hidden) {
        const u32 col = hidden & (0 - hidden);
        hidden ^= col;
        for (int b = 0; b < 3; ++b) {
          const u32 cell = s.cand[b][d] & replicate(col);
          if (cell) {
            place(s, d, b, cell);
            placed = true;
            break;
          }
        }
      }
      if (placed) {  // the masks moved: the next call looks at this digit again
        changed = 1;
        continue;
      }
      // Box / column permutation filter per stack.
      u32 allow[3] = {0, 0, 0};
      for (int st = 0; st < 3; ++st) {
        const int sh = 3 * st;
        const int occ =
            ((fold[0] >> sh) & 7) | ((fold[1] >> sh) & 7) << 3 | ((fold[2] >> sh) & 7) << 6;
        const u32 ok = t.match[static_cast<std::size_t>(occ)];
        if (ok == 0) return -1;
        for (int b = 0; b < 3; ++b) allow[b] |= ((ok >> (3 * b)) & 7) << sh;
      }
      for (int b = 0; b < 3; ++b) {
        const u32 m = s.cand[b][d] & replicate(allow[b]);
        if (m != s.cand[b][d]) {
          s.cand[b][d] = m;
          s.dirty |= u32{1} << (b * 9 + d);
          s.digits |= u32{1} << d;
          changed = 1;
        }
      }
    }
    return changed;
  }

  /// Runs propagation to a fixed point. False on a contradiction.
  static bool propagate(State& s) {
    for (;;) {
      while (s.dirty) {
        const int i = std::countr_zero(s.dirty);
        s.dirty &= s.dirty - 1;
        const int b = i / 9, d = i % 9;
        if (!update_band(s, d, b)) return false;
      }
      const int placed = naked_singles(s);
      if (placed < 0) return false;
      if (placed > 0) continue;
      const int moved = stacks(s);
      if (moved < 0) return false;
      if (moved == 0) return true;
    }
  }

  void record_solution(const State& s) {
    if (solutions_++ > 0 || !solution_) return;
    for (int d = 0; d < 9; ++d) {
      for (int b = 0; b < 3; ++b) {
        u32 m = s.cand[b][d];
        while (m) {
          const int i = std::countr_zero(m);
          m &= m - 1;
          solution_[b * 27 + i] = static_cast<std::uint8_t>(d + 1);
        }
      }
    }
  }

  void search(State& s, bool guessed) {
    for (;;) {
      if (!propagate(s)) {
        if (guessed) ++stats_.backtracks;
        return;
      }
      if ((s.unsolved[0] | s.unsolved[1] | s.unsolved[2]) == 0) {
        record_solution(s);
        return;
      }
      // Pick the bivalue cell with the most unsolved cells in its row, column and box (the guess
      // that constrains most), else the cell with the fewest candidates.
      int band = -1;
      u32 bit = 0;
      int best_score = -1;
      for (int b = 0; b < 3; ++b) {
        u32 once = 0, twice = 0, thrice = 0;
        for (int d = 0; d < 9; ++d) {
          const u32 m = s.cand[b][d];
          thrice |= twice & m;
          twice |= once & m;
          once |= m;
        }
        u32 bivalue = s.unsolved[b] & twice & ~thrice;
        while (bivalue) {
          const u32 cell = bivalue & (0 - bivalue);
          bivalue ^= cell;
          const int index = std::countr_zero(cell);
          const u32 column = replicate(u32{1} << (index % 9));
          const int score = std::popcount(s.unsolved[b] & (kRow[index / 9] | kBox[index % 9 / 3])) +
                            std::popcount(s.unsolved[0] & column) +
                            std::popcount(s.unsolved[1] & column) +
                            std::popcount(s.unsolved[2] & column);
          if (score > best_score) best_score = score, bit = cell, band = b;
        }
      }
      if (!bit) {
        int best = 10;
        for (int b = 0; b < 3; ++b) {
          u32 u = s.unsolved[b];
          while (u) {
            const u32 cell = u & (0 - u);
            u ^= cell;
            int count = 0;
            for (int d = 0; d < 9; ++d) count += (s.cand[b][d] & cell) != 0;
            if (count < best) best = count, bit = cell, band = b;
          }
        }
      }
      ++stats_.guesses;
      // Try every digit but the last in a copy; the last one continues in this state.
      int digits[9], count = 0;
      for (int d = 0; d < 9; ++d) {
        if (s.cand[band][d] & bit) digits[count++] = d;
      }
      for (int k = 0; k + 1 < count; ++k) {
        State child = s;
        place(child, digits[k], band, bit);
        search(child, true);
        if (solutions_ >= limit_) return;
        clear(s, digits[k], band, bit);
      }
      if (count == 0) return;
      place(s, digits[count - 1], band, bit);
      guessed = true;
    }
  }

  int limit_;
  ExactStats& stats_;
  std::uint8_t* solution_ = nullptr;
  int solutions_ = 0;
};

}  // namespace

int solve9(const std::uint8_t* cells, std::uint8_t* solution, int limit, ExactStats& stats) {
  Solver9 solver(limit, stats);
  return solver.run(cells, solution);
}

}  // namespace evoplay::games::sudoku
