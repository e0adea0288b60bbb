-- Accounts and their sign-in sessions.
CREATE TABLE accounts (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL UNIQUE COLLATE NOCASE,
  password_hash TEXT,               -- Argon2id string from crypto_pwhash_str; NULL for guests
  created_ms INTEGER NOT NULL       -- Unix time in milliseconds, as every *_ms column
);

-- Only a hash of each session token is stored, so a copy of the database cannot sign in.
CREATE TABLE sessions (
  token_hash TEXT PRIMARY KEY,
  account_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  expires_ms INTEGER NOT NULL
) WITHOUT ROWID;

CREATE INDEX sessions_by_account ON sessions(account_id);
