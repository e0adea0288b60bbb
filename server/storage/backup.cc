#include "server/storage/backup.h"

#include <sqlite3.h>

#include <filesystem>

#include "server/storage/sqlite/connection.h"
#include "server/storage/sqlite/error.h"
#include "server/storage/storage_error.h"

namespace kafenio::storage {

void BackupDatabase(const std::string& source, const std::string& destination) {
  if (!std::filesystem::exists(source)) throw StorageError(source + ": no such database");
  sqlite::Connection from(source, sqlite::OpenMode::read_only);
  std::filesystem::remove(destination);
  std::filesystem::remove(destination + "-wal");
  std::filesystem::remove(destination + "-shm");
  sqlite::Connection to(destination, sqlite::OpenMode::read_write_create);

  sqlite3_backup* backup = sqlite3_backup_init(to.handle(), "main", from.handle(), "main");
  if (backup == nullptr) sqlite::ThrowError(to.handle(), sqlite3_errcode(to.handle()), "backup");
  // All pages in one step: the step reads one snapshot under a read transaction, which in
  // WAL mode never blocks the server's writer. Smaller steps would restart from scratch
  // whenever the server commits in between, and might never finish on a busy server.
  int code = SQLITE_OK;
  do {
    code = sqlite3_backup_step(backup, -1);
    if (code == SQLITE_BUSY || code == SQLITE_LOCKED) sqlite3_sleep(10);
  } while (code == SQLITE_OK || code == SQLITE_BUSY || code == SQLITE_LOCKED);
  sqlite3_backup_finish(backup);
  if (code != SQLITE_DONE) sqlite::ThrowError(to.handle(), code, "backup " + destination);

  const std::string verdict = to.PragmaText("integrity_check");
  if (verdict != "ok") throw StorageError(destination + ": integrity check failed: " + verdict);
}

}  // namespace kafenio::storage
