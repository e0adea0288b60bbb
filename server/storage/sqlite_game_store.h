#pragma once
// The game server's GameStore on the durable storage of issue 5 (kafenio::storage::Storage,
// SQLite with group commit). Account, session, table and match writes wait until they are
// durable; match events are queued and their `done` runs once the group commit holding
// them is on disk, which is when the server acknowledges and broadcasts a move.
//
// The server names tables with random strings and numbers matches itself; the store
// assigns its own ids, so this adapter keeps the mapping for the matches it has seen. It
// also writes each finished match's game record (shared/record-format.md) from the deals
// and moves it stored.
#include <atomic>
#include <map>
#include <memory>
#include <mutex>
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
  void SaveTable(const TableRecord& table) override;
  std::int64_t NextMatchId() override;
  void SaveMatch(const MatchRecord& match) override;
  void AppendEvent(const MatchEventRecord& event, Done done) override;
  void SaveHandResult(const HandResultRecord& result) override;
  void SaveMatchResult(const MatchResultRecord& result) override;
  // Results and ratings: sqlite_game_store_results.cc.
  std::optional<std::string> FinishedMatchRecord(std::int64_t match_id) override;
  std::vector<MatchHistoryEntry> MatchHistory(std::int64_t account_id, int limit,
                                              std::int64_t before_match_id) override;
  std::vector<RatingRecord> RatingsOf(std::int64_t account_id) override;
  std::vector<RatingRecord> Leaderboard(const std::string& mode, int limit) override;

 private:
  // What the adapter knows of a live match: the store's id, and the record so far.
  struct LiveMatch {
    std::int64_t stored_id = 0;
    int hand = 0;        // hands dealt so far
    std::string record;  // the game record, built as deals and moves are stored
  };

  // Queues one write and waits until it is durable; returns the error, empty when stored.
  std::string WriteAndWait(storage::WriteOp op);

  std::unique_ptr<storage::Storage> storage_;
  std::atomic<std::int64_t> next_match_id_{1};
  std::mutex mutex_;  // guards the two maps below
  std::map<std::string, std::int64_t> table_ids_;
  std::map<std::int64_t, LiveMatch> matches_;  // by the server's match id
  // Every match this process started: the server's id and the store's, both ways, so
  // results can be asked for by the id clients saw. A match from before this process
  // started is known by its stored id. (Goes away once the two ids are the same.)
  std::map<std::int64_t, std::int64_t> stored_ids_;
  std::map<std::int64_t, std::int64_t> server_ids_;
  std::int64_t StoredMatchId(std::int64_t server_id);
  std::int64_t ServerMatchId(std::int64_t stored_id);
};

}  // namespace kafenio::server
