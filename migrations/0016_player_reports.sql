-- Players' reports and the chat they point at (docs/admin.md, "Reports").
-- Every table's recent chat lines, kept so a report can name one and moderators can judge
-- it. Bounded: writing a line deletes the table's lines older than its last 200
-- (server/storage/*_reports.cc).
CREATE TABLE chat_lines (
  id INTEGER PRIMARY KEY,
  table_id TEXT NOT NULL,           -- the table's public id
  account_id INTEGER NOT NULL,
  name TEXT NOT NULL,               -- the speaker's name when they spoke
  text TEXT NOT NULL,
  sent_ms INTEGER NOT NULL
);
CREATE INDEX chat_lines_by_table ON chat_lines(table_id, id);

-- A player's report of another player (and perhaps one chat line). The evidence is copied
-- at the time of the report, so pruning chat_lines never loses it.
CREATE TABLE player_reports (
  id INTEGER PRIMARY KEY,
  reporter_id INTEGER NOT NULL REFERENCES accounts(id),
  reported_id INTEGER NOT NULL REFERENCES accounts(id),
  chat_line_id INTEGER,             -- the reported line (none: the player as a whole)
  table_id TEXT NOT NULL,           -- where (empty: nowhere in particular)
  category TEXT NOT NULL,           -- abuse, cheating, spam, name, other
  text TEXT NOT NULL,               -- the reporter's words
  evidence TEXT NOT NULL,           -- JSON: the chat lines around it at the time
  created_ms INTEGER NOT NULL,
  state TEXT NOT NULL,              -- open, claimed, resolved
  claimed_by TEXT,
  claimed_ms INTEGER,
  resolved_by TEXT,
  resolved_ms INTEGER,
  action TEXT,                      -- mute, ban, rename, dismiss
  note TEXT
);
CREATE INDEX player_reports_by_state ON player_reports(state, id);
CREATE INDEX player_reports_by_reporter ON player_reports(reporter_id, created_ms);
