-- Players' own sessions (docs/security.md, "Sessions"): when each was made and last used,
-- from which address and with which program (the WebSocket handshake's User-Agent), so a
-- player can list their sessions and sign any of them out. NULL for sessions made before.
ALTER TABLE sessions ADD COLUMN created_ms INTEGER;
ALTER TABLE sessions ADD COLUMN last_seen_ms INTEGER;
ALTER TABLE sessions ADD COLUMN address TEXT;
ALTER TABLE sessions ADD COLUMN device TEXT;
