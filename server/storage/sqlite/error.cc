#include "server/storage/sqlite/error.h"

#include <string>

namespace kafenio::storage::sqlite {

void ThrowError(sqlite3* db, int code, std::string_view context) {
  std::string message(context);
  message += ": ";
  message += db != nullptr ? sqlite3_errmsg(db) : sqlite3_errstr(code);
  const int extended = db != nullptr ? sqlite3_extended_errcode(db) : code;
  throw StorageError(message, extended);
}

}  // namespace kafenio::storage::sqlite
