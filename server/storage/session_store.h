#pragma once
// Players' own sessions as the server keeps them (docs/security.md, "Sessions"): made
// with their details, touched when used, listed, and signed out. GameStore implements it
// (game_store_sessions.cc). Writes complete on the caller's executor; SessionsOf blocks,
// so the server calls it from its blocking-work pool.
#include <optional>
#include <string>
#include <vector>

#include "server/storage/session_sql.h"
#include "server/storage/store_completion.h"

namespace kafenio::server {

using SessionDetails = storage::SessionDetails;

class SessionStore {
 public:
  virtual ~SessionStore() = default;

  virtual void SaveSessionDetails(SessionDetails session, Executor executor,
                                  Then<WriteResult> then) = 0;
  virtual void TouchSession(std::string token_hash, std::int64_t now_ms, std::string address,
                            std::string device, Executor executor, Then<WriteResult> then) = 0;
  // Deletes every session of the account but `keep_token_hash` (empty: all); the hashes
  // deleted come back with the result.
  virtual void DeleteSessionsOf(std::int64_t account_id, std::string keep_token_hash,
                                Executor executor,
                                Then<Written<std::vector<std::string>>> then) = 0;
  // Deletes the account's session whose hash begins with `hash_prefix`; its hash comes
  // back, or none when the account has no such session.
  virtual void DeleteSessionByPrefix(std::int64_t account_id, std::string hash_prefix,
                                     Executor executor,
                                     Then<Written<std::optional<std::string>>> then) = 0;
  // A new password and every other session deleted, in one transaction.
  virtual void ChangePassword(std::int64_t account_id, std::string password_hash,
                              std::string keep_token_hash, Executor executor,
                              Then<Written<std::vector<std::string>>> then) = 0;
  // Blocks (storage).
  virtual std::vector<SessionDetails> SessionsOf(std::int64_t account_id, std::int64_t now_ms) = 0;
};

}  // namespace kafenio::server
