-- PostgreSQL's form of migrations/0004_table_public_ids.sql.
ALTER TABLE game_tables ADD COLUMN public_id TEXT;
ALTER TABLE game_tables ADD COLUMN series_matches INTEGER NOT NULL DEFAULT 0;

CREATE UNIQUE INDEX game_tables_by_public_id ON game_tables(public_id)
  WHERE public_id IS NOT NULL;
