-- Several server nodes on one database (docs/scaling.md). Each open table is owned by one
-- node through a lease with an epoch; the database itself refuses a table's writes from a
-- node that does not hold its lease (fencing), so a node that was paused or cut off past its
-- lease cannot write, whatever it believes.
CREATE TABLE cluster_nodes (
  name TEXT PRIMARY KEY,
  address TEXT NOT NULL,            -- where clients reach it: ws://host:port/ws
  started_ms BIGINT NOT NULL,
  seen_at TIMESTAMPTZ NOT NULL      -- its last lease renewal, by the database's clock
);

CREATE TABLE table_leases (
  table_id BIGINT PRIMARY KEY REFERENCES game_tables(id),
  node TEXT NOT NULL,
  epoch BIGINT NOT NULL,            -- +1 at every change of owner
  expires_at TIMESTAMPTZ NOT NULL   -- the database's clock decides, never a node's
);

CREATE INDEX table_leases_by_node ON table_leases(node);
CREATE INDEX table_leases_by_expiry ON table_leases(expires_at);

-- The public tables of every node, as the lobby shows them: each node writes its own, and
-- NOTIFY kafenio_lobby tells the others to read what changed (the rows stay the truth).
CREATE TABLE lobby_tables (
  public_id TEXT PRIMARY KEY,
  node TEXT NOT NULL,
  info BYTEA,                       -- the TableInfo message; NULL: the table left the lobby
  version BIGINT NOT NULL
);

CREATE SEQUENCE lobby_versions;
CREATE INDEX lobby_tables_by_version ON lobby_tables(version);

-- Raises KF001 unless the node this session writes for (kafenio.node, set by a clustered
-- server on its writer connection) holds an unexpired lease on the table. FOR KEY SHARE
-- keeps the lease row from being taken over (a claim locks it FOR UPDATE) until this
-- transaction ends, so a node taking the table over skips it while writes already checked
-- are under way, and reads them once they are committed. It does not hold back the
-- owner's own renewals: an UPDATE of expires_at takes only FOR NO KEY UPDATE, which
-- FOR KEY SHARE lets through, so renewing never waits for (or deadlocks with) writes.
CREATE FUNCTION kafenio_check_lease(p_table BIGINT) RETURNS void AS $$
DECLARE
  me TEXT := current_setting('kafenio.node', true);
BEGIN
  IF me IS NULL OR me = '' OR p_table IS NULL THEN
    RETURN;  -- a server that is not clustered
  END IF;
  PERFORM 1 FROM table_leases
    WHERE table_id = p_table AND node = me AND expires_at > clock_timestamp()
    FOR KEY SHARE;
  IF NOT FOUND THEN
    RAISE EXCEPTION USING ERRCODE = 'KF001',
      MESSAGE = format('node %s does not hold the lease of table %s', me, p_table);
  END IF;
END $$ LANGUAGE plpgsql;

CREATE FUNCTION kafenio_fence_match_row() RETURNS trigger AS $$
DECLARE
  row_match BIGINT := CASE WHEN TG_OP = 'DELETE' THEN OLD.match_id ELSE NEW.match_id END;
BEGIN
  -- A server that is not clustered skips even the look-up of the match's table.
  IF coalesce(current_setting('kafenio.node', true), '') <> '' THEN
    PERFORM kafenio_check_lease((SELECT table_id FROM matches WHERE id = row_match));
  END IF;
  RETURN CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
END $$ LANGUAGE plpgsql;

CREATE FUNCTION kafenio_fence_table_row() RETURNS trigger AS $$
BEGIN
  PERFORM kafenio_check_lease(CASE WHEN TG_OP = 'DELETE' THEN OLD.table_id ELSE NEW.table_id END);
  RETURN CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
END $$ LANGUAGE plpgsql;

CREATE FUNCTION kafenio_fence_table_update() RETURNS trigger AS $$
BEGIN
  PERFORM kafenio_check_lease(NEW.id);
  RETURN NEW;
END $$ LANGUAGE plpgsql;

-- Moves, the bulk of the writes, arrive many to a statement (the writer sends a batch's
-- moves as one INSERT): they are checked once per statement, each of their tables' lease
-- rows locked as kafenio_check_lease locks one.
CREATE FUNCTION kafenio_fence_new_moves() RETURNS trigger AS $$
DECLARE
  me TEXT := current_setting('kafenio.node', true);
  missing BIGINT;
BEGIN
  IF me IS NULL OR me = '' THEN
    RETURN NULL;  -- a server that is not clustered
  END IF;
  WITH wanted AS (
    SELECT DISTINCT m.table_id FROM new_rows n JOIN matches m ON m.id = n.match_id
    WHERE m.table_id IS NOT NULL),
  held AS (
    SELECT l.table_id FROM table_leases l JOIN wanted w ON w.table_id = l.table_id
    WHERE l.node = me AND l.expires_at > clock_timestamp() FOR KEY SHARE OF l)
  SELECT (SELECT count(*) FROM wanted) - (SELECT count(*) FROM held) INTO missing;
  IF missing > 0 THEN
    RAISE EXCEPTION USING ERRCODE = 'KF001',
      MESSAGE = format('node %s does not hold the lease of %s of the tables it wrote moves for',
                       me, missing);
  END IF;
  RETURN NULL;
END $$ LANGUAGE plpgsql;

-- A table created by a clustered node is leased to that node from the start.
CREATE FUNCTION kafenio_lease_new_table() RETURNS trigger AS $$
DECLARE
  me TEXT := current_setting('kafenio.node', true);
BEGIN
  IF me IS NOT NULL AND me <> '' THEN
    INSERT INTO table_leases (table_id, node, epoch, expires_at)
      VALUES (NEW.id, me, 1, clock_timestamp() +
              current_setting('kafenio.lease_ms')::BIGINT * INTERVAL '1 millisecond');
  END IF;
  RETURN NEW;
END $$ LANGUAGE plpgsql;

CREATE TRIGGER game_tables_lease AFTER INSERT ON game_tables
  FOR EACH ROW EXECUTE FUNCTION kafenio_lease_new_table();
CREATE TRIGGER game_tables_fence BEFORE UPDATE ON game_tables
  FOR EACH ROW EXECUTE FUNCTION kafenio_fence_table_update();
CREATE TRIGGER series_fence BEFORE INSERT OR UPDATE ON series
  FOR EACH ROW EXECUTE FUNCTION kafenio_fence_table_row();
CREATE TRIGGER table_seats_fence BEFORE INSERT OR UPDATE OR DELETE ON table_seats
  FOR EACH ROW EXECUTE FUNCTION kafenio_fence_table_row();
CREATE TRIGGER matches_fence BEFORE INSERT OR UPDATE ON matches
  FOR EACH ROW EXECUTE FUNCTION kafenio_fence_table_row();
CREATE TRIGGER match_seats_fence BEFORE UPDATE ON match_seats
  FOR EACH ROW EXECUTE FUNCTION kafenio_fence_match_row();
CREATE TRIGGER hand_seeds_fence BEFORE INSERT OR UPDATE ON hand_seeds
  FOR EACH ROW EXECUTE FUNCTION kafenio_fence_match_row();
CREATE TRIGGER move_events_fence AFTER INSERT ON move_events
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION kafenio_fence_new_moves();
CREATE TRIGGER hand_results_fence BEFORE INSERT ON hand_results
  FOR EACH ROW EXECUTE FUNCTION kafenio_fence_match_row();
CREATE TRIGGER match_results_fence BEFORE INSERT ON match_results
  FOR EACH ROW EXECUTE FUNCTION kafenio_fence_match_row();
