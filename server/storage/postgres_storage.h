#pragma once
// Storage on PostgreSQL (libpq): the same group-commit writer as SQLite on one connection
// (one transaction per batch, synchronous_commit=on: durable before acknowledged), a pool
// of reader connections, and the migrations of migrations/postgres/ applied at start-up
// under an advisory lock (docs/operations.md, "PostgreSQL").
#include <cstdint>
#include <memory>
#include <string>

#include "server/storage/storage.h"

namespace kafenio::storage {

struct PostgresOptions {
  std::string conninfo;  // postgresql://user@host:port/db?... or key=value pairs
  // A clustered node's name: its writer connection sets kafenio.node so that the database
  // refuses its writes to tables whose lease it does not hold (migration 0007). Empty: one
  // server alone, no fencing.
  std::string node{};
  int lease_ms = 3000;  // how long a lease the database gives a table this node creates
  // This process's epoch, the fencing token its writes carry (kafenio.epoch, migration 0019;
  // NewLeaseEpoch in cluster_store.h). 0 with a node: a new one is drawn at open.
  std::int64_t epoch = 0;
};

// Connects, applies the migrations this program knows (once, whichever node starts first)
// and starts the writer. Throws SchemaTooNewError when the database was migrated by a newer
// program, StorageError when it cannot connect.
std::unique_ptr<Storage> OpenPostgresStorage(const PostgresOptions& options);

// The schema version recorded in the database (0: empty), for tests and tools.
int PostgresSchemaVersion(const std::string& conninfo);

}  // namespace kafenio::storage
