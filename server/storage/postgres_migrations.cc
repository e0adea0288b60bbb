#include "server/storage/postgres_migrations.h"

#include <string>

#include "server/storage/storage_error.h"

namespace kafenio::storage {

namespace {

// pg_advisory_lock's key for migrations: "kafenio" in ASCII, so other applications sharing
// the database are unlikely to take the same number.
constexpr const char* kMigrationLock = "30224914924333423";  // 0x6b6166656e696f

void EnsureMigrationsTable(pg::Connection& db) {
  db.Command(
      "CREATE TABLE IF NOT EXISTS schema_migrations ("
      " version INTEGER PRIMARY KEY,"
      " name TEXT NOT NULL,"
      " applied_ms BIGINT NOT NULL)");
}

// Holds the advisory lock for its lifetime (a session lock: it survives the migrations'
// own transactions).
class MigrationLock {
 public:
  explicit MigrationLock(pg::Connection& db) : db_(db) {
    db_.Command(std::string("SELECT pg_advisory_lock(") + kMigrationLock + ")");
  }
  ~MigrationLock() {
    try {
      db_.Command(std::string("SELECT pg_advisory_unlock(") + kMigrationLock + ")");
    } catch (...) {
      // A broken connection has dropped the lock with it.
    }
  }
  MigrationLock(const MigrationLock&) = delete;
  MigrationLock& operator=(const MigrationLock&) = delete;

 private:
  pg::Connection& db_;
};

}  // namespace

int SchemaVersion(pg::Connection& db) {
  const pg::Result exists = db.Run("SELECT to_regclass('schema_migrations') IS NOT NULL");
  if (!exists.Bool(0, 0)) return 0;
  return static_cast<int>(
      db.Run("SELECT COALESCE(MAX(version), 0) FROM schema_migrations").Int(0, 0));
}

int ApplyMigrations(pg::Connection& db, std::span<const Migration> migrations) {
  MigrationLock lock(db);
  EnsureMigrationsTable(db);
  const int current = SchemaVersion(db);
  RefuseNewerSchema(current, migrations);
  int applied = 0;
  for (const auto& migration : migrations) {
    // Each migration not recorded yet (see migrations.cc: numbers may be merged late).
    if (!db.Run("SELECT 1 FROM schema_migrations WHERE version = $1",
                pg::Params().Add(migration.version))
             .empty()) {
      continue;
    }
    db.Command("BEGIN");
    try {
      db.Script(migration.sql);
      db.Run("INSERT INTO schema_migrations (version, name, applied_ms) VALUES ($1, $2, $3)",
             pg::Params().Add(migration.version).Add(migration.name).Add(MigrationTimeMs()));
      db.Command("COMMIT");
    } catch (const StorageError& error) {
      try {
        db.Command("ROLLBACK");
      } catch (const StorageError&) {
      }
      throw StorageError("migration " + std::to_string(migration.version) + "_" + migration.name +
                             ": " + error.what(),
                         error.code());
    }
    ++applied;
  }
  return applied;
}

}  // namespace kafenio::storage
