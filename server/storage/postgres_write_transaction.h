#pragma once
// WriteTransaction on a PostgreSQL connection that already has a transaction open. Every
// statement is prepared (pg::Connection::Run). Moves, the bulk of the writes, can be
// gathered (Gather) and sent as one INSERT of many rows before the next other statement or
// at SendGathered: one round trip to the server for a whole batch of moves instead of one
// each.
#include <vector>

#include "server/storage/postgres/connection.h"
#include "server/storage/postgres_session_sql.h"
#include "server/storage/postgres_staff_sql.h"
#include "server/storage/write_transaction.h"

namespace kafenio::storage {

class PostgresWriteTransaction final : public WriteTransaction {
 public:
  explicit PostgresWriteTransaction(pg::Connection& db) : db_(db) {}

  // Whether AppendMove gathers moves (a batch without savepoints) or sends each at once
  // (one savepoint per operation: a failing move must fail alone). Sends what is gathered.
  void Gather(bool gather);
  // Sends the gathered moves (throws as their INSERT does).
  void SendGathered();

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
  StaffSql& Staff() override {
    SendGathered();  // in order
    return staff_;
  }
  SessionSql& Sessions() override {
    SendGathered();  // in order
    return sessions_;
  }

 private:
  pg::Connection& db_;
  bool gather_ = false;
  std::vector<MoveEvent> gathered_;
  PostgresStaffSql staff_{db_};
  PostgresSessionSql sessions_{db_};
};

}  // namespace kafenio::storage
