#pragma once
// Accounts and sessions, as the server keeps them (Store implements this over Storage).
// Writes complete on the caller's executor (store_completion.h); reads block, so the
// server makes them from its blocking-work pool, never from an I/O thread.
#include <optional>
#include <string>

#include "server/storage/session_store.h"
#include "server/storage/store_completion.h"
#include "server/storage/store_records.h"

namespace kafenio::server {

// With players' own sessions (session_store.h).
class AccountStore : public SessionStore {
 public:
  virtual ~AccountStore() = default;

  virtual std::optional<AccountRecord> FindAccountByName(const std::string& name) = 0;
  // By the name's key (server/names/player_name.h): case and lookalike letters ignored.
  virtual std::optional<AccountRecord> FindAccountByNameKey(const std::string& name_key) = 0;
  virtual std::optional<AccountRecord> FindAccount(std::int64_t id) = 0;
  // A session that has not expired by `now_ms`.
  virtual std::optional<SessionRecord> FindSession(const std::string& token_hash,
                                                   std::int64_t now_ms) = 0;

  // Fills in the id. A taken name (names ignore case) is a conflict.
  virtual void CreateAccount(AccountRecord account, Executor executor,
                             Then<Written<AccountRecord>> then) = 0;
  virtual void SaveSession(SessionRecord session, Executor executor, Then<WriteResult> then) = 0;
  virtual void DeleteSession(std::string token_hash, Executor executor, Then<WriteResult> then) = 0;
};

}  // namespace kafenio::server
