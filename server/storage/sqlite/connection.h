#pragma once
// One SQLite connection with a cache of prepared statements keyed by their SQL text, so
// each statement is compiled once per connection. A connection is used by one thread at a
// time.
#include <sqlite3.h>

#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>

#include "server/storage/sqlite/statement.h"

namespace kafenio::storage::sqlite {

enum class OpenMode { read_write_create, read_only };

class Connection {
 public:
  Connection(const std::string& path, OpenMode mode);
  ~Connection();
  Connection(const Connection&) = delete;
  Connection& operator=(const Connection&) = delete;

  // The cached statement for this SQL, reset and ready to bind.
  Statement& Prepare(std::string_view sql);
  // Runs each statement of a script (migrations, pragmas) through prepare/step/finalize.
  void RunScript(std::string_view script);
  // A pragma's first result column as text ("wal", "ok").
  std::string PragmaText(std::string_view pragma);

  sqlite3* handle() const { return db_; }

 private:
  sqlite3* db_ = nullptr;
  std::unordered_map<std::string, std::unique_ptr<Statement>> cache_;
};

}  // namespace kafenio::storage::sqlite
