#include "server/storage/migrations.h"

#include <chrono>
#include <string>

#include "server/storage/sqlite/connection.h"
#include "server/storage/storage_error.h"

namespace kafenio::storage {

namespace {

void EnsureMigrationsTable(sqlite::Connection& db) {
  db.RunScript(
      "CREATE TABLE IF NOT EXISTS schema_migrations ("
      " version INTEGER PRIMARY KEY,"
      " name TEXT NOT NULL,"
      " applied_ms INTEGER NOT NULL);");
}

bool IsApplied(sqlite::Connection& db, int version) {
  auto& query = db.Prepare("SELECT 1 FROM schema_migrations WHERE version = ?");
  query.Bind(1, version);
  const bool applied = query.Step();
  query.Reset();
  return applied;
}

}  // namespace

int SchemaVersion(sqlite::Connection& db) {
  EnsureMigrationsTable(db);
  auto& query = db.Prepare("SELECT COALESCE(MAX(version), 0) FROM schema_migrations");
  query.Step();
  const auto version = static_cast<int>(query.Int(0));
  query.Reset();
  return version;
}

std::int64_t MigrationTimeMs() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

int RefuseNewerSchema(int current, std::span<const Migration> migrations) {
  const int known = migrations.empty() ? 0 : migrations.back().version;
  if (current > known) {
    throw SchemaTooNewError("database schema version " + std::to_string(current) +
                            " is newer than this program knows (" + std::to_string(known) +
                            "); run a newer kafenio");
  }
  return known;
}

int ApplyMigrations(sqlite::Connection& db, std::span<const Migration> migrations) {
  const int current = SchemaVersion(db);
  RefuseNewerSchema(current, migrations);
  int applied = 0;
  for (const auto& migration : migrations) {
    // Each migration not recorded yet, not only those above the highest: numbers reserved
    // for other branches may be merged after a later one was applied.
    if (IsApplied(db, migration.version)) continue;
    // IMMEDIATE takes the write lock first, so two starting processes cannot both migrate.
    db.RunScript("BEGIN IMMEDIATE");
    try {
      // Another process may have migrated between our version check and the lock.
      if (IsApplied(db, migration.version)) {
        db.RunScript("ROLLBACK");
        continue;
      }
      db.RunScript(migration.sql);
      db.Prepare("INSERT INTO schema_migrations (version, name, applied_ms) VALUES (?, ?, ?)")
          .Bind(1, migration.version)
          .Bind(2, std::string_view(migration.name))
          .Bind(3, MigrationTimeMs())
          .Run();
      db.RunScript("COMMIT");
    } catch (const StorageError& error) {
      db.RunScript("ROLLBACK");
      throw StorageError("migration " + std::to_string(migration.version) + "_" + migration.name +
                             ": " + error.what(),
                         error.code());
    }
    ++applied;
  }
  return applied;
}

}  // namespace kafenio::storage
