#include "server/storage/sqlite/connection.h"

#include <cctype>

#include "server/storage/sqlite/error.h"

namespace kafenio::storage::sqlite {

namespace {

// Long enough to ride out a checkpoint or the writer's commit; a reader never waits on
// the writer in WAL mode, so this only matters for schema changes and backups.
constexpr int kBusyTimeoutMs = 5000;

bool OnlySpaceOrComments(std::string_view text) {
  // sqlite3_complete treats "" as incomplete; a tail of blanks and comments is empty too.
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (std::isspace(static_cast<unsigned char>(c))) continue;
    if (c == '-' && i + 1 < text.size() && text[i + 1] == '-') {
      while (i < text.size() && text[i] != '\n') ++i;
      continue;
    }
    return false;
  }
  return true;
}

}  // namespace

Connection::Connection(const std::string& path, OpenMode mode) {
  const int flags = (mode == OpenMode::read_only ? SQLITE_OPEN_READONLY
                                                 : SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE) |
                    SQLITE_OPEN_NOMUTEX |
                    // "file:..." names are URIs (the in-memory database, sqlite_storage.cc).
                    (path.starts_with("file:") ? SQLITE_OPEN_URI : 0);
  const int code = sqlite3_open_v2(path.c_str(), &db_, flags, nullptr);
  if (code != SQLITE_OK) {
    const std::string message =
        "open " + path + ": " + (db_ != nullptr ? sqlite3_errmsg(db_) : sqlite3_errstr(code));
    sqlite3_close_v2(db_);
    throw StorageError(message, code);
  }
  sqlite3_extended_result_codes(db_, 1);
  sqlite3_busy_timeout(db_, kBusyTimeoutMs);
  try {
    RunScript("PRAGMA foreign_keys = ON;");
  } catch (...) {
    sqlite3_close_v2(db_);
    throw;
  }
}

Connection::~Connection() {
  cache_.clear();  // statements must be finalized before the connection closes
  sqlite3_close_v2(db_);
}

Statement& Connection::Prepare(std::string_view sql) {
  auto found = cache_.find(std::string(sql));
  if (found == cache_.end()) {
    found = cache_.emplace(std::string(sql), std::make_unique<Statement>(db_, sql)).first;
  }
  return found->second->Reset();
}

void Connection::RunScript(std::string_view script) {
  const char* next = script.data();
  const char* end = script.data() + script.size();
  while (next < end && !OnlySpaceOrComments(std::string_view(next, end - next))) {
    sqlite3_stmt* stmt = nullptr;
    const char* tail = nullptr;
    int code = sqlite3_prepare_v2(db_, next, static_cast<int>(end - next), &stmt, &tail);
    if (code != SQLITE_OK) ThrowError(db_, code, "prepare script");
    if (stmt != nullptr) {
      do {
        code = sqlite3_step(stmt);
      } while (code == SQLITE_ROW);
      sqlite3_finalize(stmt);
      if (code != SQLITE_DONE) ThrowError(db_, code, "run script");
    }
    next = tail;
  }
}

std::string Connection::PragmaText(std::string_view pragma) {
  Statement statement(db_, std::string("PRAGMA ").append(pragma));
  return statement.Step() ? statement.Text(0) : std::string();
}

}  // namespace kafenio::storage::sqlite
