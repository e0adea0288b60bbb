#pragma once
// SQLite failures become StorageError exceptions carrying SQLite's message and code.
#include <sqlite3.h>

#include <string_view>

#include "server/storage/storage_error.h"

namespace kafenio::storage::sqlite {

[[noreturn]] void ThrowError(sqlite3* db, int code, std::string_view context);

// Throws unless code is SQLITE_OK (or one of the given success codes).
inline void Check(sqlite3* db, int code, std::string_view context) {
  if (code != SQLITE_OK) ThrowError(db, code, context);
}

}  // namespace kafenio::storage::sqlite
