#include "server/storage/memory_game_store.h"

#include <algorithm>

#include "server/rating/rating_modes.h"
#include "server/rating/record_match_result.h"
#include "server/storage/game_record_text.h"

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
  table_numbers_[table.table_id] = next_table_number_;
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
  match_results_[result.match_id] = result;
  if (tables_.count(result.series.table_id)) {
    series_[result.series.table_id] = result.series;
    StoreSeats(result.series.table_id, result.seats_after);
  }
  const auto found = matches_.find(result.match_id);
  if (found == matches_.end() || !found->second.rated) return;
  // The same rating rules as the SQLite store's rating::RecordMatchResult.
  const MatchRecord& match = found->second;
  storage::Match stored;
  stored.id = match.match_id;
  stored.game = match.game;
  stored.rated = match.rated;
  for (const std::int64_t account : match.seat_accounts) {
    storage::SeatHolder seat;
    if (account != 0) seat.account_id = account;
    stored.seats.push_back(seat);
  }
  if (!rating::IsRatedMatch(stored)) return;
  const std::string mode(*rating::RatingMode(match.game, static_cast<int>(stored.seats.size())));
  storage::MatchResult outcome;
  outcome.match_id = match.match_id;
  if (result.winner >= 0) outcome.winner = result.winner;
  if (result.abandoned_by >= 0) outcome.abandoned_by = result.abandoned_by;
  outcome.finished_ms = result.finished_unix_ms;
  std::vector<storage::Rating> before;
  for (const std::int64_t account : match.seat_accounts) {
    const auto it = ratings_.find({account, mode});
    before.push_back(it == ratings_.end() ? storage::Rating{account, mode} : it->second);
  }
  const auto after = rating::RatingsAfterMatch(stored, outcome, before);
  for (std::size_t seat = 0; seat < after.size(); ++seat) {
    const std::int64_t account = match.seat_accounts[seat];
    rating_changes_[match.match_id][account] =
        RatingChange{mode, before[seat].rating, after[seat].rating, after[seat].rd};
    ratings_[{account, mode}] = after[seat];
  }
}

std::optional<std::string> MemoryGameStore::FinishedMatchRecord(std::int64_t match_id) {
  std::lock_guard lock(mutex_);
  const auto match = matches_.find(match_id);
  if (match == matches_.end() || match_results_.count(match_id) == 0) return std::nullopt;
  const auto events = events_.find(match_id);
  return GameRecordText(match->second,
                        events == events_.end() ? std::vector<MatchEventRecord>{} : events->second);
}

std::vector<MatchHistoryEntry> MemoryGameStore::MatchHistory(std::int64_t account_id, int limit,
                                                             std::int64_t before_match_id) {
  std::lock_guard lock(mutex_);
  std::vector<MatchHistoryEntry> history;
  for (auto it = matches_.rbegin(); it != matches_.rend(); ++it) {
    if (static_cast<int>(history.size()) >= limit) break;
    const MatchRecord& match = it->second;
    if (before_match_id != 0 && match.match_id >= before_match_id) continue;
    const auto own = std::find(match.seat_accounts.begin(), match.seat_accounts.end(), account_id);
    if (own == match.seat_accounts.end()) continue;
    MatchHistoryEntry entry;
    entry.match_id = match.match_id;
    entry.game = match.game;
    entry.rules = match.rules;
    entry.started_unix_ms = match.started_unix_ms;
    entry.rated = match.rated;
    entry.own_seat = static_cast<int>(own - match.seat_accounts.begin());
    entry.own_team = entry.own_seat % 2;
    for (std::size_t seat = 0; seat < match.seat_accounts.size(); ++seat) {
      const std::int64_t account = match.seat_accounts[seat];
      const auto holder = accounts_.find(account);
      entry.seats.push_back(SeatSummary{static_cast<int>(seat), account,
                                        holder == accounts_.end() ? "bot" : holder->second.name});
    }
    entry.state = "live";
    if (const auto result = match_results_.find(match.match_id); result != match_results_.end()) {
      entry.state = result->second.abandoned_by >= 0 ? "abandoned" : "finished";
      entry.finished_unix_ms = result->second.finished_unix_ms;
      entry.winner = result->second.winner;
      entry.totals = result->second.totals;
    }
    if (const auto changes = rating_changes_.find(match.match_id);
        changes != rating_changes_.end()) {
      if (const auto change = changes->second.find(account_id); change != changes->second.end()) {
        entry.rating = change->second;
      }
    }
    history.push_back(std::move(entry));
  }
  return history;
}

RatingRecord MemoryGameStore::ToRecord(const storage::Rating& rating) const {
  const auto account = accounts_.find(rating.account_id);
  return RatingRecord{
      rating.account_id, account == accounts_.end() ? std::string() : account->second.name,
      rating.mode,       rating.rating,
      rating.rd,         rating.volatility,
      rating.matches,    rating.updated_ms};
}

std::vector<RatingRecord> MemoryGameStore::RatingsOf(std::int64_t account_id) {
  std::lock_guard lock(mutex_);
  std::vector<RatingRecord> ratings;
  for (const auto& [key, rating] : ratings_) {
    if (key.first == account_id) ratings.push_back(ToRecord(rating));
  }
  return ratings;
}

std::vector<RatingRecord> MemoryGameStore::Leaderboard(const std::string& mode, int limit) {
  std::lock_guard lock(mutex_);
  std::vector<RatingRecord> board;
  for (const auto& [key, rating] : ratings_) {
    if (key.second == mode) board.push_back(ToRecord(rating));
  }
  // Highest first; equal ratings by account id, as the SQLite leaderboard orders them.
  std::sort(board.begin(), board.end(), [](const RatingRecord& a, const RatingRecord& b) {
    return a.rating != b.rating ? a.rating > b.rating : a.account_id < b.account_id;
  });
  if (static_cast<int>(board.size()) > limit) board.resize(static_cast<std::size_t>(limit));
  return board;
}

void MemoryGameStore::AbandonMatch(std::int64_t match_id) {
  std::lock_guard lock(mutex_);
  abandoned_.insert(match_id);
}

void MemoryGameStore::SaveSeatHold(std::int64_t match_id, int seat, const SeatHold& hold) {
  std::lock_guard lock(mutex_);
  const auto match = matches_.find(match_id);
  if (match == matches_.end() || seat < 0 ||
      static_cast<std::size_t>(seat) >= match->second.seat_accounts.size()) {
    return;  // as the SQLite store refuses it
  }
  auto& holds = seat_holds_[match_id];
  holds.resize(match->second.seat_accounts.size());
  holds[static_cast<std::size_t>(seat)] = hold;
}

void MemoryGameStore::SaveTableSeats(const std::string& table_id,
                                     const std::vector<TableSeatRecord>& seats) {
  std::lock_guard lock(mutex_);
  StoreSeats(table_id, seats);
}

void MemoryGameStore::StoreSeats(const std::string& table_id,
                                 const std::vector<TableSeatRecord>& seats) {
  if (!tables_.count(table_id) || closed_tables_.count(table_id))
    return;  // as the SQLite store refuses it
  auto& stored = table_seats_[table_id];
  stored.clear();
  for (const TableSeatRecord& seat : seats)
    stored.push_back({seat.seat, seat.account_id, {}, false});
}

void MemoryGameStore::CloseTable(const std::string& table_id) {
  std::lock_guard lock(mutex_);
  if (!tables_.count(table_id)) return;
  closed_tables_.insert(table_id);
  table_seats_.erase(table_id);
}

std::vector<RecoveredTable> MemoryGameStore::LoadOpenTables() {
  std::lock_guard lock(mutex_);
  std::set<std::string> with_live_match;
  for (const auto& [id, match] : matches_) {
    if (IsLive(id)) with_live_match.insert(match.table_id);
  }
  std::vector<RecoveredTable> open;
  for (const auto& [table_id, table] : tables_) {
    if (closed_tables_.count(table_id) || with_live_match.count(table_id)) continue;
    RecoveredTable out;
    out.table = table;
    out.table_number = table_numbers_[table_id];
    if (const auto seats = table_seats_.find(table_id); seats != table_seats_.end()) {
      for (TableSeatRecord seat : seats->second) {
        if (const auto account = accounts_.find(seat.account_id); account != accounts_.end()) {
          seat.name = account->second.name;
          seat.guest = account->second.guest;
        }
        out.seats.push_back(std::move(seat));
      }
    }
    if (const auto series = series_.find(table_id); series != series_.end())
      out.series = series->second;
    out.series.table_id = table_id;
    open.push_back(std::move(out));
  }
  return open;
}

std::vector<RecoveredMatch> MemoryGameStore::LoadUnfinishedMatches() {
  std::lock_guard lock(mutex_);
  std::vector<RecoveredMatch> unfinished;
  for (const auto& [id, match] : matches_) {
    if (!IsLive(id)) continue;
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
    out.seat_holds.resize(match.seat_accounts.size());
    if (const auto holds = seat_holds_.find(id); holds != seat_holds_.end()) {
      out.seat_holds = holds->second;
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
