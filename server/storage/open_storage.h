#pragma once
// `--db`: a PostgreSQL connection string (postgresql://...) opens PostgreSQL; a file path
// or `memory` opens SQLite. The server above never knows which.
#include <cstdint>
#include <memory>
#include <string>

#include "server/storage/storage.h"

namespace kafenio::storage {

struct StorageChoice {
  std::string db;    // --db
  std::string node;  // a clustered node's name (PostgreSQL only); empty: one server alone
  int lease_ms = 3000;
  std::int64_t epoch = 0;  // the node's process's fencing token (PostgresOptions::epoch)
};

bool IsPostgres(const std::string& db);
std::unique_ptr<Storage> OpenStorage(const StorageChoice& choice);

}  // namespace kafenio::storage
