#!/usr/bin/env bash
# Uniformly random 3x3x3 positions solved optimally, ours and then
# twsearch on the same positions (issue 32). Ours: `twisty 3x3x3 --random
# N --seed S` with the tables by symmetry class (corners by 48; the edges
# of the two layers around a slice by 16, 320M entries, 161 MB, built into
# the cache on first use: about a minute and 0.5 GB on 2 cores), each
# answer replayed, each position stopped after LIMIT seconds
# (`--max-time`; such a position is not given to twsearch: it is known to
# it only through our answer). twsearch gets each position as the inverse of our answer
# (a `ScrambleAlg` on its own 3x3x3.tws, whose numbering differs from
# ours) with `-M 2048 -t THREADS` (its table written once and read
# after, as it chooses by default), under a limit a position.
#
#   scripts/cube-random.sh N [SEED] [LIMIT_SECONDS]
#
# Prints a line a position: name, our length, nodes, seconds, nodes a
# second, twsearch's length and whole-process seconds (or `timeout`).
# Needs twsearch built by ../shared/peers/external/build.sh (into
# /tmp/peers-ext, or $TWSEARCH); without it ours runs alone. CACHE: the
# table directory (default: the example's).
set -uo pipefail
cd "$(dirname "$0")/.."
n=${1:?usage: scripts/cube-random.sh N [SEED] [LIMIT_SECONDS]}
seed=${2:-2026}
limit=${3:-3600}
threads=${RAYON_NUM_THREADS:-$(nproc)}
tw=${TWSEARCH:-/tmp/peers-ext/twsearch}
cargo build --release -q --example twisty || exit 1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cache=()
[ -n "${CACHE:-}" ] && cache=(--cache "$CACHE")
# Exit code 1 where a position was stopped: the lines still come.
target/release/examples/twisty 3x3x3 --random "$n" --seed "$seed" --stats \
    --table-states 1000000000 --max-time "$limit" "${cache[@]}" >"$tmp/ours" 2>"$tmp/stats"
if [ ! -s "$tmp/ours" ]; then
    cat "$tmp/stats" >&2
    exit 1
fi
# The inverse of an answer: reversed, each power inverted.
invert() {
    local out=() m
    for m in "$@"; do
        case "$m" in
        *2) out=("$m" "${out[@]}") ;;
        *\') out=("${m%\'}" "${out[@]}") ;;
        *) out=("$m'" "${out[@]}") ;;
        esac
    done
    echo "${out[*]}"
}
while read -r name len moves; do
    stat=$(grep "^$name: " "$tmp/stats")
    nodes=$(echo "$stat" | awk '{print $3}')
    secs=$(echo "$stat" | sed -E 's/.* in ([0-9.]+)(m?s|µs|ns), .*/\1 \2/' | awk '{s=$1; if ($2=="ms") s/=1000; if ($2=="µs") s/=1e6; if ($2=="ns") s/=1e9; printf "%.2f", s}')
    rate=$(echo "$stat" | awk '{print $(NF-1)}')
    if [ "$len" = stopped ]; then
        echo "$name stopped ($moves) $nodes ${secs}s ${rate}/s twsearch: -"
        continue
    fi
    peer="-"
    if [ -x "$tw/build/bin/twsearch" ]; then
        # shellcheck disable=SC2086
        printf 'ScrambleAlg %s\n%s\nEnd\n' "$name" "$(invert $moves)" >"$tmp/$name.scr"
        start=$(date +%s.%N)
        if timeout "$limit" "$tw/build/bin/twsearch" -M 2048 -t "$threads" \
            "$tw/samples/main/3x3x3.tws" "$tmp/$name.scr" >"$tmp/$name.peer" 2>&1; then
            end=$(date +%s.%N)
            plen=$(grep -E "^[FBDULR]" "$tmp/$name.peer" | tail -1 | wc -w)
            peer="$plen $(echo "$end - $start" | bc)"
        else
            peer="timeout($limit s)"
        fi
    fi
    echo "$name $len $nodes ${secs}s ${rate}/s twsearch: $peer"
done <"$tmp/ours"
