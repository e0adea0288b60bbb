#pragma once
// PostgreSQL's migrations: migrations/postgres/NNNN_name.sql, embedded at build time like
// SQLite's (the same numbers, each the same change in PostgreSQL's SQL).
#include <span>

#include "server/storage/migrations.h"
#include "server/storage/postgres/connection.h"

namespace kafenio::storage {

std::span<const Migration> EmbeddedPostgresMigrations();

int SchemaVersion(pg::Connection& db);

// Applies the migrations newer than the database's, each in its own transaction, while
// holding an advisory lock: nodes starting at once wait for each other, and each migration
// is applied exactly once. Throws SchemaTooNewError, changing nothing, when the database
// records a version this list lacks. Returns how many were applied.
int ApplyMigrations(pg::Connection& db, std::span<const Migration> migrations);

}  // namespace kafenio::storage
