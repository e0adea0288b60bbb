#pragma once
// The writes a storage backend offers inside one transaction. Write operations receive
// one of these on the writer thread; every call either succeeds or throws StorageError.
#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

#include "server/storage/rows.h"
#include "server/storage/session_sql.h"
#include "server/storage/staff_sql.h"
#include "server/storage/tournament_rows.h"

namespace kafenio::storage {

class WriteTransaction {
 public:
  virtual ~WriteTransaction() = default;

  // Returns the new account's id. Throws when the name is taken (names ignore case).
  virtual std::int64_t CreateAccount(const Account& account) = 0;
  // Accounts written before migration 0012, whose name key the server fills in.
  virtual std::vector<Account> AccountsWithoutNameKey() = 0;
  // Sets the account's name key unless another account has it; false then.
  virtual bool SetNameKeyIfFree(std::int64_t account_id, std::string_view name_key) = 0;
  virtual void SetPasswordHash(std::int64_t account_id, std::string_view password_hash) = 0;
  virtual void PutSession(const Session& session) = 0;
  virtual void DeleteSession(std::string_view token_hash) = 0;
  virtual void DeleteExpiredSessions(std::int64_t now_ms) = 0;

  // Returns the new table's id; creates its series row.
  virtual std::int64_t CreateTable(const GameTable& table) = 0;
  virtual void PutSeries(const Series& series) = 0;
  // Replaces who sits at the table (the seats taken; none: nobody). Throws when there is no
  // such table or it has closed.
  virtual void PutTableSeats(std::int64_t table_id, const std::vector<TableSeat>& seats) = 0;
  // The table has closed for good: a restart does not bring it back. Throws when there is
  // no such table.
  virtual void CloseTable(std::int64_t table_id, std::int64_t closed_ms) = 0;
  // Opens a closed table again under its own id and number (a tournament's table that
  // closed before its match began: its pairing's table is the one the event's log names).
  // On a cluster node the table's lease is taken first, unless another node holds it.
  virtual void ReopenTable(std::int64_t table_id) = 0;

  // Returns the new match's id; stores its seats too.
  virtual std::int64_t CreateMatch(const Match& match) = 0;
  virtual void PutHandSeed(const HandSeed& seed) = 0;
  virtual void RevealHandSeed(std::int64_t match_id, int hand) = 0;
  // Throws when the match already has this sequence number: a move is stored once.
  virtual void AppendMove(const MoveEvent& move) = 0;
  // Throws when the match has no such seat.
  virtual void PutSeatHold(std::int64_t match_id, int seat, const SeatHold& hold) = 0;
  virtual void PutHandResult(const HandResult& result) = 0;
  // Stores the result and marks the match finished, or abandoned when abandoned_by is set.
  virtual void FinishMatch(const MatchResult& result) = 0;

  // Reads inside the transaction, so a rating update sees every earlier committed update
  // (and the match it rates, written earlier in the same queue).
  virtual std::optional<Match> FindMatch(std::int64_t match_id) = 0;
  virtual std::optional<Rating> FindRating(std::int64_t account_id, std::string_view mode) = 0;
  // Stores the new current rating and a history row for the match that produced it.
  virtual void PutRating(const Rating& rating, std::int64_t match_id) = 0;

  // Tournaments (tournament_rows.h). Returns the new event's id.
  virtual std::int64_t CreateTournament(const TournamentRow& tournament) = 0;
  // Throws when the event already has this entry number: an entry is stored once.
  virtual void AppendTournamentLog(const TournamentLogEntry& entry) = 0;
  // Throws when there is no such event.
  virtual void SetTournamentState(std::int64_t tournament_id, std::string_view state) = 0;
  // The admin console's writes (and reads that must see them), in this transaction.
  virtual StaffSql& Staff() = 0;
  // Players' own sessions: details, sign-out (session_sql.h), in this transaction.
  virtual SessionSql& Sessions() = 0;
};

}  // namespace kafenio::storage
