#include "server/storage/sqlite_session_sql.h"

namespace kafenio::storage {
namespace {

constexpr const char* kSessionColumns =
    "SELECT token_hash, account_id, expires_ms, COALESCE(created_ms, 0),"
    " COALESCE(last_seen_ms, created_ms, 0), COALESCE(address, ''), COALESCE(device, '')"
    " FROM sessions";

// Reads every row, then resets the statement: a cached statement left mid-way would keep
// its read transaction open.
std::vector<SessionDetails> ReadAll(sqlite::Statement& query) {
  std::vector<SessionDetails> out;
  try {
    while (query.Step()) {
      out.push_back(SessionDetails{query.Text(0), query.Int(1), query.Int(2), query.Int(3),
                                   query.Int(4), query.Text(5), query.Text(6)});
    }
  } catch (...) {
    query.Reset();
    throw;
  }
  query.Reset();
  return out;
}

}  // namespace

void SqliteSessionSql::PutSessionDetails(const SessionDetails& session) {
  db_.Prepare(
         "INSERT INTO sessions (token_hash, account_id, expires_ms, created_ms, last_seen_ms,"
         " address, device) VALUES (?, ?, ?, ?, ?, ?, ?)")
      .Bind(1, session.token_hash)
      .Bind(2, session.account_id)
      .Bind(3, session.expires_ms)
      .Bind(4, session.created_ms)
      .Bind(5, session.last_seen_ms)
      .Bind(6, session.address)
      .Bind(7, session.device)
      .Run();
}

void SqliteSessionSql::TouchSession(std::string_view token_hash, std::int64_t now_ms,
                                    std::string_view address, std::string_view device) {
  db_.Prepare(
         "UPDATE sessions SET last_seen_ms = MAX(COALESCE(last_seen_ms, 0), ?), address = ?,"
         " device = ? WHERE token_hash = ?")
      .Bind(1, now_ms)
      .Bind(2, address)
      .Bind(3, device)
      .Bind(4, token_hash)
      .Run();
}

std::vector<std::string> SqliteSessionSql::DeleteSessionsOf(std::int64_t account_id,
                                                            std::string_view keep_token_hash) {
  auto& query = db_.Prepare(
      "DELETE FROM sessions WHERE account_id = ? AND token_hash <> ? RETURNING token_hash,"
      " account_id, expires_ms, 0, 0, '', ''");
  query.Bind(1, account_id).Bind(2, keep_token_hash);
  std::vector<std::string> deleted;
  for (auto& session : ReadAll(query)) deleted.push_back(std::move(session.token_hash));
  return deleted;
}

std::optional<std::string> SqliteSessionSql::DeleteSessionByPrefix(std::int64_t account_id,
                                                                   std::string_view hash_prefix) {
  auto& query = db_.Prepare(
      "DELETE FROM sessions WHERE account_id = ? AND substr(token_hash, 1, ?) = ?"
      " RETURNING token_hash, account_id, expires_ms, 0, 0, '', ''");
  query.Bind(1, account_id)
      .Bind(2, static_cast<std::int64_t>(hash_prefix.size()))
      .Bind(3, hash_prefix);
  auto deleted = ReadAll(query);
  if (deleted.empty()) return std::nullopt;
  return deleted.front().token_hash;
}

std::vector<SessionDetails> SqliteSessionSql::SessionsOf(std::int64_t account_id,
                                                         std::int64_t now_ms) {
  auto& query = db_.Prepare(std::string(kSessionColumns) +
                            " WHERE account_id = ? AND expires_ms > ? ORDER BY 5 DESC, 1");
  query.Bind(1, account_id).Bind(2, now_ms);
  return ReadAll(query);
}

}  // namespace kafenio::storage
