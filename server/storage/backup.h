#pragma once
// Online backup with SQLite's backup API: a consistent copy of a live database, taken
// page by page while the server keeps writing (a file copy mid-write could be torn).
#include <string>

namespace kafenio::storage {

// Copies the database at `source` into a new file at `destination` (replacing it), then
// checks the copy with PRAGMA integrity_check. Throws StorageError on failure.
void BackupDatabase(const std::string& source, const std::string& destination);

}  // namespace kafenio::storage
