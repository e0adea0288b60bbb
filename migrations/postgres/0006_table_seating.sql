-- PostgreSQL's form of migrations/0006_table_seating.sql.
ALTER TABLE game_tables ADD COLUMN closed_ms BIGINT;  -- NULL while the table is open

CREATE TABLE table_seats (
  table_id BIGINT NOT NULL REFERENCES game_tables(id),
  seat INTEGER NOT NULL CHECK (seat BETWEEN 0 AND 3),
  account_id BIGINT REFERENCES accounts(id),
  bot TEXT,
  PRIMARY KEY (table_id, seat),
  CHECK ((account_id IS NULL) <> (bot IS NULL))
);

UPDATE game_tables SET closed_ms = created_ms
  WHERE closed_ms IS NULL
    AND id NOT IN (SELECT table_id FROM matches WHERE state = 'live' AND table_id IS NOT NULL);

CREATE INDEX game_tables_open ON game_tables(id) WHERE closed_ms IS NULL;
