#!/usr/bin/env bash
# Rank scaling of `sliding_mpi` against thread scaling of `sliding`
# (issue 22): each row at N = 1, 2, 4, ... up to this machine's cores,
# N ranks of one thread (`mpirun -np N`) against one process of N threads
# (`RAYON_NUM_THREADS=N`), the runs taken in turn, medians of the whole
# process's wall time and of the search alone (`--stats`: without
# `mpirun`'s start-up and the tables' load).
#
#   scripts/mpi-scaling.sh [--runs N] [--counts "1 2 4"] [--only NAME]
#
# Rows (skipped with a note when ../shared/data/korf100 is missing):
#   korf100-pdb   Korf's 100, 6-6-3 tables (a batch: boards spread)
#   ten-md        ten Korf instances, Manhattan (a batch)
#   korf43-md     Korf #43, Manhattan (one board: parts, work handed over)
#
# Needs Open MPI (docs/distributed.md); as root it sets
# OMPI_ALLOW_RUN_AS_ROOT. Default: 3 runs.
set -euo pipefail
cd "$(dirname "$0")/.."
runs=3
only=""
cores=$(nproc)
counts=""
while [ $# -gt 0 ]; do
    case $1 in
        --runs) runs=$2; shift 2 ;;
        --counts) counts=$2; shift 2 ;;
        --only) only=$2; shift 2 ;;
        *) echo "usage: scripts/mpi-scaling.sh [--runs N] [--counts \"1 2 4\"] [--only NAME]" >&2; exit 2 ;;
    esac
done
if [ -z "$counts" ]; then
    n=1
    while [ "$n" -lt "$cores" ]; do counts="$counts $n"; n=$((n * 2)); done
    counts="$counts $cores"
fi
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
cargo build --release -q --example sliding
(cd crates/mpi && cargo build --release -q --example sliding_mpi)
threads=target/release/examples/sliding
ranks=crates/mpi/target/release/examples/sliding_mpi
work=target/mpi-scaling
mkdir -p "$work"
korf=../shared/data/korf100/korf100.in
if [ ! -f "$korf" ]; then
    echo "note: $korf missing: nothing to measure" >&2
    exit 0
fi
# The tables built (or loaded) once before timing.
"$threads" --goal blank-first < <(echo "4 4") > /dev/null 2>&1 || true
(echo "4 4"; for i in 28 13 2 95 11 34 62 87 40 4; do sed -n "$((i + 1))p" "$korf"; done) > "$work/ten.in"
(echo "4 4"; sed -n 44p "$korf") > "$work/korf43.in"
names=(korf100-pdb ten-md korf43-md)
declare -A args=(
    [korf100-pdb]="--goal blank-first $korf"
    [ten-md]="--goal blank-first --bound manhattan $work/ten.in"
    [korf43-md]="--goal blank-first --bound manhattan $work/korf43.in"
)
if [ -n "$only" ]; then names=("$only"); fi

# One run: "WALL SEARCH" in seconds. $1: threads|ranks, $2: row, $3: N.
run_once() {
    local t0 t1 search
    t0=$(date +%s.%N)
    if [ "$1" = threads ]; then
        # shellcheck disable=SC2086
        RAYON_NUM_THREADS=$3 "$threads" ${args[$2]} --stats > /dev/null 2> "$work/last.err"
    else
        # shellcheck disable=SC2086
        mpirun --oversubscribe -x RAYON_NUM_THREADS=1 -np "$3" "$ranks" ${args[$2]} --stats \
            > /dev/null 2> "$work/last.err"
    fi || { echo "error: $2 ($1, $3) failed: $(head -c 300 "$work/last.err")" >&2; exit 1; }
    t1=$(date +%s.%N)
    search=$(grep -o '[0-9.]*[mµ]*s searching' "$work/last.err" | awk '
        /µs/ { print $1 / 1e6; next } /ms/ { print $1 / 1e3; next } { print $1 + 0 }' | sed 's/[^0-9.e-]//g')
    echo "$(echo "$t1 - $t0" | bc -l) $search"
}
median() { sort -g | awk '{ a[NR] = $1 } END { if (NR % 2) print a[(NR + 1) / 2]; else print (a[NR / 2] + a[NR / 2 + 1]) / 2 }'; }

echo "# $(date -u +%F), $cores cores ($(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ *//')), $runs runs each, medians in seconds"
echo "| row | N | N threads: whole | search | N ranks: whole | search | ranks / threads (search) |"
echo "| --- | ---: | ---: | ---: | ---: | ---: | ---: |"
for name in "${names[@]}"; do
    declare -A tw=() ts=() rw=() rs=()
    for _ in $(seq "$runs"); do
        for n in $counts; do
            read -r w s < <(run_once threads "$name" "$n")
            tw[$n]="${tw[$n]:-} $w"; ts[$n]="${ts[$n]:-} $s"
            read -r w s < <(run_once ranks "$name" "$n")
            rw[$n]="${rw[$n]:-} $w"; rs[$n]="${rs[$n]:-} $s"
        done
    done
    for n in $counts; do
        m() { echo "$1" | tr ' ' '\n' | grep . | median; }
        a=$(m "${tw[$n]}"); b=$(m "${ts[$n]}"); c=$(m "${rw[$n]}"); d=$(m "${rs[$n]}")
        printf "| %s | %d | %.3f | %.3f | %.3f | %.3f | %.2fx |\n" "$name" "$n" "$a" "$b" "$c" "$d" \
            "$(echo "$d / $b" | bc -l)"
    done
    unset tw ts rw rs
done
