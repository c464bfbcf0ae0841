#!/usr/bin/env bash
# Peer for the exact Sudoku solver: qqwing (Debian package) solving the same sets, one thread.
# qqwing --solve stops at the first solution; evoplay's figures check uniqueness (search to the
# end), so the ratio is, if anything, in qqwing's favour. Prints qqwing's puzzles/s and the ratio.
set -euo pipefail
cd "$(dirname "$0")/../.."
if ! command -v qqwing >/dev/null; then
  echo "# skipped sudoku_qqwing: qqwing is not installed (apt-get install qqwing)"
  exit 0
fi
# evoplay's figures of this bench run (bench/peers/README.md); without them, only qqwing's.
ours=""
if [[ -n ${EVOPLAY_FIGURES:-} && -f $EVOPLAY_FIGURES ]]; then
  ours=$(cat "$EVOPLAY_FIGURES")
else
  echo "# sudoku_qqwing: EVOPLAY_FIGURES not set (run through bench/run), no ratio printed"
fi
for pair in 17clue:17clue_49158 forum_hardest_1106:forum_hardest_1106; do
  tag=${pair%%:*}
  file=../shared/data/sudoku/${pair#*:}.txt
  if [[ ! -f $file ]]; then
    echo "# skipped sudoku_qqwing_$tag: $file not found"
    continue
  fi
  # "N puzzles solved in S seconds." is qqwing's own timing of the solving alone.
  summary=$(qqwing --solve --timer --one-line <"$file" | tail -n 1)
  rate=$(awk '{ printf "%.0f", $1 / $5 }' <<<"$summary")
  echo "sudoku_qqwing_${tag}_puzzles_per_s $rate puzzles/s"
  mine=$(awk -v n="sudoku_exact_${tag}_puzzles_per_s" '$1 == n { print $2 }' <<<"$ours")
  if [[ -n $mine ]]; then
    awk -v a="$mine" -v b="$rate" -v t="$tag" 'BEGIN { printf "sudoku_exact_%s_vs_qqwing_ratio %.1f x\n", t, a / b }'
  fi
done
