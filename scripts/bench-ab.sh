#!/usr/bin/env bash
# Criterion A/B of every bench against an older commit (issue 19: "nothing
# slower anywhere"): builds REV in a worktree under target/ab, then for each
# bench runs REV's build and saves a baseline, and right after it this
# tree's build compared against that baseline, so that each pair runs in
# the same minutes. Prints criterion's "change" line of every row that
# exists in both (rows new since REV have no baseline and are skipped).
#
#   scripts/bench-ab.sh REV [BENCH ...]      (default: every bench)
#
# Criterion's verdicts on a shared machine are noisy: repeat a row that
# moved before believing it (`cargo bench --bench NAME -- 'ROW'`).
set -euo pipefail
cd "$(dirname "$0")/.."
rev=${1:?usage: scripts/bench-ab.sh REV [BENCH ...]}
shift
benches=("$@")
if [ ${#benches[@]} -eq 0 ]; then
    benches=($(ls benches/*.rs | xargs -n1 basename | sed 's/\.rs$//'))
fi
here=$(pwd)
work=$here/target/ab
old=$work/tree
mkdir -p "$work"
git worktree remove --force "$old" > /dev/null 2>&1 || rm -rf "$old"
git worktree add --force --detach "$old" "$rev" > /dev/null
# The old tree finds ../shared (judge data, peers) where this one does.
[ -d ../shared ] && ln -sfn "$(cd ../shared && pwd)" "$work/shared"
export CRITERION_HOME=$work/criterion
(cd "$old" && CARGO_TARGET_DIR=$work/target cargo bench --no-run -q 2> /dev/null)
cargo bench --no-run -q 2> /dev/null
for b in "${benches[@]}"; do
    [ -f "$old/benches/$b.rs" ] || { echo "# $b: not at $rev, skipped"; continue; }
    echo "# $b"
    (cd "$old" && CARGO_TARGET_DIR=$work/target cargo bench -q --bench "$b" -- --save-baseline ab-old > /dev/null 2>&1)
    cargo bench -q --bench "$b" -- --baseline-lenient ab-old 2>/dev/null |
        awk '/^[^ ]/ && !/^(Found|Benchmarking|Gnuplot|WARNING)/ { row = $1 } /change:/ { print row, $0 }' |
        sed 's/  */ /g'
done
git worktree remove --force "$old" > /dev/null 2>&1 || true
