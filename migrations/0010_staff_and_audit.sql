-- Staff of the admin console (docs/admin.md), apart from players: their accounts, their
-- console sessions, and the audit log of everything they do.
CREATE TABLE staff (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL UNIQUE COLLATE NOCASE,
  password_hash TEXT NOT NULL,      -- Argon2id string from crypto_pwhash_str
  role TEXT NOT NULL CHECK (role IN ('owner', 'admin', 'moderator', 'director')),
  -- A tournament director's scope: '*' (every tournament) or tournament ids, comma-separated.
  tournament_scope TEXT NOT NULL DEFAULT '',
  totp_secret TEXT,                 -- base32 RFC 6238 secret; NULL: no second factor
  created_ms INTEGER NOT NULL
);

-- Only a hash of each console session token is stored, as for players' sessions.
CREATE TABLE staff_sessions (
  token_hash TEXT PRIMARY KEY,
  staff_id INTEGER NOT NULL REFERENCES staff(id) ON DELETE CASCADE,
  expires_ms INTEGER NOT NULL
) WITHOUT ROWID;

-- Append only. Each entry carries the hash of the one before it (hash chain), so an edited
-- or deleted entry breaks the chain (`kafenio admin audit verify`).
CREATE TABLE audit_log (
  id INTEGER PRIMARY KEY,
  at_ms INTEGER NOT NULL,
  actor TEXT NOT NULL,              -- the staff member, or the name tried at a failed login
  action TEXT NOT NULL,
  target TEXT NOT NULL,
  reason TEXT NOT NULL,
  outcome TEXT NOT NULL,
  prev_hash TEXT NOT NULL,
  hash TEXT NOT NULL
);
