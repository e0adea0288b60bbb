#pragma once
// WriteTransaction on an SQLite connection that already has a transaction open.
#include "server/storage/sqlite/connection.h"
#include "server/storage/sqlite_session_sql.h"
#include "server/storage/sqlite_staff_sql.h"
#include "server/storage/write_transaction.h"

namespace kafenio::storage {

class SqliteWriteTransaction final : public WriteTransaction {
 public:
  explicit SqliteWriteTransaction(sqlite::Connection& db) : db_(db) {}

  std::int64_t CreateAccount(const Account& account) override;
  std::vector<Account> AccountsWithoutNameKey() override;
  bool SetNameKeyIfFree(std::int64_t account_id, std::string_view name_key) override;
  void SetPasswordHash(std::int64_t account_id, std::string_view password_hash) override;
  void PutSession(const Session& session) override;
  void DeleteSession(std::string_view token_hash) override;
  void DeleteExpiredSessions(std::int64_t now_ms) override;
  std::int64_t CreateTable(const GameTable& table) override;
  void PutSeries(const Series& series) override;
  void PutTableSeats(std::int64_t table_id, const std::vector<TableSeat>& seats) override;
  void CloseTable(std::int64_t table_id, std::int64_t closed_ms) override;
  void ReopenTable(std::int64_t table_id) override;
  std::int64_t CreateMatch(const Match& match) override;
  void PutHandSeed(const HandSeed& seed) override;
  void RevealHandSeed(std::int64_t match_id, int hand) override;
  void AppendMove(const MoveEvent& move) override;
  void PutSeatHold(std::int64_t match_id, int seat, const SeatHold& hold) override;
  void PutHandResult(const HandResult& result) override;
  void FinishMatch(const MatchResult& result) override;
  std::optional<Match> FindMatch(std::int64_t match_id) override;
  std::optional<Rating> FindRating(std::int64_t account_id, std::string_view mode) override;
  void PutRating(const Rating& rating, std::int64_t match_id) override;
  std::int64_t CreateTournament(const TournamentRow& tournament) override;
  void AppendTournamentLog(const TournamentLogEntry& entry) override;
  void SetTournamentState(std::int64_t tournament_id, std::string_view state) override;
  StaffSql& Staff() override { return staff_; }
  SessionSql& Sessions() override { return sessions_; }

 private:
  // Throws when the last UPDATE changed no row (an unknown id).
  void ExpectChanged(const char* what);

  sqlite::Connection& db_;
  SqliteStaffSql staff_{db_};
  SqliteSessionSql sessions_{db_};
};

}  // namespace kafenio::storage
