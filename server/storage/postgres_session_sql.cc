#include "server/storage/postgres_session_sql.h"

namespace kafenio::storage {

using pg::Params;
using pg::Result;

void PostgresSessionSql::PutSessionDetails(const SessionDetails& session) {
  db_.Run(
      "INSERT INTO sessions (token_hash, account_id, expires_ms, created_ms, last_seen_ms,"
      " address, device) VALUES ($1, $2, $3, $4, $5, $6, $7)",
      Params()
          .Add(session.token_hash)
          .Add(session.account_id)
          .Add(session.expires_ms)
          .Add(session.created_ms)
          .Add(session.last_seen_ms)
          .Add(session.address)
          .Add(session.device));
}

void PostgresSessionSql::TouchSession(std::string_view token_hash, std::int64_t now_ms,
                                      std::string_view address, std::string_view device) {
  db_.Run(
      "UPDATE sessions SET last_seen_ms = GREATEST(COALESCE(last_seen_ms, 0), $1), address = $2,"
      " device = $3 WHERE token_hash = $4",
      Params().Add(now_ms).Add(address).Add(device).Add(token_hash));
}

std::vector<std::string> PostgresSessionSql::DeleteSessionsOf(std::int64_t account_id,
                                                              std::string_view keep_token_hash) {
  const Result rows = db_.Run(
      "DELETE FROM sessions WHERE account_id = $1 AND token_hash <> $2 RETURNING token_hash",
      Params().Add(account_id).Add(keep_token_hash));
  std::vector<std::string> deleted;
  for (int r = 0; r < rows.rows(); ++r) deleted.push_back(rows.Text(r, 0));
  return deleted;
}

std::optional<std::string> PostgresSessionSql::DeleteSessionByPrefix(std::int64_t account_id,
                                                                     std::string_view hash_prefix) {
  const Result rows = db_.Run(
      "DELETE FROM sessions WHERE account_id = $1 AND left(token_hash, $2) = $3"
      " RETURNING token_hash",
      Params().Add(account_id).Add(static_cast<int>(hash_prefix.size())).Add(hash_prefix));
  if (rows.empty()) return std::nullopt;
  return rows.Text(0, 0);
}

std::vector<SessionDetails> PostgresSessionSql::SessionsOf(std::int64_t account_id,
                                                           std::int64_t now_ms) {
  const Result rows = db_.Run(
      "SELECT token_hash, account_id, expires_ms, COALESCE(created_ms, 0),"
      " COALESCE(last_seen_ms, created_ms, 0), COALESCE(address, ''), COALESCE(device, '')"
      " FROM sessions WHERE account_id = $1 AND expires_ms > $2 ORDER BY 5 DESC, 1",
      Params().Add(account_id).Add(now_ms));
  std::vector<SessionDetails> out;
  for (int r = 0; r < rows.rows(); ++r) {
    out.push_back(SessionDetails{rows.Text(r, 0), rows.Int(r, 1), rows.Int(r, 2), rows.Int(r, 3),
                                 rows.Int(r, 4), rows.Text(r, 5), rows.Text(r, 6)});
  }
  return out;
}

}  // namespace kafenio::storage
