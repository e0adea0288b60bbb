-- Several nodes (docs/scaling.md): an event's rounds are run by one node at a time, the
-- holder of its lease (with an epoch, like a table's, migration 0007). The database refuses
-- an event's log entries and state changes from a node that does not hold its unexpired
-- lease, so two nodes never publish, pair or start the same round, whatever they believe.
CREATE TABLE tournament_leases (
  tournament_id BIGINT PRIMARY KEY REFERENCES tournaments(id),
  node TEXT NOT NULL,
  epoch BIGINT NOT NULL,            -- +1 at every change of owner
  expires_at TIMESTAMPTZ NOT NULL   -- the database's clock decides, never a node's
);

CREATE INDEX tournament_leases_by_node ON tournament_leases(node);
CREATE INDEX tournament_leases_by_expiry ON tournament_leases(expires_at);

-- Raises KF002 unless this session's node (kafenio.node) holds an unexpired lease on the
-- event; FOR KEY SHARE keeps a claim (FOR UPDATE) from taking the lease over until this
-- transaction ends, as kafenio_check_lease does for tables.
CREATE FUNCTION kafenio_check_tournament_lease(p_tournament BIGINT) RETURNS void AS $$
DECLARE
  me TEXT := current_setting('kafenio.node', true);
BEGIN
  IF me IS NULL OR me = '' THEN
    RETURN;  -- a server that is not clustered
  END IF;
  PERFORM 1 FROM tournament_leases
    WHERE tournament_id = p_tournament AND node = me AND expires_at > clock_timestamp()
    FOR KEY SHARE;
  IF NOT FOUND THEN
    RAISE EXCEPTION USING ERRCODE = 'KF002',
      MESSAGE = format('node %s does not hold the lease of tournament %s', me, p_tournament);
  END IF;
END $$ LANGUAGE plpgsql;

CREATE FUNCTION kafenio_fence_tournament_log() RETURNS trigger AS $$
BEGIN
  PERFORM kafenio_check_tournament_lease(NEW.tournament_id);
  RETURN NEW;
END $$ LANGUAGE plpgsql;

CREATE FUNCTION kafenio_fence_tournament_update() RETURNS trigger AS $$
BEGIN
  PERFORM kafenio_check_tournament_lease(NEW.id);
  RETURN NEW;
END $$ LANGUAGE plpgsql;

-- An event created by a clustered node is leased to that node from the start.
CREATE FUNCTION kafenio_lease_new_tournament() RETURNS trigger AS $$
DECLARE
  me TEXT := current_setting('kafenio.node', true);
BEGIN
  IF me IS NOT NULL AND me <> '' THEN
    INSERT INTO tournament_leases (tournament_id, node, epoch, expires_at)
      VALUES (NEW.id, me, 1, clock_timestamp() +
              current_setting('kafenio.lease_ms')::BIGINT * INTERVAL '1 millisecond');
  END IF;
  RETURN NEW;
END $$ LANGUAGE plpgsql;

CREATE TRIGGER tournaments_lease AFTER INSERT ON tournaments
  FOR EACH ROW EXECUTE FUNCTION kafenio_lease_new_tournament();
CREATE TRIGGER tournaments_fence BEFORE UPDATE ON tournaments
  FOR EACH ROW EXECUTE FUNCTION kafenio_fence_tournament_update();
CREATE TRIGGER tournament_log_fence BEFORE INSERT ON tournament_log
  FOR EACH ROW EXECUTE FUNCTION kafenio_fence_tournament_log();
