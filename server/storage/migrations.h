#pragma once
// Schema migrations: migrations/NNNN_name.sql, embedded in the program at build time
// (cmake/EmbedMigrations.cmake), applied in order at start-up, each in its own transaction
// and recorded in schema_migrations.
#include <cstdint>
#include <span>

namespace kafenio::storage {

namespace sqlite {
class Connection;
}

struct Migration {
  int version;       // NNNN, increasing (gaps allowed)
  const char* name;  // the file name's "name" part
  const char* sql;
};

// Every migration this program knows, in order.
std::span<const Migration> EmbeddedMigrations();

// The highest version recorded in the database; 0 for an empty database.
int SchemaVersion(sqlite::Connection& db);

// When a migration is recorded as applied: the wall clock (the server's Clock is not up yet).
std::int64_t MigrationTimeMs();

// Throws SchemaTooNewError when a database at version `current` was migrated by a newer
// program than one that knows `migrations` (either backend). Returns the newest known.
int RefuseNewerSchema(int current, std::span<const Migration> migrations);

// Applies the migrations the database has not recorded, one transaction each. Throws
// SchemaTooNewError, changing nothing, when the database records a version this list lacks.
// Returns how many were applied.
int ApplyMigrations(sqlite::Connection& db, std::span<const Migration> migrations);

}  // namespace kafenio::storage
