#pragma once
// SessionSql on an SQLite connection (the writer's, in its transaction, or a reader's).
#include "server/storage/session_sql.h"
#include "server/storage/sqlite/connection.h"

namespace kafenio::storage {

class SqliteSessionSql final : public SessionSql {
 public:
  explicit SqliteSessionSql(sqlite::Connection& db) : db_(db) {}

  void PutSessionDetails(const SessionDetails& session) override;
  void TouchSession(std::string_view token_hash, std::int64_t now_ms, std::string_view address,
                    std::string_view device) override;
  std::vector<std::string> DeleteSessionsOf(std::int64_t account_id,
                                            std::string_view keep_token_hash) override;
  std::optional<std::string> DeleteSessionByPrefix(std::int64_t account_id,
                                                   std::string_view hash_prefix) override;
  std::vector<SessionDetails> SessionsOf(std::int64_t account_id, std::int64_t now_ms) override;

 private:
  sqlite::Connection& db_;
};

}  // namespace kafenio::storage
