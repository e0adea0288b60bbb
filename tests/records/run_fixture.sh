#!/usr/bin/env bash
# Runs `kafenio replay` on one record fixture and compares the output with FIXTURE.expected:
# the exact lines replay prints, then a last line `exit CODE`.
# A fixture line `# replay-args: --legal` passes those arguments to replay.
set -u
kafenio=$1
fixture=$2
expected=${fixture%.rec}.expected
args=$(sed -n 's/^# replay-args: *//p' "$fixture" | head -n 1)
# shellcheck disable=SC2086
actual=$("$kafenio" replay $args "$fixture"; echo "exit $?")
if ! diff -u "$expected" <(printf '%s\n' "$actual"); then
  echo "FAIL: $fixture (expected above with -, actual with +)"
  exit 1
fi
