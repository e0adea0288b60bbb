-- The cluster's fencing of events (migrations/postgres/0018_tournament_fencing.sql), under
-- the same number so that both backends share one schema version. A server on SQLite is one
-- node: it runs every event itself, and there is nothing to fence or announce.
SELECT 1;
