#include "server/storage/open_storage.h"

#include "server/storage/postgres/connection.h"
#include "server/storage/postgres_storage.h"
#include "server/storage/sqlite_storage.h"

namespace kafenio::storage {

bool IsPostgres(const std::string& db) {
  return pg::IsConnectionString(db);
}

std::unique_ptr<Storage> OpenStorage(const StorageChoice& choice) {
  if (IsPostgres(choice.db)) {
    return OpenPostgresStorage(
        PostgresOptions{choice.db, choice.node, choice.lease_ms, choice.epoch});
  }
  return OpenSqliteStorage(SqliteOptions{choice.db});
}

}  // namespace kafenio::storage
