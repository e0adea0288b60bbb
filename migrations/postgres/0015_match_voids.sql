-- PostgreSQL's form of migrations/0015_match_voids.sql: matches voided by staff count for
-- nothing (docs/admin.md, "Voiding a match"). Written by the console of any node, so the
-- row has no lease fence: the table's node may be gone.
CREATE TABLE match_voids (
  match_id BIGINT PRIMARY KEY REFERENCES matches(id),
  reason TEXT NOT NULL,
  staff TEXT NOT NULL,
  voided_ms BIGINT NOT NULL
);

CREATE INDEX rating_history_by_match ON rating_history(match_id);
