// GameStore's part of players' own sessions (session_store.h): each write is one operation
// on Storage's queue, whatever it returns read by its completion after the commit.
#include <memory>
#include <utility>

#include "server/storage/game_store.h"

namespace kafenio::server {

void GameStore::SaveSessionDetails(SessionDetails session, Executor executor,
                                   Then<WriteResult> then) {
  Write([session = std::move(session)](
            storage::WriteTransaction& tx) { tx.Sessions().PutSessionDetails(session); },
        std::move(executor), std::move(then));
}

void GameStore::TouchSession(std::string token_hash, std::int64_t now_ms, std::string address,
                             std::string device, Executor executor, Then<WriteResult> then) {
  Write(
      [token_hash = std::move(token_hash), now_ms, address = std::move(address),
       device = std::move(device)](storage::WriteTransaction& tx) {
        tx.Sessions().TouchSession(token_hash, now_ms, address, device);
      },
      std::move(executor), std::move(then));
}

void GameStore::DeleteSessionsOf(std::int64_t account_id, std::string keep_token_hash,
                                 Executor executor, Then<Written<std::vector<std::string>>> then) {
  auto deleted = std::make_shared<std::vector<std::string>>();
  Write(
      [account_id, keep = std::move(keep_token_hash), deleted](storage::WriteTransaction& tx) {
        *deleted = tx.Sessions().DeleteSessionsOf(account_id, keep);
      },
      std::move(executor),
      [deleted, then = std::move(then)](WriteResult result) {
        then(Written<std::vector<std::string>>{
            result, result.ok() ? *deleted : std::vector<std::string>{}});
      });
}

void GameStore::DeleteSessionByPrefix(std::int64_t account_id, std::string hash_prefix,
                                      Executor executor,
                                      Then<Written<std::optional<std::string>>> then) {
  auto deleted = std::make_shared<std::optional<std::string>>();
  Write(
      [account_id, prefix = std::move(hash_prefix), deleted](storage::WriteTransaction& tx) {
        *deleted = tx.Sessions().DeleteSessionByPrefix(account_id, prefix);
      },
      std::move(executor),
      [deleted, then = std::move(then)](WriteResult result) {
        then(Written<std::optional<std::string>>{
            result, result.ok() ? *deleted : std::optional<std::string>{}});
      });
}

void GameStore::ChangePassword(std::int64_t account_id, std::string password_hash,
                               std::string keep_token_hash, Executor executor,
                               Then<Written<std::vector<std::string>>> then) {
  auto deleted = std::make_shared<std::vector<std::string>>();
  Write(
      [account_id, hash = std::move(password_hash), keep = std::move(keep_token_hash),
       deleted](storage::WriteTransaction& tx) {
        tx.SetPasswordHash(account_id, hash);
        *deleted = tx.Sessions().DeleteSessionsOf(account_id, keep);
      },
      std::move(executor),
      [deleted, then = std::move(then)](WriteResult result) {
        then(Written<std::vector<std::string>>{
            result, result.ok() ? *deleted : std::vector<std::string>{}});
      });
}

std::vector<SessionDetails> GameStore::SessionsOf(std::int64_t account_id, std::int64_t now_ms) {
  std::vector<SessionDetails> out;
  storage_->ReadSessions(
      [&](storage::SessionSql& sessions) { out = sessions.SessionsOf(account_id, now_ms); });
  return out;
}

}  // namespace kafenio::server
