-- The cluster's tournament leases (migrations/postgres/0009_tournament_leases.sql), kept
-- here so that both backends share one schema version. A server on SQLite is one node: it
-- never fills it.
CREATE TABLE tournament_leases (
  tournament_id INTEGER PRIMARY KEY REFERENCES tournaments(id),
  node TEXT NOT NULL,
  epoch INTEGER NOT NULL,
  expires_at TEXT NOT NULL
);
