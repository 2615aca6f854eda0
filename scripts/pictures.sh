#!/usr/bin/env bash
# The solution pictures in docs/img: each judge example's sample (from the
# specs) solved and drawn with --svg. Run from the repository root:
#   scripts/pictures.sh
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --quiet --examples
ex=target/release/examples
out=docs/img
mkdir -p "$out"
printf '3\n1 0\n2 1 0\n2 3 4 0\n3 1 0\n2 4 3 4 0\n' | "$ex/mayan" --svg "$out/mayan-sample.svg" >/dev/null
printf '7 6 2\n0 1 0 0 0 0\n0 2 0 0 0 0\n0 3 0 0 0 0\n0 2 1 0 0 0\n0 1 3 3 0 0\n0 2 2 1 0 0\n0 1 1 2 2 0\n' \
  | "$ex/boxslide" --svg "$out/boxslide-sample.svg" >/dev/null
printf '1 1 1 1 3 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 3\n0\n' | "$ex/rotation" --svg "$out/rotation-sample.svg" >/dev/null
printf 'bwwb\nbbwb\nbwwb\nbwww\n' | "$ex/flip" --svg "$out/flip-sample.svg" >/dev/null
printf '4 4\n1 0 0 1\n0 1 1 0\n0 1 1 0\n1 0 0 1\n' | "$ex/fliptile" --svg "$out/fliptile-sample.svg" >/dev/null
printf '3 3\n2 3 6 1 5 0 4 7 8\n' | "$ex/sliding" --svg "$out/sliding-sample.svg" >/dev/null
ls -l "$out"
