#pragma once
// Storage on one SQLite database file in WAL mode: a group-commit writer thread, a
// checkpoint thread and a pool of reader connections (docs/operations.md, "Database").
#include <chrono>
#include <memory>
#include <string>
#include <string_view>

#include "server/storage/storage.h"

namespace kafenio::storage {

struct SqliteOptions {
  // A file, or kInMemory: a database in this process only, through the same code (the
  // writer, readers and migrations), gone when the storage closes.
  std::string path = "./var/kafenio.db";
  std::chrono::milliseconds checkpoint_interval{1000};
};

// `--db memory`.
inline constexpr std::string_view kInMemory = "memory";

// Opens (creating the file and its folder when missing) and migrates the database.
// Throws SchemaTooNewError when the file was written by a newer program, StorageError on
// any other failure.
std::unique_ptr<Storage> OpenSqliteStorage(const SqliteOptions& options);

}  // namespace kafenio::storage
