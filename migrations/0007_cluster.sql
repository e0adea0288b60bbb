-- The cluster's tables (migrations/postgres/0007_cluster.sql), kept here so that both
-- backends share one schema version and `kafenio migrate-db` copies a file at any version.
-- A server on SQLite is one node: it never fills them, and there is no fencing here.
CREATE TABLE cluster_nodes (
  name TEXT PRIMARY KEY,
  address TEXT NOT NULL,
  started_ms INTEGER NOT NULL,
  seen_at TEXT NOT NULL
) WITHOUT ROWID;

CREATE TABLE table_leases (
  table_id INTEGER PRIMARY KEY REFERENCES game_tables(id),
  node TEXT NOT NULL,
  epoch INTEGER NOT NULL,
  expires_at TEXT NOT NULL
);

CREATE TABLE lobby_tables (
  public_id TEXT PRIMARY KEY,
  node TEXT NOT NULL,
  info BLOB,
  version INTEGER NOT NULL
) WITHOUT ROWID;
