#pragma once
// What `kafenio backup` and `kafenio restore` share: where the server secret lives, and
// its copy beside a backup (FILE.server-secret), owner-only like the backup itself.
#include <string>

namespace kafenio::cli {

inline constexpr const char* kSecretSuffix = ".server-secret";

// The secret `kafenio serve` uses for `db` when no secret_file is set: server-secret
// beside an SQLite database, ./var/server-secret for PostgreSQL.
std::string DefaultSecretPath(const std::string& db);

// Copies the secret at `from` to `to` (replacing it when `replace`), owner-only. False
// with `error` set when `from` cannot be read or `to` written.
bool CopySecret(const std::string& from, const std::string& to, bool replace, std::string& error);

}  // namespace kafenio::cli
