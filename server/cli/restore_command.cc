// `kafenio restore --from FILE --db PATH|postgresql://... [--force] [--secret-file PATH]`:
// puts a backup made by `kafenio backup` back in place of a database, with the server
// secret saved beside it (FILE.server-secret), while the server is stopped
// (docs/operations.md, "Backups"). An SQLite target is replaced through SQLite's backup
// API and checked; a PostgreSQL one must be empty (as for migrate-db). An existing
// database or secret is kept unless --force.
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

int RunRestore(const Args& args) {
  Flags flags("restore",
              "usage: kafenio restore --from FILE --db PATH|postgresql://... [--force]\n"
              "                       [--secret-file PATH]\n",
              "Puts a backup and its server secret back in place; stop the server first.");
  flags.Value("from", "the backup file (made by kafenio backup)")
      .Value("db", "the database to restore: a file, or an empty postgresql://... database")
      .Value("secret-file",
             "where the server secret goes (default: server-secret beside the "
             "database; for PostgreSQL ./var/server-secret)")
      .Switch("force", "replace an existing database file and secret");
  if (const auto done = flags.Parse(args)) return *done;
  const std::string from = flags.Get("from");
  const std::string db = flags.Get("db");
  if (from.empty() || db.empty()) return flags.Fail("--from and --db are required");
  const bool force = flags.Has("force");
  const bool postgres = storage::IsPostgres(db);
  const std::string secret =
      flags.Has("secret-file") ? flags.Get("secret-file") : DefaultSecretPath(db);
  std::error_code ec;
  if (!std::filesystem::is_regular_file(from, ec)) {
    std::fprintf(stderr, "kafenio restore: %s: no such backup\n", from.c_str());
    return 1;
  }
  for (const std::string& path : {postgres ? std::string() : db, secret}) {
    if (!force && !path.empty() && std::filesystem::exists(path, ec)) {
      std::fprintf(stderr,
                   "kafenio restore: %s exists: not replaced (stop the server; --force "
                   "replaces it)\n",
                   path.c_str());
      return 1;
    }
  }
  try {
    if (postgres) {
      const auto copied = storage::CopySqliteToPostgres(from, db);
      std::printf("restored %s into PostgreSQL: %lld rows\n", from.c_str(),
                  static_cast<long long>(copied.rows));
    } else {
      std::filesystem::create_directories(std::filesystem::path(db).parent_path(), ec);
      storage::BackupDatabase(from, db);
      std::printf("restored %s to %s (integrity ok)\n", from.c_str(), db.c_str());
    }
  } catch (const storage::StorageError& error) {
    std::fprintf(stderr, "kafenio restore: %s\n", error.what());
    return 1;
  }
  const std::string saved = from + kSecretSuffix;
  if (!std::filesystem::exists(saved, ec)) {
    std::printf("no %s: put the server secret at %s yourself\n", saved.c_str(), secret.c_str());
    return 0;
  }
  std::string error;
  if (!CopySecret(saved, secret, force, error)) {
    std::fprintf(stderr, "kafenio restore: %s\n", error.c_str());
    return 1;
  }
  std::printf("server secret restored to %s\n", secret.c_str());
  return 0;
}

}  // namespace kafenio::cli
