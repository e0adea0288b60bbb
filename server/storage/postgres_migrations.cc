#include "server/storage/postgres_migrations.h"

#include <chrono>
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

std::int64_t NowMs() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
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
  const int known = migrations.empty() ? 0 : migrations.back().version;
  if (current > known) {
    throw SchemaTooNewError("database schema version " + std::to_string(current) +
                            " is newer than this program knows (" + std::to_string(known) +
                            "); run a newer kafenio");
  }
  int applied = 0;
  for (const auto& migration : migrations) {
    if (migration.version <= current) continue;
    db.Command("BEGIN");
    try {
      db.Script(migration.sql);
      db.Run("INSERT INTO schema_migrations (version, name, applied_ms) VALUES ($1, $2, $3)",
             pg::Params().Add(migration.version).Add(migration.name).Add(NowMs()));
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
