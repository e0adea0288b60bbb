#pragma once
// The game server's one store: accounts and sessions, the match log, and results, on the
// Storage interface (storage.h: SQLite on a file, or in memory for `--db memory`; a
// networked database can implement Storage too). It names no database and keeps no state
// of its own beyond the Storage: every write is one queued operation whose completion runs
// on the caller's executor (store_completion.h), and every read goes to Storage's readers.
//
// Parts of the server take only the interface they use (AccountStore, MatchLog,
// ResultsStore), so a test double implements only what it needs.
#include <memory>

#include "server/storage/account_store.h"
#include "server/storage/match_log.h"
#include "server/storage/results_store.h"
#include "server/storage/storage.h"

namespace kafenio::server {

class GameStore final : public AccountStore, public MatchLog, public ResultsStore {
 public:
  explicit GameStore(std::unique_ptr<storage::Storage> storage);
  // Makes everything queued durable and closes the storage (also Close).
  ~GameStore() override;
  // The same, before the executors that completions go to are gone; later writes fail.
  void Close();

  storage::Storage& storage() { return *storage_; }

  // AccountStore.
  void CreateAccount(AccountRecord account, Executor executor,
                     Then<Written<AccountRecord>> then) override;
  void SaveSession(SessionRecord session, Executor executor, Then<WriteResult> then) override;
  void DeleteSession(std::string token_hash, Executor executor, Then<WriteResult> then) override;
  std::optional<AccountRecord> FindAccountByName(const std::string& name) override;
  std::optional<AccountRecord> FindAccountByNameKey(const std::string& name_key) override;
  std::optional<AccountRecord> FindAccount(std::int64_t id) override;
  std::optional<SessionRecord> FindSession(const std::string& token_hash,
                                           std::int64_t now_ms) override;
  // SessionStore: game_store_sessions.cc.
  void SaveSessionDetails(SessionDetails session, Executor executor,
                          Then<WriteResult> then) override;
  void TouchSession(std::string token_hash, std::int64_t now_ms, std::string address,
                    std::string device, Executor executor, Then<WriteResult> then) override;
  void DeleteSessionsOf(std::int64_t account_id, std::string keep_token_hash, Executor executor,
                        Then<Written<std::vector<std::string>>> then) override;
  void DeleteSessionByPrefix(std::int64_t account_id, std::string hash_prefix, Executor executor,
                             Then<Written<std::optional<std::string>>> then) override;
  void ChangePassword(std::int64_t account_id, std::string password_hash,
                      std::string keep_token_hash, Executor executor,
                      Then<Written<std::vector<std::string>>> then) override;
  std::vector<SessionDetails> SessionsOf(std::int64_t account_id, std::int64_t now_ms) override;

  // MatchLog.
  void CreateTable(TableRecord table, Executor executor, Then<Written<std::int64_t>> then) override;
  void CreateMatch(MatchRecord match, Executor executor, Then<Written<std::int64_t>> then) override;
  void AppendEvent(MatchEventRecord event, Executor executor, Then<WriteResult> then) override;
  void SaveHandResult(std::int64_t match_id, HandResultRecord result, Executor executor,
                      Then<WriteResult> then) override;
  void SaveSeatHold(std::int64_t match_id, int seat, SeatHold hold, Executor executor,
                    Then<WriteResult> then) override;
  void FinishMatch(MatchResultRecord result, Executor executor, Then<WriteResult> then) override;
  void AbandonMatch(std::int64_t match_id, std::string record, std::int64_t unix_ms,
                    Executor executor, Then<WriteResult> then) override;
  void SaveTableSeats(std::int64_t table_number, std::vector<TableSeatRecord> seats,
                      Executor executor, Then<WriteResult> then) override;
  void WriteModeration(std::function<void(storage::StaffSql&)> op, Executor executor,
                       Then<WriteResult> then) override;
  void CloseTable(std::int64_t table_number, std::int64_t unix_ms, Executor executor,
                  Then<WriteResult> then) override;
  void ReopenTable(std::int64_t table_number, Executor executor, Then<WriteResult> then) override;
  // game_store_recovery.cc.
  std::vector<RecoveredMatch> LoadUnfinishedMatches() override;
  std::vector<RecoveredTable> LoadOpenTables() override;
  std::vector<RecoveredMatch> LoadUnfinishedMatchesOf(
      const std::vector<std::int64_t>& tables) override;
  std::vector<RecoveredTable> LoadOpenTablesOf(const std::vector<std::int64_t>& tables) override;

  // ResultsStore: game_store_results.cc.
  std::optional<std::string> FinishedMatchRecord(std::int64_t match_id) override;
  std::vector<MatchHistoryEntry> MatchHistory(std::int64_t account_id, int limit,
                                              std::int64_t before_match_id) override;
  std::vector<RatingRecord> RatingsOf(std::int64_t account_id) override;
  std::vector<RatingPoint> RatingHistoryOf(std::int64_t account_id,
                                           const std::string& mode) override;
  std::vector<RatingRecord> Leaderboard(const std::string& mode, int limit) override;
  std::optional<TournamentRows> Tournament(std::int64_t tournament_id) override;

 private:
  // Queues `op`; `then` gets its result on `executor`.
  void Write(storage::WriteOp op, Executor executor, Then<WriteResult> then);
  // The same for an operation that creates a row and returns its id.
  void WriteReturningId(std::function<std::int64_t(storage::WriteTransaction&)> create,
                        Executor executor, Then<Written<std::int64_t>> then);
  // An account's name as recovery shows it, also for an account that is gone.
  std::string NameOf(std::int64_t account_id, bool* guest = nullptr);
  RecoveredMatch Recover(const storage::UnfinishedMatch& stored);
  std::vector<RecoveredTable> RecoverTables(const std::vector<storage::OpenTable>& open);

  std::unique_ptr<storage::Storage> storage_;
};

}  // namespace kafenio::server
