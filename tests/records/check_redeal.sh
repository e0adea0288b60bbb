#!/usr/bin/env bash
# Compares `kafenio deal` with the reference re-deal docs/redeal.py for many seeds,
# dealers and presets. Any difference means the shuffle broke its documented contract.
set -euo pipefail
kafenio=$1
python=$2
redeal=$3
checked=0
for preset in cyprus classic classic2; do
  players=4
  [ "$preset" = classic2 ] && players=2
  for seed in 0 1 17 4294967296 18446744073709551615; do
    for dealer in $(seq 0 $((players - 1))); do
      engine=$("$kafenio" deal --game pilotta --rules "$preset" --seed "$seed" --dealer "$dealer")
      reference=$("$python" "$redeal" pilotta "$seed" "$dealer" "$preset")
      if [ "$engine" != "$reference" ]; then
        echo "seed $seed dealer $dealer $preset differs:"
        diff <(echo "$engine") <(echo "$reference") || true
        exit 1
      fi
      checked=$((checked + 1))
    done
  done
done
for players in 2 4; do
  # Seed 75 with four players redeals its first table (three kings).
  for seed in 0 1 75 4294967296 18446744073709551615; do
    for dealer in $(seq 0 $((players - 1))); do
      engine=$("$kafenio" deal --game diloti --players "$players" --seed "$seed" --dealer "$dealer")
      reference=$("$python" "$redeal" diloti "$seed" "$dealer" "$players")
      if [ "$engine" != "$reference" ]; then
        echo "diloti seed $seed dealer $dealer players $players differs:"
        diff <(echo "$engine") <(echo "$reference") || true
        exit 1
      fi
      checked=$((checked + 1))
    done
  done
done
echo "$checked deals match the reference re-deal"
