#!/usr/bin/env bash
# `kafenio simulate --record` then `kafenio replay` on what it wrote: the replay must
# succeed and find the same winners that simulate reported, match for match in total.
set -euo pipefail
kafenio=$1
game=$2
shift 2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
summary=$("$kafenio" simulate --game "$game" "$@" --seed 42 --matches 200 --record "$work/out.rec")
echo "$summary"
read -r wins0 wins1 <<<"$(echo "$summary" | sed -n 's/.* wins \([0-9]*\) \([0-9]*\)$/\1 \2/p')"
"$kafenio" replay "$work/out.rec" >"$work/replay.txt"
replayed0=$(grep -c '^winner 0$' "$work/replay.txt" || true)
replayed1=$(grep -c '^winner 1$' "$work/replay.txt" || true)
if [ "$replayed0" != "$wins0" ] || [ "$replayed1" != "$wins1" ]; then
  echo "simulate reported wins $wins0 $wins1, replay found $replayed0 $replayed1"
  exit 1
fi
# The same seed gives the same matches.
"$kafenio" simulate --game "$game" "$@" --seed 42 --matches 200 --record "$work/again.rec" >/dev/null
cmp "$work/out.rec" "$work/again.rec"
echo "replayed $((replayed0 + replayed1)) matches with the same winners"
