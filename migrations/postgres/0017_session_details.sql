-- PostgreSQL's form of migrations/0017_session_details.sql: when each session was made and
-- last used, from which address and with which program. NULL for sessions made before.
ALTER TABLE sessions ADD COLUMN created_ms BIGINT;
ALTER TABLE sessions ADD COLUMN last_seen_ms BIGINT;
ALTER TABLE sessions ADD COLUMN address TEXT;
ALTER TABLE sessions ADD COLUMN device TEXT;
