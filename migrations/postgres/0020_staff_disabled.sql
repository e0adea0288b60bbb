-- PostgreSQL's form of migrations/0020_staff_disabled.sql: when a staff account was
-- disabled; NULL: enabled.
ALTER TABLE staff ADD COLUMN disabled_ms BIGINT;
