// `kafenio migrate-db --from FILE --to postgresql://...`: moves a site from SQLite to
// PostgreSQL (or restores a PostgreSQL backup, which is an SQLite file) into an empty
// database, with every account, table, match, move and rating (docs/operations.md).
#include <cstdio>
#include <string>

#include "server/cli/commands.h"
#include "server/cli/flags.h"
#include "server/storage/copy_database.h"
#include "server/storage/open_storage.h"
#include "server/storage/storage_error.h"

namespace kafenio::cli {

int RunMigrateDb(const Args& args) {
  Flags flags("migrate-db", "usage: kafenio migrate-db --from FILE --to postgresql://...\n",
              "Copies an SQLite database (or a backup) into an empty PostgreSQL database.");
  flags.Value("from", "the SQLite database or backup file")
      .Value("to", "the empty PostgreSQL database (a libpq connection string or URI)");
  if (const auto done = flags.Parse(args)) return *done;
  const std::string from = flags.Get("from");
  const std::string to = flags.Get("to");
  if (from.empty() || to.empty()) return flags.Fail("--from and --to are required");
  if (!storage::IsPostgres(to)) return flags.Fail("--to must be a postgresql:// database");
  try {
    const auto copied = storage::CopySqliteToPostgres(from, to);
    std::printf("copied %s to PostgreSQL: %lld rows in %lld tables\n", from.c_str(),
                static_cast<long long>(copied.rows), static_cast<long long>(copied.tables));
  } catch (const storage::StorageError& error) {
    std::fprintf(stderr, "kafenio migrate-db: %s\n", error.what());
    return 1;
  }
  return 0;
}

}  // namespace kafenio::cli
