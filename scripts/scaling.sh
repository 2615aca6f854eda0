#!/usr/bin/env bash
# Thread scaling of the bundled examples, whole processes (issue 20): each
# row at 1, 2, 4, ... threads up to this machine's cores (RAYON_NUM_THREADS),
# the runs taken in turn (run 1 at every thread count, then run 2, ...), and
# a table of medians with the most threads' speed-up over one thread.
#
#   scripts/scaling.sh [--runs N] [--threads "1 2 4"] [--heavy] [--only NAME]
#
# Rows (a row whose input is missing is skipped with a note):
#   korf100-pdb      sliding --goal blank-first (6-6-3 tables, cached first)
#                    on ../shared/data/korf100/korf100.in
#   korf-md-N        sliding --goal blank-first --bound manhattan on Korf's
#                    #2, #20, #43, #77, one row each
#   short-md-12      the same on 12 boards of 40-move walks (0.05-9 ms of
#                    search each), one process per board
#   boxslide-20      boxslide on the 20 levels of scripts/peer-inputs.sh
#   mayan-12         mayan on the 12 boards of scripts/peer-inputs.sh
#   rotation-census  rotation_census
# With --heavy also (minutes per run on few cores):
#   boxslide-30      the 8x8 level with 30 boxes and no answer in 6
#                    (boxslide_levels 8 8 6 7 1 --boxes 30 --none)
#   24-puzzle        boards 2 and 9 of sliding_walks 5 5 --seed 1, linear
#                    conflicts (the 5x5 default is now the 6-6-6-6 tables)
#   tables-663       building the 6-6-3 tables into an empty cache
#
# Default: 5 runs. Inputs are made under target/scaling (peer-inputs.sh
# first, if target/peer-inputs is missing). Prints the machine's cores.
set -euo pipefail
cd "$(dirname "$0")/.."
runs=5
heavy=0
only=""
cores=$(nproc)
threads=""
while [ $# -gt 0 ]; do
    case $1 in
        --runs) runs=$2; shift 2 ;;
        --threads) threads=$2; shift 2 ;;
        --heavy) heavy=1; shift ;;
        --only) only=$2; shift 2 ;;
        *) echo "usage: scripts/scaling.sh [--runs N] [--threads \"1 2 4\"] [--heavy] [--only NAME]" >&2; exit 2 ;;
    esac
done
if [ -z "$threads" ]; then
    t=1
    while [ "$t" -lt "$cores" ]; do threads="$threads $t"; t=$((t * 2)); done
    threads="$threads $cores"
fi
cargo build --release -q --examples
bin=target/release/examples
work=target/scaling
mkdir -p "$work"
korf=../shared/data/korf100/korf100.in
[ -d target/peer-inputs/boxslide ] || scripts/peer-inputs.sh target/peer-inputs > /dev/null 2>&1 || true

# Row commands: each runs one whole measurement with RAYON_NUM_THREADS set
# by the caller; stdout is discarded.
names=()
declare -A cmd
add() { names+=("$1"); cmd[$1]=$2; }
if [ -f "$korf" ]; then
    # Tables built (or loaded) once before timing.
    "$bin/sliding" --goal blank-first < <(echo "4 4") > /dev/null 2>&1 || true
    add korf100-pdb "$bin/sliding --goal blank-first < $korf"
    for n in 2 20 43 77; do
        (echo "4 4"; sed -n "$((n + 1))p" "$korf") > "$work/korf$n.in"
        add "korf-md-$n" "$bin/sliding --goal blank-first --bound manhattan < $work/korf$n.in"
    done
    # Searches of 0.05-9 ms, one process each: threads must not cost.
    "$bin/sliding_walks" 4 4 --moves 40 --seed 5 --count 12 --blank-first > "$work/short.in"
    for i in $(seq 2 13); do (echo "4 4"; sed -n "${i}p" "$work/short.in") > "$work/short$i.in"; done
    add short-md-12 "for f in $work/short[0-9]*.in; do $bin/sliding --goal blank-first --bound manhattan < \$f; done"
else
    echo "note: $korf missing: the 15-puzzle rows are skipped" >&2
fi
if [ -d target/peer-inputs/boxslide ]; then
    add boxslide-20 "for f in target/peer-inputs/boxslide/*.in; do $bin/boxslide < \$f; done"
    add mayan-12 "for f in target/peer-inputs/mayan/*.in; do $bin/mayan < \$f; done"
else
    echo "note: scripts/peer-inputs.sh failed: the Box-slide and Mayan rows are skipped" >&2
fi
add rotation-census "$bin/rotation_census"
if [ "$heavy" = 1 ]; then
    "$bin/boxslide_levels" 8 8 6 7 1 --boxes 30 --none > "$work/box30.in"
    add boxslide-30 "$bin/boxslide < $work/box30.in"
    "$bin/sliding_walks" 5 5 --seed 1 --count 9 > "$work/walks.in"
    (echo "5 5"; sed -n '3p;10p' "$work/walks.in") > "$work/p24.in"
    add 24-puzzle "$bin/sliding --bound linear-conflict < $work/p24.in"
    add tables-663 "rm -rf $work/cache; $bin/sliding --goal blank-first --cache $work/cache < <(echo '4 4')"
fi
if [ -n "$only" ]; then names=("$only"); fi

# Timing: seconds of one run of row $1 at $2 threads.
run_once() {
    local t0 t1
    t0=$(date +%s.%N)
    RAYON_NUM_THREADS=$2 bash -c "${cmd[$1]}" > /dev/null 2> "$work/last.err" || {
        echo "error: $1 at $2 threads failed: $(head -c 300 "$work/last.err")" >&2; exit 1; }
    t1=$(date +%s.%N)
    echo "$t1 - $t0" | bc -l
}
median() { sort -g | awk '{ a[NR] = $1 } END { if (NR % 2) print a[(NR + 1) / 2]; else print (a[NR / 2] + a[NR / 2 + 1]) / 2 }'; }

echo "# $(date -u +%F), $cores cores ($(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ *//')), $runs runs each, medians in seconds"
printf "| %-16s |" row
for t in $threads; do printf " %8s |" "$t"; done
printf " %9s |\n" "most vs 1"
printf "| --- |"; for t in $threads; do printf " ---: |"; done; printf " ---: |\n"
for name in "${names[@]}"; do
    declare -A times=()
    for _ in $(seq "$runs"); do
        for t in $threads; do times[$t]="${times[$t]:-} $(run_once "$name" "$t")"; done
    done
    printf "| %-16s |" "$name"
    one=""; last=""
    for t in $threads; do
        m=$(echo "${times[$t]}" | tr ' ' '\n' | grep . | median)
        [ -z "$one" ] && one=$m
        last=$m
        printf " %8.3f |" "$m"
    done
    printf " %8.2fx |\n" "$(echo "$one / $last" | bc -l)"
    unset times
done
