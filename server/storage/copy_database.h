#pragma once
// Copies every row of the game's data between the two backends, at the same schema
// version: an SQLite file into an empty PostgreSQL database (`kafenio migrate-db`, also a
// restore of a backup), and a consistent snapshot of PostgreSQL into a new SQLite file
// (`kafenio backup --db postgresql://...`). The cluster's own tables (leases, nodes, lobby
// rows) are not copied: they describe running nodes, not the game.
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace kafenio::storage {

struct CopyCounts {
  std::int64_t rows = 0;
  std::int64_t tables = 0;  // database tables copied
};

// The tables a copy carries, each with its columns ("a, b, c"), parents first: every
// column of the game's data (a test compares them with the schema).
std::vector<std::pair<std::string, std::string>> CopiedColumns();

// Migrates the file to the newest schema first. Throws StorageError, changing nothing in
// PostgreSQL, when the PostgreSQL database already holds accounts or tables.
CopyCounts CopySqliteToPostgres(const std::string& sqlite_path, const std::string& conninfo);
// Replaces `sqlite_path`. Reads one REPEATABLE READ snapshot while the nodes keep writing.
CopyCounts CopyPostgresToSqlite(const std::string& conninfo, const std::string& sqlite_path);

}  // namespace kafenio::storage
