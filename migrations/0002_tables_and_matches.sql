-- Tables, their series, matches and everything needed to rebuild a match exactly:
-- the seed of each hand and every accepted move, in order.
CREATE TABLE game_tables (
  id INTEGER PRIMARY KEY,
  game TEXT NOT NULL CHECK (game IN ('diloti', 'pilotta')),
  rules TEXT NOT NULL,              -- preset and options as in a record's `rules` line
  seats INTEGER NOT NULL CHECK (seats IN (2, 4)),
  visibility TEXT NOT NULL CHECK (visibility IN ('public', 'private')),
  invite_code TEXT,
  clock_ms INTEGER NOT NULL,
  rated INTEGER NOT NULL DEFAULT 0 CHECK (rated IN (0, 1)),
  created_ms INTEGER NOT NULL
);

CREATE TABLE series (
  table_id INTEGER PRIMARY KEY REFERENCES game_tables(id),
  matches_played INTEGER NOT NULL DEFAULT 0,
  score0 INTEGER NOT NULL DEFAULT 0,
  score1 INTEGER NOT NULL DEFAULT 0
);

CREATE TABLE matches (
  id INTEGER PRIMARY KEY,
  table_id INTEGER REFERENCES game_tables(id),
  game TEXT NOT NULL CHECK (game IN ('diloti', 'pilotta')),
  rules TEXT NOT NULL,
  players INTEGER NOT NULL CHECK (players IN (2, 4)),
  first_dealer INTEGER NOT NULL,
  rated INTEGER NOT NULL CHECK (rated IN (0, 1)),
  state TEXT NOT NULL CHECK (state IN ('live', 'finished', 'abandoned')),
  created_ms INTEGER NOT NULL,
  finished_ms INTEGER
);

-- Crash recovery scans only the live matches.
CREATE INDEX matches_live ON matches(id) WHERE state = 'live';

-- Each seat holds an account or a bot, never both.
CREATE TABLE match_seats (
  match_id INTEGER NOT NULL REFERENCES matches(id),
  seat INTEGER NOT NULL,
  account_id INTEGER REFERENCES accounts(id),
  bot TEXT,
  PRIMARY KEY (match_id, seat),
  CHECK ((account_id IS NULL) <> (bot IS NULL))
) WITHOUT ROWID;

CREATE INDEX match_seats_by_account ON match_seats(account_id, match_id);

-- The seed is stored from the start (recovery needs it) but published only once revealed.
-- seed holds the 64-bit value's bits as a signed integer; salt and commitment are hex.
CREATE TABLE hand_seeds (
  match_id INTEGER NOT NULL REFERENCES matches(id),
  hand INTEGER NOT NULL,
  dealer INTEGER NOT NULL,
  seed INTEGER NOT NULL,
  salt TEXT NOT NULL,
  commitment TEXT NOT NULL,
  revealed INTEGER NOT NULL DEFAULT 0 CHECK (revealed IN (0, 1)),
  PRIMARY KEY (match_id, hand)
) WITHOUT ROWID;

-- The primary key makes every (match, sequence) unique: a move is stored exactly once.
CREATE TABLE move_events (
  match_id INTEGER NOT NULL REFERENCES matches(id),
  sequence INTEGER NOT NULL,
  hand INTEGER NOT NULL,
  seat INTEGER NOT NULL,
  move TEXT NOT NULL,               -- record-format notation without the seat
  time_ms INTEGER NOT NULL,
  PRIMARY KEY (match_id, sequence)
) WITHOUT ROWID;

CREATE TABLE hand_results (
  match_id INTEGER NOT NULL REFERENCES matches(id),
  hand INTEGER NOT NULL,
  score0 INTEGER NOT NULL,
  score1 INTEGER NOT NULL,
  total0 INTEGER NOT NULL,
  total1 INTEGER NOT NULL,
  breakdown TEXT NOT NULL,          -- the record's "hand N ..." line
  PRIMARY KEY (match_id, hand)
) WITHOUT ROWID;

CREATE TABLE match_results (
  match_id INTEGER PRIMARY KEY REFERENCES matches(id),
  winner INTEGER,                   -- team 0 or 1; NULL when nobody won (abandoned)
  total0 INTEGER NOT NULL,
  total1 INTEGER NOT NULL,
  abandoned_by INTEGER,             -- the seat that left, when the match was abandoned
  record TEXT NOT NULL              -- the game record (shared/record-format.md)
);
