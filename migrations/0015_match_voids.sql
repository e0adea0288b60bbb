-- Matches voided by staff (docs/admin.md, "Voiding a match"): a voided match counts for
-- nothing. Its rating_history rows are removed and the ladder replayed without it in the
-- same transaction that writes this row; a match voided while live is never rated.
CREATE TABLE match_voids (
  match_id INTEGER PRIMARY KEY REFERENCES matches(id),
  reason TEXT NOT NULL,
  staff TEXT NOT NULL,              -- who voided it
  voided_ms INTEGER NOT NULL
);

-- The replay starts from a match's first rating_history row.
CREATE INDEX rating_history_by_match ON rating_history(match_id);
