-- Tables between matches: who sits where, and whether the table has closed, so that a
-- restart brings back a table whose players were seated waiting for its next match (the
-- rest of a series) instead of dropping it.
ALTER TABLE game_tables ADD COLUMN closed_ms INTEGER;  -- NULL while the table is open

-- Kept only while no match is live at the table (a live match's seats are match_seats):
-- written whenever the seating changes between matches and when a match ends.
CREATE TABLE table_seats (
  table_id INTEGER NOT NULL REFERENCES game_tables(id),
  seat INTEGER NOT NULL CHECK (seat BETWEEN 0 AND 3),
  account_id INTEGER REFERENCES accounts(id),
  bot TEXT,
  PRIMARY KEY (table_id, seat),
  CHECK ((account_id IS NULL) <> (bot IS NULL))
) WITHOUT ROWID;

-- Before this migration a table's end was not stored. Every table without a live match is
-- taken as closed (the servers that ran them dropped them at their restart); a table with
-- a live match stays open, and is closed when its server closes it.
UPDATE game_tables SET closed_ms = created_ms
  WHERE closed_ms IS NULL
    AND id NOT IN (SELECT table_id FROM matches WHERE state = 'live' AND table_id IS NOT NULL);

-- Start-up scans only the open tables.
CREATE INDEX game_tables_open ON game_tables(id) WHERE closed_ms IS NULL;
