#!/usr/bin/env bash
# First start: a cluster with a `kafenio` role and database (password from
# KAFENIO_DB_PASSWORD); every start: PostgreSQL in the foreground, listening on all
# addresses of the container.
set -euo pipefail
data=/var/lib/postgresql/data
bin=/usr/lib/postgresql/15/bin
if [ ! -s "$data/PG_VERSION" ]; then
  password="${KAFENIO_DB_PASSWORD:?set KAFENIO_DB_PASSWORD}"
  "$bin/initdb" -D "$data" --auth-local=peer --auth-host=scram-sha-256 -E UTF8 --locale=C.UTF-8
  echo "host all all 0.0.0.0/0 scram-sha-256" >> "$data/pg_hba.conf"
  "$bin/pg_ctl" -D "$data" -o "-c listen_addresses=''" -w start
  psql -v ON_ERROR_STOP=1 -d postgres \
    -c "CREATE ROLE kafenio LOGIN PASSWORD '${password//\'/\'\'}'" \
    -c "CREATE DATABASE kafenio OWNER kafenio"
  "$bin/pg_ctl" -D "$data" -w stop
fi
exec "$bin/postgres" -D "$data" -c listen_addresses='*'
