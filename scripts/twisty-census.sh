#!/usr/bin/env bash
# God's algorithm on twsearch's sample definitions, ours against twsearch
# (issue 31): for each `samples/main/*.tws`, `twsearch -g` and then
# `twisty -g` (same threads), each under a time limit; compares the
# `Dist D cnt N tot T` lines (twsearch's times dropped) and prints a line
# a puzzle: name, verdict, distances, both times and peak memories (whole
# processes, by /usr/bin/time where it is installed).
#
#   scripts/twisty-census.sh [SECONDS] [PUZZLE.tws ...]
#
# SECONDS: the limit for each program on each puzzle (default 60).
# Needs twsearch built by ../shared/peers/external/build.sh (into
# /tmp/peers-ext, or $TWSEARCH). Verdicts: `same` (every line equal),
# `DIFFER` (exit 1 at the end), `ours-refused` (our one-line reason),
# `peer-timeout` / `ours-timeout` (the census did not end in time; where
# the peer's did not, ours only reads the definition, unless BOTH=1),
# `peer-failed`, `too-large` (with MAX_STATES=N: twsearch's own index,
# the `State size` it prints first, is over N states, so neither program
# is run; the line gives that size).
#
# The survey of 2026-12-04 (docs/notes/twisty-history.md, "The survey at the
# 10-minute limit"): `MAX_STATES=100000000000 scripts/twisty-census.sh 600`.
set -uo pipefail
cd "$(dirname "$0")/.."
limit=${1:-60}
shift || true
tw=${TWSEARCH:-/tmp/peers-ext/twsearch}
[ -x "$tw/build/bin/twsearch" ] || { echo "no $tw/build/bin/twsearch: run ../shared/peers/external/build.sh" >&2; exit 1; }
files=("$@")
[ ${#files[@]} -eq 0 ] && files=("$tw"/samples/main/*.tws)
cargo build --release -q --example twisty || exit 1
ours=target/release/examples/twisty
threads=${RAYON_NUM_THREADS:-$(nproc)}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
status=0
# Peak resident memory in MB of the command that follows, into $1.
timed() {
    local into=$1
    shift
    if [ -x /usr/bin/time ]; then
        /usr/bin/time -f '%M' -o "$tmp/$into.mem" "$@"
    else
        echo 0 > "$tmp/$into.mem"
        "$@"
    fi
}
mb() { awk '/^[0-9]+$/ { printf "%.0f", $1 / 1024 }' "$tmp/$1.mem" 2>/dev/null; }
printf '%-28s %-13s %6s %10s %10s %8s %8s\n' puzzle verdict dists peer-s ours-s peer-MB ours-MB
# twsearch's index size for $1: the `State size is N` line it prints
# before its census starts (it is stopped at once; 4 GB of address space).
index_size() {
    (ulimit -v 4000000; timeout 5 "$tw/build/bin/twsearch" -g -t 1 "$1" 2>&1) |
        sed -n 's/^State size is \(about \)\{0,1\}//p' | sed 's/ log2.*//; q'
}
for f in "${files[@]}"; do
    name=$(basename "$f" .tws)
    if [ -n "${MAX_STATES:-}" ]; then
        size=$(index_size "$f")
        # No size (twsearch did not say one): run it as any other.
        # "1.2 x 10^26" (twsearch's form past 2^64) and numbers of 19
        # digits or more (past what the shell compares) are over.
        if [ -n "$size" ] && { [[ "$size" == *x* ]] || [ ${#size} -gt 18 ] || [ "$size" -gt "$MAX_STATES" ]; }; then
            printf '%-28s %-13s %s\n' "$name" too-large "$size states in twsearch's index"
            continue
        fi
    fi
    t0=$(date +%s.%N)
    timed peer timeout "$limit" "$tw/build/bin/twsearch" -g -t "$threads" "$f" > "$tmp/peer" 2>&1
    prc=$?
    t1=$(date +%s.%N)
    grep '^Dist ' "$tmp/peer" | sed 's/ in .*//' | awk '$4 != 0' > "$tmp/peer.d"
    if [ $prc -eq 0 ] || [ -n "${BOTH:-}" ]; then
        timed ours timeout "$limit" "$ours" "$f" -g -t "$threads" > "$tmp/ours" 2> "$tmp/ours.err"
        orc=$?
    else
        # Nothing to compare against: ours only parses (--stats, no -g).
        timed ours "$ours" "$f" --stats > "$tmp/ours" 2> "$tmp/ours.err"
        orc=$?
        grep -q 'nothing to do' "$tmp/ours.err" && orc=0
    fi
    t2=$(date +%s.%N)
    peer_s=$(echo "$t1 - $t0" | bc)
    ours_s=$(echo "$t2 - $t1" | bc)
    dists=$(wc -l < "$tmp/peer.d")
    if [ $orc -ne 0 ] && [ $orc -ne 124 ] && grep -q 'not supported\|error' "$tmp/ours.err"; then
        verdict=ours-refused
    elif [ $prc -eq 124 ]; then
        verdict=peer-timeout
    elif [ $prc -ne 0 ]; then
        verdict=peer-failed
    elif [ $orc -eq 124 ]; then
        verdict=ours-timeout
    elif cmp -s "$tmp/peer.d" "$tmp/ours"; then
        verdict=same
    else
        verdict=DIFFER
        status=1
    fi
    printf '%-28s %-13s %6s %10.2f %10.2f %8s %8s\n' "$name" "$verdict" "$dists" "$peer_s" "$ours_s" "$(mb peer)" "$(mb ours)"
    if [ "$verdict" = ours-refused ]; then
        sed 's/^/    /' "$tmp/ours.err" | head -1
    fi
done
exit $status
