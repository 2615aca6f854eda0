#!/usr/bin/env bash
# Makes the benchmark inputs that docs/benchmarks.md measures against the
# C++ peers, and runs ../shared/peers/compare.sh on them:
#
#   scripts/peer-inputs.sh [OUT_DIR]        # default: target/peer-inputs
#
# Sets (generator seeds fixed, so every run measures the same files):
#   boxslide/  20 levels: 7x7 with 15, 18, 21 boxes (seed 3) and 8x8 with
#              18, 24 boxes (seed 4), two each needing exactly 5 moves and
#              two each with no answer within L = 5;
#   mayan/     12 boards, n = 5, 21, 24, 27, 30 blocks (seed = blocks),
#              three each, all without an answer.
# Takes about a minute to generate (each candidate level is solved), then
# compare.sh runs the peers (the plain Box-slide peer alone takes minutes).
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-target/peer-inputs}
cargo build --release -q --example boxslide_levels --example mayan_boards
bin=target/release/examples
rm -rf "$out/boxslide" "$out/mayan"
mkdir -p "$out/boxslide" "$out/mayan"

# split FILE PREFIX: one level per file (levels are separated by blank lines).
split() {
    awk -v RS= -v p="$2" '{ f = sprintf("%s%02d.in", p, NR); print > f; close(f) }' "$1"
}
for spec in "7 7 3 15" "7 7 3 18" "7 7 3 21" "8 8 4 18" "8 8 4 24"; do
    set -- $spec
    "$bin/boxslide_levels" "$1" "$2" 5 "$3" 2 --boxes "$4" > "$out/tmp.txt"
    split "$out/tmp.txt" "$out/boxslide/${1}x${2}_b${4}_solvable_"
    "$bin/boxslide_levels" "$1" "$2" 5 "$3" 2 --boxes "$4" --none > "$out/tmp.txt"
    split "$out/tmp.txt" "$out/boxslide/${1}x${2}_b${4}_none_"
done
rm -f "$out/tmp.txt"
for blocks in 21 24 27 30; do
    "$bin/mayan_boards" 5 "$blocks" "$blocks" 3 --none --out "$out/mayan/b$blocks"
    for f in "$out/mayan/b$blocks"/*.in; do mv "$f" "$out/mayan/b${blocks}_$(basename "$f")"; done
    rmdir "$out/mayan/b$blocks"
done
echo "inputs in $out; comparing (this takes minutes)"
if [ -x ../shared/peers/compare.sh ] || [ -f ../shared/peers/compare.sh ]; then
    bash ../shared/peers/compare.sh mayan "$out/mayan"
    bash ../shared/peers/compare.sh boxslide "$out/boxslide"
else
    echo "../shared/peers/compare.sh is missing: inputs made, nothing compared" >&2
fi
