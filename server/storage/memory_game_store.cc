#include "server/storage/memory_game_store.h"

#include <algorithm>

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

std::int64_t MemoryGameStore::SaveTable(const TableRecord& table) {
  std::lock_guard lock(mutex_);
  tables_[table.table_id] = table;
  return next_table_number_++;
}

std::int64_t MemoryGameStore::SaveMatch(const MatchRecord& match) {
  std::lock_guard lock(mutex_);
  const std::int64_t id = next_match_id_++;
  matches_[id] = match;
  matches_[id].match_id = id;
  return id;
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

void MemoryGameStore::SaveSeries(const SeriesRecord& series) {
  std::lock_guard lock(mutex_);
  series_[series.table_id] = series;
}

void MemoryGameStore::AbandonMatch(std::int64_t match_id) {
  std::lock_guard lock(mutex_);
  abandoned_.insert(match_id);
}

std::vector<RecoveredMatch> MemoryGameStore::LoadUnfinishedMatches() {
  std::lock_guard lock(mutex_);
  std::vector<RecoveredMatch> unfinished;
  for (const auto& [id, match] : matches_) {
    const bool finished =
        abandoned_.count(id) != 0 ||
        std::any_of(match_results_.begin(), match_results_.end(),
                    [id = id](const MatchResultRecord& r) { return r.match_id == id; });
    if (finished) continue;
    RecoveredMatch out;
    if (auto table = tables_.find(match.table_id); table != tables_.end())
      out.table = table->second;
    if (auto series = series_.find(match.table_id); series != series_.end()) {
      out.series = series->second;
    }
    out.series.table_id = match.table_id;
    out.match = match;
    for (const std::int64_t account : match.seat_accounts) {
      const auto found = accounts_.find(account);
      out.seat_names.push_back(found == accounts_.end() ? std::string() : found->second.name);
    }
    int hand = 0;
    for (const MatchEventRecord& event : events_[id]) {
      if (event.kind == "deal") {
        out.deals.push_back(RecoveredMatch::Deal{++hand, event.seat, std::stoull(event.text),
                                                 event.salt_hex, event.commitment_hex});
      } else {
        const auto space = event.text.find(' ');
        out.moves.push_back(
            RecoveredMatch::Move{event.seq, hand, event.seat, event.text.substr(space + 1)});
      }
    }
    out.hand_results_stored = static_cast<int>(
        std::count_if(hand_results_.begin(), hand_results_.end(),
                      [id = id](const HandResultRecord& r) { return r.match_id == id; }));
    unfinished.push_back(std::move(out));
  }
  return unfinished;
}

std::vector<MatchEventRecord> MemoryGameStore::EventsOf(std::int64_t match_id) const {
  std::lock_guard lock(mutex_);
  const auto it = events_.find(match_id);
  return it == events_.end() ? std::vector<MatchEventRecord>{} : it->second;
}

}  // namespace kafenio::server
