-- Crash recovery rebuilds a table under the name its players know it by (the random
-- public id they joined with), with its series length.
ALTER TABLE game_tables ADD COLUMN public_id TEXT;
ALTER TABLE game_tables ADD COLUMN series_matches INTEGER NOT NULL DEFAULT 0;

CREATE UNIQUE INDEX game_tables_by_public_id ON game_tables(public_id)
  WHERE public_id IS NOT NULL;
