#include "server/cli/backup_files.h"

#include <filesystem>

#include "server/storage/open_storage.h"

namespace kafenio::cli {

std::string DefaultSecretPath(const std::string& db) {
  if (storage::IsPostgres(db)) return "./var/server-secret";
  return (std::filesystem::path(db).parent_path() / "server-secret").string();
}

bool CopySecret(const std::string& from, const std::string& to, bool replace, std::string& error) {
  namespace fs = std::filesystem;
  std::error_code ec;
  const auto options = replace ? fs::copy_options::overwrite_existing : fs::copy_options::none;
  fs::copy_file(from, to, options, ec);
  if (!ec) fs::permissions(to, fs::perms::owner_read | fs::perms::owner_write, ec);
  if (ec) error = "cannot copy the server secret " + from + " to " + to + ": " + ec.message();
  return !ec;
}

}  // namespace kafenio::cli
