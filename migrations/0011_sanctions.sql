-- Sanctions on players by staff (docs/admin.md): a ban refuses sign-in and closes the
-- player's connections; a mute refuses their chat. Lifting one keeps the row.
CREATE TABLE sanctions (
  id INTEGER PRIMARY KEY,
  account_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  kind TEXT NOT NULL CHECK (kind IN ('ban', 'mute')),
  reason TEXT NOT NULL,
  staff TEXT NOT NULL,              -- who imposed it
  created_ms INTEGER NOT NULL,
  until_ms INTEGER,                 -- NULL: for good
  lifted_ms INTEGER,                -- NULL: not lifted
  lifted_by TEXT
);
CREATE INDEX sanctions_by_account ON sanctions(account_id);
