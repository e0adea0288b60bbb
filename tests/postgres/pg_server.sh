#!/usr/bin/env bash
# A throwaway PostgreSQL server for the tests: Debian's initdb and pg_ctl into DIR, listening
# on a Unix socket in DIR only (no TCP port), trust authentication (nothing else can reach
# the socket). PostgreSQL refuses to run as root, so under root (CI) the server runs as the
# unprivileged user `nobody`, which owns DIR.
#
#   pg_server.sh start DIR [PORT] [fsync]   prints the connection string
#   pg_server.sh stop DIR
# `fsync` keeps fsync on (benchmarks); tests turn it off: durability against a killed
# process never needs it, only against a machine that loses power.
set -euo pipefail
action=$1
dir=$2
port=${3:-5432}
bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)
if [[ -z "$bin" ]]; then
  echo "pg_server.sh: PostgreSQL is not installed (Debian package 'postgresql')" >&2
  exit 1
fi
as_owner() {
  if [[ $(id -u) -eq 0 ]]; then runuser -u nobody -- "$@"; else "$@"; fi
}
case "$action" in
  start)
    mkdir -p "$dir"
    if [[ $(id -u) -eq 0 ]]; then chown nobody:nogroup "$dir"; fi
    chmod 700 "$dir"
    if [[ ! -f "$dir/data/PG_VERSION" ]]; then
      as_owner "$bin/initdb" -D "$dir/data" --auth=trust --username=kafenio --encoding=UTF8 \
        --locale=C.UTF-8 >"$dir/initdb.log" 2>&1 || { cat "$dir/initdb.log" >&2; exit 1; }
    fi
    fsync=off
    if [[ "${4:-}" == fsync ]]; then fsync=on; fi
    as_owner "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 start \
      -o "-c listen_addresses='' -c unix_socket_directories='$dir' -p $port -c fsync=$fsync \
          -c max_connections=300 -c shared_buffers=128MB" >/dev/null \
      || { cat "$dir/server.log" >&2; exit 1; }
    echo "postgresql://kafenio@/postgres?host=$dir&port=$port"
    ;;
  stop)
    if [[ -f "$dir/data/postmaster.pid" ]]; then
      as_owner "$bin/pg_ctl" -D "$dir/data" -m immediate -w stop >/dev/null 2>&1 || true
    fi
    rm -rf "$dir"
    ;;
  *)
    echo "usage: pg_server.sh start|stop DIR [PORT] [fsync]" >&2
    exit 2
    ;;
esac
