#!/usr/bin/env bash
# make compose-test: brings docker/compose.yaml up as an operator would and tries it. The
# cluster profile (PostgreSQL and nodes n1-n3 on ports 8081-8083): every node becomes
# ready (its migrations applied by whichever node came first), a player plays a bot match
# on n2, finds it on n3, and after a restart of the whole stack finds it on n1. Then the
# one-node service on SQLite (port 8080): a match, a restart, the match kept. Everything
# is removed afterwards, volumes included. Uses `docker compose` where a Docker engine
# answers, else podman-compose from Debian (installed when missing). Needs the image of
# `make container-test` (localhost/kafenio:test) or builds it the same way first.
# docs/operations.md records the runs.
set -euo pipefail
cd "$(dirname "$0")/.."
project="kafenio-compose-test"
export KAFENIO_DB_PASSWORD="compose-test-$$"

if docker info >/dev/null 2>&1; then
  engine=(docker)
  compose=(docker compose -p "$project" -f docker/compose.yaml --profile cluster)
else
  scripts/install-packages.sh podman runc podman-compose
  # podman as it runs on these machines (issue 19, scripts/container-test.sh).
  conf="$(mktemp)"
  printf '[containers]\ndefault_ulimits = []\n' > "$conf"
  export CONTAINERS_CONF="$conf"
  engine=(podman --runtime runc --cgroup-manager cgroupfs)
  wrapper="$(mktemp)"
  printf '#!/bin/sh\nexec podman --runtime runc --cgroup-manager cgroupfs "$@"\n' > "$wrapper"
  chmod +x "$wrapper"
  # Debian 12's podman-compose (1.0.3) knows no profiles (it takes every service named on
  # its command line) and does not wait for depends_on's service_healthy: the nodes exit
  # while PostgreSQL starts and their restart policy starts them again.
  compose=(podman-compose --podman-path "$wrapper"
           --podman-build-args "--pull=never --network host --format docker"
           -p "$project" -f docker/compose.yaml)
fi

step() { echo "compose-test: $*"; }
cleanup() {
  "${compose[@]}" down -v >/dev/null 2>&1 || true
  # podman-compose 1.0.3 leaves the project's network behind.
  [ "${engine[0]}" = podman ] && "${engine[@]}" network rm "${project}_default" >/dev/null 2>&1
  true
}
trap cleanup EXIT

for port in 8080 8081 8082 8083; do
  if curl -s -m 2 -o /dev/null "http://127.0.0.1:$port/"; then
    echo "compose-test: port $port is taken on this machine; the compose file publishes 8080-8083" >&2
    exit 1
  fi
done

# The compose file's image is localhost/kafenio:latest; the one make container-test built
# and tried serves, else it is built here as that test builds it.
if ! "${engine[@]}" image inspect localhost/kafenio:test >/dev/null 2>&1; then
  scripts/container-test.sh
fi
"${engine[@]}" tag localhost/kafenio:test localhost/kafenio:latest

wait_ready() {  # PORT...
  for _ in $(seq 1 120); do
    local ready=0
    for port in "$@"; do
      curl -fsS -m 2 "http://127.0.0.1:$port/readyz" >/dev/null 2>&1 && ready=$((ready + 1))
    done
    [ "$ready" -eq "$#" ] && return 0
    sleep 1
  done
  "${compose[@]}" logs >&2 || true
  echo "compose-test: not every node of $* became ready" >&2
  return 1
}

pb_dir="$(mktemp -d)"
protoc --python_out="$pb_dir" -I proto proto/kafenio/v1/kafenio.proto
export PYTHONPATH="$pb_dir"
player=(/usr/bin/python3 tests/container/play_through_container.py)

step "cluster: PostgreSQL and three nodes"
started=$(date +%s)
"${compose[@]}" build postgres
"${compose[@]}" up -d postgres n1 n2 n3
wait_ready 8081 8082 8083
step "three nodes ready in $(( $(date +%s) - started )) s"
# Every PostgreSQL migration of this checkout is applied (the nodes take a lock and the
# first one applies them).
postgres_id="$("${engine[@]}" ps -q --filter "label=com.docker.compose.project=$project" \
  --filter label=com.docker.compose.service=postgres)"
applied="$("${engine[@]}" exec "$postgres_id" psql -d kafenio -Atc 'SELECT count(*) FROM schema_migrations')"
expected="$(find migrations/postgres -name '*.sql' | wc -l)"
[ "$applied" = "$expected" ] || { echo "compose-test: $applied migrations applied, not $expected" >&2; exit 1; }
step "all $applied PostgreSQL migrations applied"
played="$("${player[@]}" play ws://127.0.0.1:8082/ws)"
match_id="${played%%$'\n'*}"
step "match $match_id played on n2"
"${player[@]}" check ws://127.0.0.1:8083/ws "$match_id"
step "match $match_id found on n3; restart the stack"
"${compose[@]}" restart postgres n1 n2 n3
wait_ready 8081 8082 8083
"${player[@]}" check ws://127.0.0.1:8081/ws "$match_id"
step "match $match_id found on n1 after the restart"
"${compose[@]}" down -v

step "one node on SQLite"
"${compose[@]}" up -d kafenio
wait_ready 8080
played="$("${player[@]}" play ws://127.0.0.1:8080/ws)"
match_id="${played%%$'\n'*}"
"${compose[@]}" restart kafenio
wait_ready 8080
"${player[@]}" check ws://127.0.0.1:8080/ws "$match_id"
step "match $match_id kept across the restart"
step "passed"
