#!/usr/bin/env bash
# Peer for the exact Sudoku solver: tdoku (github.com/t-dillon/tdoku), the fastest published
# solver, built by its own build (cmake, -O3 -march=native by default) and measured by its own
# harness, run_benchmark, on the same files: puzzles as given (no random permutation, -r 0), in
# order, uniqueness checked (tdoku counts up to two solutions unless -f), one thread, rate in
# wall time over passes of one second. evoplay is measured the same way
# (`bench_sudoku rate FILE`), the two in turn, three times per set; the faster run of each
# counts. Ratio = evoplay / tdoku (goal >= 1).
#
# The peer is found as $EVOPLAY_TDOKU_BENCHMARK, else `run_benchmark` under
# ../peers/tdoku/build next to the project.
set -euo pipefail
cd "$(dirname "$0")/../.."
tdoku=${EVOPLAY_TDOKU_BENCHMARK:-}
if [[ -z $tdoku && -x ../peers/tdoku/build/run_benchmark ]]; then
  tdoku=../peers/tdoku/build/run_benchmark
fi
if [[ -z $tdoku || ! -x $tdoku ]]; then
  echo "# skipped sudoku_tdoku: tdoku's run_benchmark not found (set EVOPLAY_TDOKU_BENCHMARK)"
  exit 0
fi
ours=build/release/bench/bench_sudoku
echo "# sudoku_tdoku: load average $(cut -d' ' -f1 /proc/loadavg) before (2 cores)"
for pair in 17clue:17clue_49158 forum_hardest_1106:forum_hardest_1106 top95:top95 \
  magictour_top1465:magictour_top1465 hardest:hardest qqwing_simple_50:qqwing_simple_50 \
  qqwing_easy_50:qqwing_easy_50 qqwing_intermediate_50:qqwing_intermediate_50 \
  qqwing_expert_50:qqwing_expert_50 mantere_koljonen_46:mantere_koljonen_46 \
  forum_hardest_1905:forum_hardest_1905_11plus_every25th; do
  tag=${pair%%:*}
  file=data/sudoku/${pair#*:}.txt
  [[ -f $file ]] || file=../shared/data/sudoku/${pair#*:}.txt
  if [[ ! -f $file ]]; then
    echo "# skipped sudoku_tdoku_$tag: ${pair#*:}.txt not found"
    continue
  fi
  n=$(grep -c '^[0-9.]' "$file")
  best_ours=0 best_theirs=0
  for _ in 1 2 3; do
    read -r rate _ < <("$ours" rate "$file" 1)
    best_ours=$(awk -v a="$rate" -v b="$best_ours" 'BEGIN { print (a > b) ? a : b }')
    # CSV: compiler, version, flags, file, solver, puzzles/s, us/puzzle, % no guess, guesses.
    rate=$("$tdoku" -s tdoku -r 0 -n "$n" -w 1 -t 1 -c 1 "$file" | tail -n 1 |
      awk -F, '{ printf "%.0f", $(NF - 3) }')
    best_theirs=$(awk -v a="$rate" -v b="$best_theirs" 'BEGIN { print (a > b) ? a : b }')
  done
  echo "sudoku_exact_${tag}_wall_puzzles_per_s $best_ours puzzles/s"
  echo "sudoku_tdoku_${tag}_wall_puzzles_per_s $best_theirs puzzles/s"
  awk -v a="$best_ours" -v b="$best_theirs" -v t="$tag" \
    'BEGIN { printf "sudoku_exact_%s_vs_tdoku_ratio %.2f x(goal>=1)\n", t, a / b }'
done
echo "# sudoku_tdoku: load average $(cut -d' ' -f1 /proc/loadavg) after"
