#!/usr/bin/env bash
# Starts `kafenio serve` on a free loopback port, runs a load tool against it with the
# given arguments (e.g. --tables 1000 --matches 1), and stops the server. Extra server
# flags go in SERVER_SETTINGS, e.g. SERVER_SETTINGS="--set bot_delay_ms=200"; LOAD_TOOL
# picks the tool (kafenio_load, the default, or kafenio_idle_sessions); LOAD_DB the
# server's database (memory, the default, or a file path: durable SQLite). On a machine shared
# with other work, LOAD_PRIORITY=realtime runs the server and the tool under SCHED_FIFO
# (chrt, needs root or CAP_SYS_NICE) so that latencies are not waits in the run queue.
set -euo pipefail
build=${BUILD:-build/release}
tool=${LOAD_TOOL:-kafenio_load}
log=$(mktemp)
priority=()
[ "${LOAD_PRIORITY:-}" = realtime ] && priority=(chrt -f 10)
# Many sessions need many descriptors, in the server and in the tool.
ulimit -n "$(ulimit -Hn)"
"${priority[@]}" "$build/server/kafenio" serve --listen 127.0.0.1:0 --admin-listen 127.0.0.1:0 --web /nonexistent --db "${LOAD_DB:-memory}" \
  --set messages_per_second=1000000 --set message_burst=1000000 ${SERVER_SETTINGS:-} >"$log" 2>&1 &
server=$!
trap 'kill $server 2>/dev/null || true; rm -f "$log"' EXIT
for _ in $(seq 50); do grep -q "listening on" "$log" && break; sleep 0.1; done
for _ in $(seq 50); do grep -q "admin console on" "$log" && break; sleep 0.1; done
port=$(sed -n 's/.*listening on http:\/\/[^:]*:\([0-9]*\).*/\1/p' "$log")
# /metrics is served on the admin listener only.
admin_port=$(sed -n 's/.*admin console on http:\/\/[^:]*:\([0-9]*\).*/\1/p' "$log")
extra=()
[ "$tool" = kafenio_load ] && extra=(--metrics-port "$admin_port")
"${priority[@]}" "$build/tests/load/$tool" --port "$port" "${extra[@]}" --server-pid "$server" "$@"
