-- The lease epoch as the cluster's fencing token (migrations/postgres/0019_epoch_fencing.sql),
-- under the same number so that both backends share one schema version. A server on SQLite
-- is one node: it holds no leases, and there is nothing to fence.
SELECT 1;
