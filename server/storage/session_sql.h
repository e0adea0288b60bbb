#pragma once
// Players' own sessions (docs/security.md, "Sessions"): the details a player sees of each
// (migration 0017), and the writes that sign sessions out. Like StaffSql, one interface
// for the writer's transaction (WriteTransaction::Sessions) and for a reader
// (Storage::ReadSessions), with an SQLite and a PostgreSQL implementation.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace kafenio::storage {

// A session as its player lists it. Never the token; its hash only.
struct SessionDetails {
  std::string token_hash;
  std::int64_t account_id = 0;
  std::int64_t expires_ms = 0;
  std::int64_t created_ms = 0;    // 0: made before migration 0017
  std::int64_t last_seen_ms = 0;  // last signed in, resumed or disconnected
  std::string address;            // the player's address when last seen
  std::string device;             // the program (User-Agent) when last seen
};

class SessionSql {
 public:
  virtual ~SessionSql() = default;

  // A new session with its details (the row PutSession writes, and more).
  virtual void PutSessionDetails(const SessionDetails& session) = 0;
  // The session was used (resumed, or its connection closed) at `now_ms` from `address`
  // with `device`; nothing when it is gone.
  virtual void TouchSession(std::string_view token_hash, std::int64_t now_ms,
                            std::string_view address, std::string_view device) = 0;
  // Deletes every session of the account but `keep_token_hash` (empty: all of them);
  // returns the hashes deleted.
  virtual std::vector<std::string> DeleteSessionsOf(std::int64_t account_id,
                                                    std::string_view keep_token_hash) = 0;
  // Deletes the account's session whose hash begins with `hash_prefix` (a listed
  // session's id); returns its hash, or none when the account has no such session.
  virtual std::optional<std::string> DeleteSessionByPrefix(std::int64_t account_id,
                                                           std::string_view hash_prefix) = 0;
  // The account's sessions that have not expired by `now_ms`, last seen first.
  virtual std::vector<SessionDetails> SessionsOf(std::int64_t account_id, std::int64_t now_ms) = 0;
};

}  // namespace kafenio::storage
