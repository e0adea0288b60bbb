// `kafenio migrate-db --from FILE --to postgresql://...`: moves a site from SQLite to
// PostgreSQL (or restores a PostgreSQL backup, which is an SQLite file) into an empty
// database, with every account, table, match, move and rating (docs/operations.md).
#include <cstdio>
#include <string>

#include "server/cli/commands.h"
#include "server/storage/copy_database.h"
#include "server/storage/open_storage.h"
#include "server/storage/storage_error.h"

namespace kafenio::cli {

int RunMigrateDb(const Args& args) {
  std::string from;
  std::string to;
  for (std::size_t i = 0; i + 1 < args.size(); i += 2) {
    if (args[i] == "--from") from = args[i + 1];
    if (args[i] == "--to") to = args[i + 1];
  }
  if (from.empty() || to.empty() || args.size() != 4 || !storage::IsPostgres(to)) {
    std::fputs("usage: kafenio migrate-db --from FILE --to postgresql://...\n", stderr);
    return 2;
  }
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
