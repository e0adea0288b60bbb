-- Names in any script (docs/security.md, "Names"): each account's name key, the name
-- case-folded and mapped to its confusable skeleton (ICU), so that no two accounts differ
-- only by case or by a lookalike letter. The server fills in the key of every existing
-- row when it starts (its computation needs ICU, not SQL); NULL only until then.
ALTER TABLE accounts ADD COLUMN name_key TEXT;
CREATE UNIQUE INDEX accounts_name_key ON accounts (name_key);
