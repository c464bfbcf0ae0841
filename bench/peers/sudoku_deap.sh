#!/usr/bin/env bash
# Peer for the GA engine: the Sudoku paper's GA written with DEAP (bench/peers/sudoku_deap.py)
# against `evoplay sudoku solve --method ga --preset paper` on the same puzzle (the first
# qqwing expert puzzle, which neither solves), one thread each. Prints generations per second of
# both and the ratio.
set -euo pipefail
cd "$(dirname "$0")/../.."
python=/usr/bin/python3
if ! $python -c 'import deap' 2>/dev/null; then
  echo "# skipped sudoku_deap: python3-deap is not installed (apt-get install python3-deap)"
  exit 0
fi
puzzle=$(head -n 1 data/sudoku/qqwing_expert_50.txt)
read -r deap_gens deap_seconds _ < <($python bench/peers/sudoku_deap.py "$puzzle" 40 1)
deap_rate=$(awk -v g="$deap_gens" -v s="$deap_seconds" 'BEGIN { printf "%.2f", g / s }')
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
ours=$(echo "$puzzle" | build/release/evoplay sudoku solve - --method ga --preset paper \
  --generations 300 --threads 1 --json --out "$out/run")
our_rate=$(sed -E 's/.*"generations":([0-9]+).*"seconds":([0-9.e-]+).*/\1 \2/' <<<"$ours" |
  awk '{ printf "%.1f", $1 / $2 }')
echo "sudoku_ga_paper_deap_generations_per_s $deap_rate gen/s"
echo "sudoku_ga_paper_evoplay_generations_per_s $our_rate gen/s"
awk -v a="$our_rate" -v b="$deap_rate" 'BEGIN { printf "sudoku_ga_paper_evoplay_vs_deap_ratio %.0f x\n", a / b }'
