#include "server/storage/memory_game_store.h"

namespace kafenio::server {

std::optional<AccountRecord> MemoryGameStore::CreateAccount(AccountRecord account) {
  std::lock_guard lock(mutex_);
  if (account_by_name_.count(account.name) != 0) return std::nullopt;
  account.id = next_account_id_++;
  account_by_name_[account.name] = account.id;
  accounts_[account.id] = account;
  return account;
}

std::optional<AccountRecord> MemoryGameStore::FindAccountByName(const std::string& name) {
  std::lock_guard lock(mutex_);
  const auto it = account_by_name_.find(name);
  if (it == account_by_name_.end()) return std::nullopt;
  return accounts_.at(it->second);
}

std::optional<AccountRecord> MemoryGameStore::FindAccount(std::int64_t id) {
  std::lock_guard lock(mutex_);
  const auto it = accounts_.find(id);
  if (it == accounts_.end()) return std::nullopt;
  return it->second;
}

void MemoryGameStore::SaveSession(const SessionRecord& session) {
  std::lock_guard lock(mutex_);
  sessions_[session.token_hash] = session;
}

std::optional<SessionRecord> MemoryGameStore::FindSession(const std::string& token_hash) {
  std::lock_guard lock(mutex_);
  const auto it = sessions_.find(token_hash);
  if (it == sessions_.end()) return std::nullopt;
  return it->second;
}

void MemoryGameStore::DeleteSession(const std::string& token_hash) {
  std::lock_guard lock(mutex_);
  sessions_.erase(token_hash);
}

void MemoryGameStore::SaveTable(const TableRecord& table) {
  std::lock_guard lock(mutex_);
  tables_[table.table_id] = table;
}

std::int64_t MemoryGameStore::NextMatchId() {
  std::lock_guard lock(mutex_);
  return next_match_id_++;
}

void MemoryGameStore::SaveMatch(const MatchRecord& match) {
  std::lock_guard lock(mutex_);
  matches_[match.match_id] = match;
}

void MemoryGameStore::AppendEvent(const MatchEventRecord& event, Done done) {
  {
    std::lock_guard lock(mutex_);
    events_[event.match_id].push_back(event);
  }
  done(true);
}

void MemoryGameStore::SaveHandResult(const HandResultRecord& result) {
  std::lock_guard lock(mutex_);
  hand_results_.push_back(result);
}

void MemoryGameStore::SaveMatchResult(const MatchResultRecord& result) {
  std::lock_guard lock(mutex_);
  match_results_.push_back(result);
}

std::vector<MatchEventRecord> MemoryGameStore::EventsOf(std::int64_t match_id) const {
  std::lock_guard lock(mutex_);
  const auto it = events_.find(match_id);
  return it == events_.end() ? std::vector<MatchEventRecord>{} : it->second;
}

}  // namespace kafenio::server
