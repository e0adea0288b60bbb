#pragma once
// The game server's GameStore on the durable storage of issue 5 (kafenio::storage::Storage,
// SQLite with group commit). Account, session, table and match writes wait until they are
// durable; match events are queued and their `done` runs once the group commit holding
// them is on disk, which is when the server acknowledges and broadcasts a move.
//
// A match's id is the store's. Tables are named by the server with random public ids
// (stored since migration 0004); this adapter maps them to the store's table ids for the
// tables it created or recovered. It also writes each finished match's game record
// (shared/record-format.md) from the deals and moves it stored.
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>

#include "server/storage/game_store.h"
#include "server/storage/storage.h"

namespace kafenio::server {

class SqliteGameStore final : public GameStore {
 public:
  explicit SqliteGameStore(std::unique_ptr<storage::Storage> storage);
  // Makes everything queued durable and closes the database.
  ~SqliteGameStore() override;

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
  // Results and ratings: sqlite_game_store_results.cc.
  std::optional<std::string> FinishedMatchRecord(std::int64_t match_id) override;
  std::vector<MatchHistoryEntry> MatchHistory(std::int64_t account_id, int limit,
                                              std::int64_t before_match_id) override;
  std::vector<RatingRecord> RatingsOf(std::int64_t account_id) override;
  std::vector<RatingRecord> Leaderboard(const std::string& mode, int limit) override;

 private:
  // What the adapter knows of a live match: the record so far.
  struct LiveMatch {
    int hand = 0;        // hands dealt so far
    std::string record;  // the game record, built as deals and moves are stored
  };

  // Queues one write and waits until it is durable; returns the error, empty when stored.
  std::string WriteAndWait(storage::WriteOp op);

  // Recovery: the server's view of one stored live match, and the record rebuilt for it.
  RecoveredMatch Recover(const storage::UnfinishedMatch& stored);
  // The stored id of a table by its public id; 0 when this store does not know it.
  std::int64_t StoredTableId(const std::string& table_id);
  // An account's name as recovery shows it, also for an account that is gone.
  std::string NameOf(std::int64_t account_id, bool* guest = nullptr);

  std::unique_ptr<storage::Storage> storage_;
  std::mutex mutex_;                               // guards the two maps below
  std::map<std::string, std::int64_t> table_ids_;  // public id -> stored id
  std::map<std::int64_t, LiveMatch> matches_;      // by match id
};

}  // namespace kafenio::server
