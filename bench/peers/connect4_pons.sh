#!/usr/bin/env bash
# Peer for the exact Connect Four solver: Pascal Pons' solver (github.com/PascalPons/connect4,
# built with its own Makefile, no opening book) against `evoplay connect4 solve`, whole
# processes on the same files: start-up, reading, solving every line and printing, one thread
# each. Pons' program keeps its table from line to line; evoplay clears its table before each
# line (each line's node count stands alone; `--keep-table` would keep it, measured no faster
# on these sets: docs/results/connect4-solver.md). The sets: Pons' four in data/connect4/ and
# random_290 (290 random positions of 8 to 30 plies, scores from Pons' solver: docs/connect4.md).
#
# The peer is found as $EVOPLAY_PONS_SOLVER, else `c4solver` on the PATH, else
# ../peers/connect4/c4solver next to the project. The two programs run in turn, three times
# per set; the fastest run of each counts, in wall time and in CPU time (user + system: what
# other programs sharing the cores do not inflate). Ratio = evoplay / Pons (goal <= 0.5).
#
# With --long (or EVOPLAY_BENCH_LONG=1; opt-in like `bench_connect4 empty`: about 15 minutes),
# then the early positions (data/connect4/early_100, 4-10 plies) once each, one thread each,
# and the empty board once each, evoplay on two threads (its documented way) and Pons on his
# one. Pons' runs are capped at $EVOPLAY_PONS_CAP seconds (default 300) each: when he hits the
# cap, his figure is the cap and the ratio an upper bound (the unit says "capped").
set -euo pipefail
cd "$(dirname "$0")/../.."
pons=${EVOPLAY_PONS_SOLVER:-}
if [[ -z $pons ]]; then
  pons=$(command -v c4solver || true)
fi
if [[ -z $pons && -x ../peers/connect4/c4solver ]]; then
  pons=../peers/connect4/c4solver
fi
if [[ -z $pons || ! -x $pons ]]; then
  echo "# skipped connect4_pons: Pons' solver not found (set EVOPLAY_PONS_SOLVER to its c4solver)"
  exit 0
fi
evoplay=build/release/evoplay
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
echo "# connect4_pons: load average $(cut -d' ' -f1 /proc/loadavg) before (2 cores)"

cap=${EVOPLAY_PONS_CAP:-300}

# Prints "wall cpu" seconds of one run of the command (stdin from $1, stdout to $2).
run() {
  local input=$1 output=$2
  shift 2
  local TIMEFORMAT='%R %U %S'
  { time "$@" <"$input" >"$output" 2>/dev/null; } 2>&1 | awk '{ printf "%.4f %.4f\n", $1, $2 + $3 }'
}

# One capped run of each on a set that takes minutes: evoplay with the options given after the
# file, Pons with the same lines (`pons_input`: the lines as Pons reads them).
compare_long() {
  local name=$1 file=$2 pons_input=$3
  shift 3
  cut -d' ' -f1 "$file" >"$work/moves"
  local ew ec pw pc unit="x(goal<=0.5,wall)" unit_cpu="x(goal<=0.5,cpu)" capped=0
  read -r ew ec < <(run "$work/moves" "$work/ours" "$evoplay" connect4 solve - -q "$@")
  read -r pw pc < <(run "$pons_input" "$work/theirs" timeout "$cap" "$pons")
  if ! diff -q <(cut -d' ' -f1,2 "$work/ours") <(cut -d' ' -f1,2 "$file") >/dev/null; then
    echo "# FAIL: connect4_pons $name: evoplay's scores differ from the file's"
  fi
  if awk -v w="$pw" -v c="$cap" 'BEGIN { exit !(w >= c - 0.5) }'; then
    capped=1
    unit="x(goal<=0.5,wall,peer_capped_at_${cap}s:upper_bound)"
    unit_cpu="x(goal<=0.5,cpu,peer_capped_at_${cap}s:upper_bound)"
    echo "# connect4_pons $name: Pons' solver stopped at the cap of $cap s ($(wc -l <"$work/theirs") of $(wc -l <"$file") lines done)"
  elif ! diff -q <(cut -d' ' -f2 "$work/theirs") <(cut -d' ' -f2 "$file") >/dev/null; then
    echo "# warning: connect4_pons $name: Pons' scores differ from the file's"
  fi
  local tag="connect4_process_${name}"
  echo "${tag}_evoplay_seconds $ew s"
  echo "${tag}_pons_seconds $pw s$([[ $capped == 1 ]] && echo "(capped)")"
  awk -v a="$ew" -v b="$pw" -v t="$tag" -v u="$unit" \
    'BEGIN { printf "%s_evoplay_vs_pons_ratio %.2f %s\n", t, a / b, u }'
  echo "${tag}_evoplay_cpu_seconds $ec s"
  echo "${tag}_pons_cpu_seconds $pc s$([[ $capped == 1 ]] && echo "(capped)")"
  awk -v a="$ec" -v b="$pc" -v t="$tag" -v u="$unit_cpu" \
    'BEGIN { printf "%s_evoplay_vs_pons_cpu_ratio %.2f %s\n", t, a / b, u }'
}

# Figures for one set: the fastest of `reps` interleaved runs of each program.
compare() {
  local name=$1 file=$2 reps=$3
  cut -d' ' -f1 "$file" >"$work/moves"
  local best_e="" best_ec="" best_p="" best_pc=""
  for ((i = 0; i < reps; ++i)); do
    read -r w c < <(run "$work/moves" "$work/ours" "$evoplay" connect4 solve - -q)
    best_e=$(awk -v a="$w" -v b="$best_e" 'BEGIN { print (b == "" || a < b) ? a : b }')
    best_ec=$(awk -v a="$c" -v b="$best_ec" 'BEGIN { print (b == "" || a < b) ? a : b }')
    read -r w c < <(run "$work/moves" "$work/theirs" "$pons")
    best_p=$(awk -v a="$w" -v b="$best_p" 'BEGIN { print (b == "" || a < b) ? a : b }')
    best_pc=$(awk -v a="$c" -v b="$best_pc" 'BEGIN { print (b == "" || a < b) ? a : b }')
  done
  # Both must agree with the expected scores (evoplay prints "moves score nodes micros").
  if ! diff -q <(cut -d' ' -f1,2 "$work/ours") <(cut -d' ' -f1,2 "$file") >/dev/null; then
    echo "# FAIL: connect4_pons $name: evoplay's scores differ from the file's"
  fi
  if ! diff -q "$work/theirs" <(cut -d' ' -f1,2 "$file") >/dev/null; then
    echo "# warning: connect4_pons $name: Pons' scores differ from the file's"
  fi
  local tag="connect4_process_${name}"
  echo "${tag}_evoplay_seconds $best_e s"
  echo "${tag}_pons_seconds $best_p s"
  awk -v a="$best_e" -v b="$best_p" -v t="$tag" \
    'BEGIN { printf "%s_evoplay_vs_pons_ratio %.2f x(goal<=0.5,wall)\n", t, a / b }'
  echo "${tag}_evoplay_cpu_seconds $best_ec s"
  echo "${tag}_pons_cpu_seconds $best_pc s"
  awk -v a="$best_ec" -v b="$best_pc" -v t="$tag" \
    'BEGIN { printf "%s_evoplay_vs_pons_cpu_ratio %.2f x(goal<=0.5,cpu)\n", t, a / b }'
}

for set in Test_L3_R1 Test_L2_R1 Test_L2_R2 Test_L1_R1 random_290; do
  compare "$set" "data/connect4/$set" 3
done
if [[ ${1:-} != --long && ${EVOPLAY_BENCH_LONG:-0} != 1 ]]; then
  echo "# connect4_pons: load average $(cut -d' ' -f1 /proc/loadavg) after"
  exit 0
fi
cut -d' ' -f1 data/connect4/early_100 >"$work/early_pons"
compare_long early_100 data/connect4/early_100 "$work/early_pons"
echo ". 1" >"$work/empty"
echo "" >"$work/empty_pons"  # Pons reads an empty line as the empty board
compare_long empty_board "$work/empty" "$work/empty_pons" --threads 2
echo "# connect4_pons: load average $(cut -d' ' -f1 /proc/loadavg) after"
