#!/usr/bin/env bash
# Korf's 50 24-puzzles against Robert Clausecker's solver (issue 30): for
# each instance, ours (`sliding --stats`, one search thread) and then the
# peer's `pdbsearch -t` (one search thread, the same 6-6-6-6 partition with
# the blank in its patterns, and the transposed look-ups), in turn, tables
# built beforehand for both (not timed). Prints a line an instance: id,
# length (both), our expanded and generated nodes and seconds, the peer's
# expanded nodes and seconds.
#
#   scripts/korf50.sh [ID ...]        (default: 38 40 25 32 44, the five easiest)
#
# Needs ../shared/data/korf50 and the peer built by
# ../shared/peers/external/build.sh (into /tmp/peers-ext); our tables go to
# $CACHE (default target/korf50-cache), the peer's to $PEER_PDB (default
# target/korf50-peer-pdb). Minutes to hours: the five easiest take the peer
# about 12 minutes, and as long again for ours.
set -euo pipefail
cd "$(dirname "$0")/.."
ids=("$@")
[ ${#ids[@]} -eq 0 ] && ids=(38 40 25 32 44)
data=../shared/data/korf50
peer=${PEER:-/tmp/peers-ext/24puzzle}
cache=${CACHE:-target/korf50-cache}
pdb=${PEER_PDB:-target/korf50-peer-pdb}
[ -d "$data" ] || { echo "no $data: nothing to compare" >&2; exit 1; }
[ -x "$peer/cmd/pdbsearch" ] || { echo "no $peer/cmd/pdbsearch: run ../shared/peers/external/build.sh" >&2; exit 1; }
mkdir -p "$cache" "$pdb"
cargo build --release -q --example sliding
ours=target/release/examples/sliding
board() { sed -n "$(($1 + 1))p" "$data/korf50.in"; }
# Tables first, for both (the peer builds its four on its first instance).
printf '5 5\n%s\n' "$(board 40)" | "$ours" --goal blank-first --cache "$cache" > /dev/null
board 40 | tr ' ' ',' | "$peer/cmd/pdbsearch" -j "$(nproc)" -d "$pdb" -t \
    "$peer/catalogues/reinefeld-et-al.cat" > /dev/null 2>&1
printf '%-4s %-6s %14s %14s %9s %14s %9s\n' id length expanded generated seconds peer-exp peer-s
for id in "${ids[@]}"; do
    err=$(mktemp)
    out=$(printf '5 5\n%s\n' "$(board "$id")" |
        RAYON_NUM_THREADS=1 "$ours" --goal blank-first --cache "$cache" --stats 2> "$err")
    len=${out%% *}
    stats=$(grep '^board 1:' "$err")
    exp=$(sed 's/.*expanded \([0-9]*\).*/\1/' <<< "$stats")
    gen=$(sed 's/.*generated \([0-9]*\).*/\1/' <<< "$stats")
    secs=$(sed -n 's/.* nodes expanded, \([0-9.]*[mµ]\?s\) searching.*/\1/p' "$err")
    rm -f "$err"
    # The peer: one search thread; it names the nodes expanded in all,
    # the search's own seconds and the depth of the solution on stderr.
    plog=$(board "$id" | tr ' ' ',' | "$peer/cmd/pdbsearch" -j 1 -d "$pdb" -t \
        "$peer/catalogues/reinefeld-et-al.cat" 2>&1)
    pexp=$(sed -n 's/^Expanded \([0-9]*\) nodes in total.*/\1/p' <<< "$plog")
    psecs=$(sed -n 's/^Spent \([0-9.]*\) seconds in total.*/\1/p' <<< "$plog")
    plen=$(sed -n 's/^Solution found at depth \([0-9]*\).*/\1/p' <<< "$plog" | head -1)
    printf '%-4s %-6s %14s %14s %9s %14s %9s\n' "$id" "$len/${plen:-?}" "$exp" "$gen" \
        "$secs" "$pexp" "$psecs"
done
