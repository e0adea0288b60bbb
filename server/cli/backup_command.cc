// `kafenio backup --db PATH --to FILE`: a consistent copy of a live database through
// SQLite's online backup API (docs/operations.md, "Backups"); with --db postgresql://...
// a snapshot of the PostgreSQL database as an SQLite file, which `kafenio migrate-db`
// restores.
#include <cstdio>
#include <string>

#include "server/cli/commands.h"
#include "server/storage/backup.h"
#include "server/storage/copy_database.h"
#include "server/storage/open_storage.h"
#include "server/storage/storage_error.h"

namespace kafenio::cli {

int RunBackup(const Args& args) {
  std::string db;
  std::string to;
  for (std::size_t i = 0; i + 1 < args.size(); i += 2) {
    if (args[i] == "--db") {
      db = args[i + 1];
    } else if (args[i] == "--to") {
      to = args[i + 1];
    } else {
      db.clear();
      break;
    }
  }
  if (db.empty() || to.empty() || args.size() != 4) {
    std::fputs("usage: kafenio backup --db PATH|postgresql://... --to FILE\n", stderr);
    return 2;
  }
  try {
    if (storage::IsPostgres(db)) {
      const auto copied = storage::CopyPostgresToSqlite(db, to);
      std::printf("backed up PostgreSQL to %s: %lld rows (integrity ok)\n", to.c_str(),
                  static_cast<long long>(copied.rows));
      return 0;
    }
    storage::BackupDatabase(db, to);
  } catch (const storage::StorageError& error) {
    std::fprintf(stderr, "kafenio backup: %s\n", error.what());
    return 1;
  }
  std::printf("backed up %s to %s (integrity ok)\n", db.c_str(), to.c_str());
  return 0;
}

}  // namespace kafenio::cli
