-- Glicko-2 ratings per account and mode ('diloti-1v1', 'diloti-2v2', 'pilotta'):
-- the current value, and one history row per rated match.
CREATE TABLE ratings (
  account_id INTEGER NOT NULL REFERENCES accounts(id),
  mode TEXT NOT NULL CHECK (mode IN ('diloti-1v1', 'diloti-2v2', 'pilotta')),
  rating REAL NOT NULL,
  rd REAL NOT NULL,
  volatility REAL NOT NULL,
  matches INTEGER NOT NULL,
  updated_ms INTEGER NOT NULL,
  PRIMARY KEY (account_id, mode)
) WITHOUT ROWID;

CREATE INDEX ratings_leaderboard ON ratings(mode, rating DESC);

CREATE TABLE rating_history (
  id INTEGER PRIMARY KEY,
  account_id INTEGER NOT NULL REFERENCES accounts(id),
  mode TEXT NOT NULL,
  match_id INTEGER NOT NULL REFERENCES matches(id),
  rating REAL NOT NULL,
  rd REAL NOT NULL,
  volatility REAL NOT NULL,
  time_ms INTEGER NOT NULL
);

CREATE INDEX rating_history_by_account ON rating_history(account_id, mode, id);
