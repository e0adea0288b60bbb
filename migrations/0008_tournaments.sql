-- Tournaments (docs/tournaments.md). An event is its settings, fixed at creation, and an
-- append-only log: registrations, the start, each round's published pairing, each result.
-- The state (standings, the next round) is a fold over the log, so `kafenio tournament
-- verify` can recompute every round from it.
CREATE TABLE tournaments (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  director_id INTEGER NOT NULL REFERENCES accounts(id),
  game TEXT NOT NULL CHECK (game IN ('diloti', 'pilotta')),
  settings TEXT NOT NULL,
  seed INTEGER NOT NULL,
  state TEXT NOT NULL CHECK (state IN ('registering', 'running', 'finished')),
  created_ms INTEGER NOT NULL,
  starts_ms INTEGER
);

CREATE INDEX tournaments_by_state ON tournaments(state, created_ms);

CREATE TABLE tournament_log (
  tournament_id INTEGER NOT NULL REFERENCES tournaments(id),
  entry INTEGER NOT NULL CHECK (entry >= 1),
  kind TEXT NOT NULL,
  payload TEXT NOT NULL,
  at_ms INTEGER NOT NULL,
  PRIMARY KEY (tournament_id, entry)
) WITHOUT ROWID;
