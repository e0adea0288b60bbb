-- Events in a cluster (docs/scaling.md, "Tournaments in a cluster"). The holder of an
-- event's lease runs its rounds: it alone opens the tables of a published round, and the
-- database refuses a table_opened entry from any other node (KF002), so two nodes never
-- open a table for one pairing, whatever they believe. Everything else an event's log
-- holds is a request (an entry, a withdrawal, a check-in, a director's action) or a table's
-- own news (its match started or finished), which any node may write: the log's key
-- (tournament_id, entry) lets only one writer take each entry number, so a node whose view
-- of the event was out of date gets a conflict, reads the log again and decides anew. Each
-- entry is thus decided against the whole log before it, on whichever node.
CREATE OR REPLACE FUNCTION kafenio_fence_tournament_log() RETURNS trigger AS $$
BEGIN
  IF NEW.kind = 'table_opened' THEN
    PERFORM kafenio_check_tournament_lease(NEW.tournament_id);
  END IF;
  RETURN NEW;
END $$ LANGUAGE plpgsql;

-- The state column follows the log (written in the entry's transaction): no fence of its own.
DROP TRIGGER tournaments_fence ON tournaments;

-- Every node keeps every event's state in memory: a new event or entry is announced on
-- kafenio_tournaments with the event's id (the rows stay the truth; a node also sweeps).
CREATE FUNCTION kafenio_announce_new_tournament() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('kafenio_tournaments', NEW.id::text);
  RETURN NULL;
END $$ LANGUAGE plpgsql;

CREATE FUNCTION kafenio_announce_tournament_entry() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('kafenio_tournaments', NEW.tournament_id::text);
  RETURN NULL;
END $$ LANGUAGE plpgsql;

CREATE TRIGGER tournaments_announce AFTER INSERT ON tournaments
  FOR EACH ROW EXECUTE FUNCTION kafenio_announce_new_tournament();
CREATE TRIGGER tournament_log_announce AFTER INSERT ON tournament_log
  FOR EACH ROW EXECUTE FUNCTION kafenio_announce_tournament_entry();
