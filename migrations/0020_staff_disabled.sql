-- A staff account can be disabled (docs/admin.md, "Managing staff"): sign-in is refused and
-- its console sessions are ended. Kept rather than deleted, so the audit log's names still
-- lead somewhere. NULL: enabled.
ALTER TABLE staff ADD COLUMN disabled_ms INTEGER;
