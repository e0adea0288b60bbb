#pragma once
// GameStore kept in memory behind a mutex: for tests and `kafenio serve --db memory`. Events are
// "durable" as soon as they are in the vector, and `done` is called before AppendEvent returns.
#include <map>
#include <mutex>
#include <set>
#include <utility>

#include "server/storage/game_store.h"
#include "server/storage/rows.h"

namespace kafenio::server {

class MemoryGameStore final : public GameStore {
 public:
  std::optional<AccountRecord> CreateAccount(AccountRecord account) override;
  std::optional<AccountRecord> FindAccountByName(const std::string& name) override;
  std::optional<AccountRecord> FindAccount(std::int64_t id) override;
  void SaveSession(const SessionRecord& session) override;
  std::optional<SessionRecord> FindSession(const std::string& token_hash) override;
  void DeleteSession(const std::string& token_hash) override;
  std::int64_t SaveTable(const TableRecord& table) override;
  std::int64_t SaveMatch(const MatchRecord& match) override;
  void AppendEvent(const MatchEventRecord& event, Done done) override;
  void SaveHandResult(const HandResultRecord& result) override;
  void SaveMatchResult(const MatchResultRecord& result) override;
  void AbandonMatch(std::int64_t match_id) override;
  void SaveSeatHold(std::int64_t match_id, int seat, const SeatHold& hold) override;
  void SaveTableSeats(const std::string& table_id,
                      const std::vector<TableSeatRecord>& seats) override;
  void CloseTable(const std::string& table_id) override;
  std::vector<RecoveredMatch> LoadUnfinishedMatches() override;
  std::vector<RecoveredTable> LoadOpenTables() override;
  std::optional<std::string> FinishedMatchRecord(std::int64_t match_id) override;
  std::vector<MatchHistoryEntry> MatchHistory(std::int64_t account_id, int limit,
                                              std::int64_t before_match_id) override;
  std::vector<RatingRecord> RatingsOf(std::int64_t account_id) override;
  std::vector<RatingRecord> Leaderboard(const std::string& mode, int limit) override;

  // For tests: the events stored for a match, in order.
  std::vector<MatchEventRecord> EventsOf(std::int64_t match_id) const;

 private:
  mutable std::mutex mutex_;
  std::int64_t next_account_id_ = 1;
  std::int64_t next_match_id_ = 1;
  std::int64_t next_table_number_ = 1;
  std::map<std::int64_t, AccountRecord> accounts_;
  std::map<std::string, std::int64_t> account_by_name_;
  std::map<std::string, SessionRecord> sessions_;
  std::map<std::string, TableRecord> tables_;
  std::map<std::string, std::int64_t> table_numbers_;
  std::set<std::string> closed_tables_;
  std::map<std::string, std::vector<TableSeatRecord>> table_seats_;  // open tables only
  std::map<std::int64_t, MatchRecord> matches_;
  std::map<std::int64_t, std::vector<MatchEventRecord>> events_;
  std::vector<HandResultRecord> hand_results_;
  std::map<std::string, SeriesRecord> series_;
  std::set<std::int64_t> abandoned_;
  std::map<std::int64_t, std::vector<SeatHold>> seat_holds_;  // by match, then seat
  std::map<std::int64_t, MatchResultRecord> match_results_;   // by match id
  // Current ratings by (account, mode), and what each rated match did to its players.
  std::map<std::pair<std::int64_t, std::string>, storage::Rating> ratings_;
  std::map<std::int64_t, std::map<std::int64_t, RatingChange>> rating_changes_;  // match, account

  RatingRecord ToRecord(const storage::Rating& rating) const;  // with the mutex held
  // SaveTableSeats, with the mutex held.
  void StoreSeats(const std::string& table_id, const std::vector<TableSeatRecord>& seats);
  // Neither finished nor abandoned; with the mutex held.
  bool IsLive(std::int64_t match_id) const {
    return !abandoned_.count(match_id) && !match_results_.count(match_id);
  }
};

}  // namespace kafenio::server
