#!/usr/bin/env bash
# Runs every benchmark binary of a bench build and prints its numbers.
set -euo pipefail
dir=${1:-build/bench}
for bench in "$dir"/tests/bench/*_bench; do
  [ -x "$bench" ] || continue
  echo "== $(basename "$bench")"
  "$bench" --benchmark_counters_tabular=true
done
