#!/usr/bin/env bash
# H48's benchmark positions (nissy-core's benchmarks/scrambles: 25 of each
# optimal length 16-20), ours against H48 on the same positions, in turn,
# each a whole process: `puzzle-search twisty 3x3x3 --scrambles` (one
# position a process, the tables cached in CACHE) and `run solve_scramble
# -solver h48h6 -t THREADS` (from nissy-core's folder; its h6 table must
# be built beforehand: `./run gendata -solver h48h6`, about 90 minutes of
# both cores here). Every answer of ours is replayed by the solver; its
# length is checked against H48's.
#
#   scripts/cube-h48.sh LENGTH [COUNT] [LIMIT_SECONDS]
#
# Prints a line a position: its number, our length and seconds, H48's
# length and seconds (or `-` where nissy-core or its table is missing),
# then the totals. Our tables: the default by memory (`-M MB`, default
# 7000 here so that a first run builds the large projection; 1.6 GB held
# after). NISSY: nissy-core's folder (default
# /tmp/peers-ext/nissy-core, where ../shared/peers/external/build.sh puts
# it); THREADS (default: the cores); MEM (default 7000).
set -uo pipefail
cd "$(dirname "$0")/.."
len=${1:?usage: scripts/cube-h48.sh LENGTH [COUNT] [LIMIT_SECONDS]}
count=${2:-10}
limit=${3:-600}
threads=${THREADS:-$(nproc)}
mem=${MEM:-7000}
nissy=${NISSY:-/tmp/peers-ext/nissy-core}
cache=${CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/puzzle-search}
file="$nissy/benchmarks/scrambles/scrambles-$len.txt"
if [ ! -f "$file" ]; then
    # The scrambles from the archive itself where nissy-core is not built.
    tmpx=$(mktemp -d)
    tar xzf ../shared/peers/external/nissy-core.tar.gz -C "$tmpx" || exit 1
    file="$tmpx/nissy-core/benchmarks/scrambles/scrambles-$len.txt"
fi
cargo build --release -q -p puzzle-search-cli || exit 1
bin=$PWD/target/release/puzzle-search
tmp=$(mktemp -d)
trap 'rm -rf "$tmp" ${tmpx:+"$tmpx"}' EXIT
h48=no
[ -x "$nissy/run" ] && ls "$nissy"/tables/*h48h6* >/dev/null 2>&1 && h48=yes
ours_total=0
peer_total=0
i=0
while read -r scramble && [ "$i" -lt "$count" ]; do
    i=$((i + 1))
    printf 'ScrambleAlg p%s\n%s\nEnd\n' "$i" "$scramble" >"$tmp/p.scr"
    start=$(date +%s.%N)
    timeout "$limit" "$bin" twisty 3x3x3 --scrambles "$tmp/p.scr" -t "$threads" \
        -M "$mem" --cache "$cache" >"$tmp/ours" 2>"$tmp/err"
    end=$(date +%s.%N)
    ours=$(echo "$end - $start" | bc)
    olen=$(awk '{print $2}' "$tmp/ours")
    [ -n "$olen" ] || olen="timeout"
    ours_total=$(echo "$ours_total + $ours" | bc)
    peer="-"
    if [ "$h48" = yes ]; then
        start=$(date +%s.%N)
        (cd "$nissy" && timeout "$limit" ./run solve_scramble -solver h48h6 \
            -t "$threads" -moves "$scramble") >"$tmp/peer" 2>&1
        end=$(date +%s.%N)
        psecs=$(echo "$end - $start" | bc)
        plen=$(grep -E "^[FBDULR]" "$tmp/peer" | head -1 | wc -w)
        peer="$plen $psecs"
        peer_total=$(echo "$peer_total + $psecs" | bc)
        [ "$plen" = "$olen" ] || echo "p$i: lengths differ: ours $olen, H48 $plen" >&2
    fi
    echo "p$i ours: $olen $ours H48: $peer"
done <"$file"
echo "total ours: $ours_total s H48: ${peer_total} s ($h48)"
