// `kafenio backup --db PATH --to FILE [--force] [--secret-file PATH]`: a consistent copy
// of a live database through SQLite's online backup API (docs/operations.md, "Backups");
// with --db postgresql://... a snapshot of the PostgreSQL database as an SQLite file, which
// `kafenio migrate-db` restores. The server secret goes alongside, as FILE.server-secret:
// without it the hands in play cannot be re-dealt. An existing FILE is kept unless --force.
#include <cstdio>
#include <filesystem>
#include <string>

#include "server/cli/backup_files.h"
#include "server/cli/commands.h"
#include "server/cli/flags.h"
#include "server/storage/backup.h"
#include "server/storage/copy_database.h"
#include "server/storage/open_storage.h"
#include "server/storage/storage_error.h"

namespace kafenio::cli {

int RunBackup(const Args& args) {
  Flags flags("backup",
              "usage: kafenio backup --db PATH|postgresql://... --to FILE [--force]\n"
              "                      [--secret-file PATH]\n",
              "Copies a live database, and the server secret beside it, to an SQLite file.");
  flags.Value("db", "the live database: a file or postgresql://...")
      .Value("to", "the backup file to write (FILE, and FILE.server-secret beside it)")
      .Value("secret-file",
             "the server secret (default: server-secret beside the database; "
             "for PostgreSQL ./var/server-secret)")
      .Switch("force", "replace FILE (and FILE.server-secret) when they exist");
  if (const auto done = flags.Parse(args)) return *done;
  const std::string db = flags.Get("db");
  const std::string to = flags.Get("to");
  if (db.empty() || to.empty()) return flags.Fail("--db and --to are required");
  const std::string secret =
      flags.Has("secret-file") ? flags.Get("secret-file") : DefaultSecretPath(db);
  const bool force = flags.Has("force");
  for (const std::string& path : {to, to + kSecretSuffix}) {
    std::error_code ec;
    if (!force && std::filesystem::exists(path, ec)) {
      std::fprintf(stderr, "kafenio backup: %s exists: not replaced (--force replaces it)\n",
                   path.c_str());
      return 1;
    }
  }
  try {
    if (storage::IsPostgres(db)) {
      const auto copied = storage::CopyPostgresToSqlite(db, to);
      std::printf("backed up PostgreSQL to %s: %lld rows (integrity ok)\n", to.c_str(),
                  static_cast<long long>(copied.rows));
    } else {
      storage::BackupDatabase(db, to);
      std::printf("backed up %s to %s (integrity ok)\n", db.c_str(), to.c_str());
    }
  } catch (const storage::StorageError& error) {
    std::fprintf(stderr, "kafenio backup: %s\n", error.what());
    return 1;
  }
  std::string error;
  if (!CopySecret(secret, to + kSecretSuffix, true, error)) {
    std::fprintf(stderr, "kafenio backup: %s\n", error.c_str());
    return 1;
  }
  std::printf("server secret %s copied to %s%s (owner-only; keep them together)\n", secret.c_str(),
              to.c_str(), kSecretSuffix);
  return 0;
}

}  // namespace kafenio::cli
