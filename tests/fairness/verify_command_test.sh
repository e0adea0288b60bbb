#!/usr/bin/env bash
# `kafenio verify` with a commitment computed independently (see seed_commitment_test.cc):
# the genuine seed passes and re-deals; a tampered seed is rejected with exit code 1.
set -uo pipefail
kafenio=$1
salt=000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f
commitment=0590cbb7a658c4a09c2a7c4ea79640d5bc2ae0128991a6ec068040c483fbb24b
args=(--game pilotta --rules cyprus --dealer 0 --match 7 --hand 3 --salt "$salt" --commitment "$commitment")

out=$("$kafenio" verify "${args[@]}" --seed 12345678901234567890)
status=$?
[ $status -eq 0 ] || { echo "genuine seed: exit $status"; echo "$out"; exit 1; }
grep -qx "commitment ok" <<<"$out" || { echo "no 'commitment ok'"; echo "$out"; exit 1; }
[ "$(grep -c '^deal [0-3] ' <<<"$out")" -eq 4 ] || { echo "expected 4 deal lines"; echo "$out"; exit 1; }

# The printed deal is a record deal block: replayed as one, every card must be dealt once
# and the first seat must have legal moves.
block=$(grep -v -e '^commitment' -e '^seed' <<<"$out")
legal=$("$kafenio" replay --legal - <<<"$block") || { echo "deal block refused"; echo "$block"; exit 1; }
grep -q '^legal 1 ' <<<"$legal" || { echo "no legal move for the eldest"; echo "$legal"; exit 1; }

# The same cards as `kafenio deal` prints for this seed and dealer.
dealt=$("$kafenio" deal --game pilotta --rules cyprus --seed 12345678901234567890 --dealer 0)
[ "$(grep -e '^deal ' -e '^turn ' -e '^stock ' <<<"$out")" = "$dealt" ] ||
  { echo "verify and deal disagree"; echo "$out"; echo "$dealt"; exit 1; }

# Diloti, four players: the same commitment check, and the deal equals `kafenio deal`'s.
out=$("$kafenio" verify --game diloti --rules online --players 4 --dealer 2 --match 7 --hand 3 \
  --salt "$salt" --commitment "$commitment" --seed 12345678901234567890) ||
  { echo "diloti: genuine seed refused"; echo "$out"; exit 1; }
dealt=$("$kafenio" deal --game diloti --players 4 --seed 12345678901234567890 --dealer 2)
[ "$(grep -e '^deal ' -e '^table ' -e '^stock ' <<<"$out")" = "$dealt" ] ||
  { echo "diloti: verify and deal disagree"; echo "$out"; echo "$dealt"; exit 1; }
block=$(grep -v -e '^commitment' -e '^seed' <<<"$out")
legal=$("$kafenio" replay --legal - <<<"$block") || { echo "diloti deal block refused"; echo "$block"; exit 1; }
grep -q '^legal 3 ' <<<"$legal" || { echo "no legal move for the diloti eldest"; echo "$legal"; exit 1; }

out=$("$kafenio" verify "${args[@]}" --seed 12345678901234567891)
status=$?
[ $status -eq 1 ] || { echo "tampered seed: expected exit 1, got $status"; echo "$out"; exit 1; }
grep -q "MISMATCH" <<<"$out" || { echo "no MISMATCH message"; echo "$out"; exit 1; }
echo "verify command ok"
