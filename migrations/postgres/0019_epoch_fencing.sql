-- The lease's epoch is the fencing token (docs/scaling.md, "Fencing"). Until now the
-- database let a node write a table's rows when a lease in its name had not expired; but a
-- node name is only a name: a new process started under it (the old one frozen or cut off,
-- not dead) takes its leases back, and both processes passed that check. Now every process
-- of a clustered node draws an epoch of its own from lease_epochs when it starts; every
-- lease it makes, takes back or takes over gets that epoch; its writer connection carries
-- it (kafenio.epoch, beside kafenio.node); and the database refuses a write whose epoch is
-- not the lease's (KF001 for tables, KF002 for events). The epoch still only goes up at a
-- change of holder, by more than one now: it is the new holder's.
CREATE SEQUENCE lease_epochs;
SELECT setval('lease_epochs', greatest(
  (SELECT max(epoch) FROM table_leases), (SELECT max(epoch) FROM tournament_leases), 0) + 1,
  false);

-- The process that last announced the node (its epoch): an older one still running finds
-- itself replaced at its next lease round.
ALTER TABLE cluster_nodes ADD COLUMN epoch BIGINT NOT NULL DEFAULT 0;

-- The epoch this session writes with; none when it is not a clustered writer's.
CREATE FUNCTION kafenio_writer_epoch() RETURNS BIGINT AS $$
  SELECT nullif(current_setting('kafenio.epoch', true), '')::BIGINT
$$ LANGUAGE sql STABLE;

CREATE OR REPLACE FUNCTION kafenio_check_lease(p_table BIGINT) RETURNS void AS $$
DECLARE
  me TEXT := current_setting('kafenio.node', true);
BEGIN
  IF me IS NULL OR me = '' OR p_table IS NULL THEN
    RETURN;  -- a server that is not clustered
  END IF;
  PERFORM 1 FROM table_leases
    WHERE table_id = p_table AND node = me AND epoch = kafenio_writer_epoch()
      AND expires_at > clock_timestamp()
    FOR KEY SHARE;
  IF NOT FOUND THEN
    RAISE EXCEPTION USING ERRCODE = 'KF001',
      MESSAGE = format('node %s (epoch %s) does not hold the lease of table %s', me,
                       coalesce(kafenio_writer_epoch()::TEXT, 'none'), p_table);
  END IF;
END $$ LANGUAGE plpgsql;

CREATE OR REPLACE FUNCTION kafenio_fence_new_moves() RETURNS trigger AS $$
DECLARE
  me TEXT := current_setting('kafenio.node', true);
  mine BIGINT := kafenio_writer_epoch();
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
    WHERE l.node = me AND l.epoch = mine AND l.expires_at > clock_timestamp()
    FOR KEY SHARE OF l)
  SELECT (SELECT count(*) FROM wanted) - (SELECT count(*) FROM held) INTO missing;
  IF missing > 0 THEN
    RAISE EXCEPTION USING ERRCODE = 'KF001',
      MESSAGE = format('node %s (epoch %s) does not hold the lease of %s of the tables it'
                       ' wrote moves for', me, coalesce(mine::TEXT, 'none'), missing);
  END IF;
  RETURN NULL;
END $$ LANGUAGE plpgsql;

CREATE OR REPLACE FUNCTION kafenio_lease_new_table() RETURNS trigger AS $$
DECLARE
  me TEXT := current_setting('kafenio.node', true);
BEGIN
  IF me IS NOT NULL AND me <> '' THEN
    INSERT INTO table_leases (table_id, node, epoch, expires_at)
      VALUES (NEW.id, me, kafenio_writer_epoch(), clock_timestamp() +
              current_setting('kafenio.lease_ms')::BIGINT * INTERVAL '1 millisecond');
  END IF;
  RETURN NEW;
END $$ LANGUAGE plpgsql;

CREATE OR REPLACE FUNCTION kafenio_check_tournament_lease(p_tournament BIGINT) RETURNS void AS $$
DECLARE
  me TEXT := current_setting('kafenio.node', true);
BEGIN
  IF me IS NULL OR me = '' THEN
    RETURN;  -- a server that is not clustered
  END IF;
  PERFORM 1 FROM tournament_leases
    WHERE tournament_id = p_tournament AND node = me AND epoch = kafenio_writer_epoch()
      AND expires_at > clock_timestamp()
    FOR KEY SHARE;
  IF NOT FOUND THEN
    RAISE EXCEPTION USING ERRCODE = 'KF002',
      MESSAGE = format('node %s (epoch %s) does not hold the lease of tournament %s', me,
                       coalesce(kafenio_writer_epoch()::TEXT, 'none'), p_tournament);
  END IF;
END $$ LANGUAGE plpgsql;

CREATE OR REPLACE FUNCTION kafenio_lease_new_tournament() RETURNS trigger AS $$
DECLARE
  me TEXT := current_setting('kafenio.node', true);
BEGIN
  IF me IS NOT NULL AND me <> '' THEN
    INSERT INTO tournament_leases (tournament_id, node, epoch, expires_at)
      VALUES (NEW.id, me, kafenio_writer_epoch(), clock_timestamp() +
              current_setting('kafenio.lease_ms')::BIGINT * INTERVAL '1 millisecond');
  END IF;
  RETURN NEW;
END $$ LANGUAGE plpgsql;
