#include "server/storage/sqlite_write_transaction.h"
#include "server/storage/sqlite_rating_upsert.h"

#include <sqlite3.h>

#include <string>

#include "server/storage/read_columns.h"
#include "server/storage/sqlite_codec.h"
#include "server/storage/sqlite_reads.h"
#include "server/storage/storage_error.h"

namespace kafenio::storage {

void SqliteWriteTransaction::ExpectChanged(const char* what) {
  if (sqlite3_changes(db_.handle()) == 0) throw StorageError(std::string(what) + ": no such row");
}

std::int64_t SqliteWriteTransaction::CreateAccount(const Account& account) {
  db_.Prepare(
         "INSERT INTO accounts (name, password_hash, created_ms, name_key) VALUES (?, ?, ?, ?)")
      .Bind(1, account.name)
      .Bind(2, account.password_hash)
      .Bind(3, account.created_ms)
      .Bind(4, account.name_key)
      .Run();
  return sqlite3_last_insert_rowid(db_.handle());
}

std::vector<Account> SqliteWriteTransaction::AccountsWithoutNameKey() {
  std::vector<Account> out;
  auto& query = db_.Prepare(std::string(kAccountColumns) + " WHERE name_key IS NULL ORDER BY id");
  while (query.Step()) {
    out.push_back(Account{query.Int(0), query.Text(1), query.OptionalText(2), query.Int(3), {}});
  }
  query.Reset();
  return out;
}

bool SqliteWriteTransaction::SetNameKeyIfFree(std::int64_t account_id, std::string_view name_key) {
  db_.Prepare(
         "UPDATE accounts SET name_key = ? WHERE id = ?"
         " AND NOT EXISTS (SELECT 1 FROM accounts WHERE name_key = ?)")
      .Bind(1, name_key)
      .Bind(2, account_id)
      .Bind(3, name_key)
      .Run();
  return sqlite3_changes(db_.handle()) > 0;
}

void SqliteWriteTransaction::SetPasswordHash(std::int64_t account_id,
                                             std::string_view password_hash) {
  db_.Prepare("UPDATE accounts SET password_hash = ? WHERE id = ?")
      .Bind(1, password_hash)
      .Bind(2, account_id)
      .Run();
  ExpectChanged("set password");
}

void SqliteWriteTransaction::PutSession(const Session& session) {
  db_.Prepare(
         "INSERT INTO sessions (token_hash, account_id, expires_ms) VALUES (?, ?, ?) "
         "ON CONFLICT (token_hash) DO UPDATE SET expires_ms = excluded.expires_ms")
      .Bind(1, session.token_hash)
      .Bind(2, session.account_id)
      .Bind(3, session.expires_ms)
      .Run();
}

void SqliteWriteTransaction::DeleteSession(std::string_view token_hash) {
  db_.Prepare("DELETE FROM sessions WHERE token_hash = ?").Bind(1, token_hash).Run();
}

void SqliteWriteTransaction::DeleteExpiredSessions(std::int64_t now_ms) {
  db_.Prepare("DELETE FROM sessions WHERE expires_ms <= ?").Bind(1, now_ms).Run();
}

std::int64_t SqliteWriteTransaction::CreateTable(const GameTable& table) {
  db_.Prepare(
         "INSERT INTO game_tables (game, rules, seats, visibility, invite_code, clock_ms, rated,"
         " created_ms, public_id, series_matches) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")
      .Bind(1, table.game)
      .Bind(2, table.rules)
      .Bind(3, table.seats)
      .Bind(4, std::string_view(table.is_public ? "public" : "private"))
      .Bind(5, table.invite_code)
      .Bind(6, table.clock_ms)
      .Bind(7, table.rated ? 1 : 0)
      .Bind(8, table.created_ms)
      .Bind(9, table.public_id)
      .Bind(10, table.series_matches)
      .Run();
  const std::int64_t id = sqlite3_last_insert_rowid(db_.handle());
  db_.Prepare("INSERT INTO series (table_id) VALUES (?)").Bind(1, id).Run();
  return id;
}

void SqliteWriteTransaction::PutSeries(const Series& series) {
  db_.Prepare(
         "INSERT INTO series (table_id, matches_played, score0, score1) VALUES (?, ?, ?, ?) "
         "ON CONFLICT (table_id) DO UPDATE SET matches_played = excluded.matches_played,"
         " score0 = excluded.score0, score1 = excluded.score1")
      .Bind(1, series.table_id)
      .Bind(2, series.matches_played)
      .Bind(3, series.score[0])
      .Bind(4, series.score[1])
      .Run();
}

void SqliteWriteTransaction::PutTableSeats(std::int64_t table_id,
                                           const std::vector<TableSeat>& seats) {
  // Checked first: the foreign key alone would let seats onto a closed table.
  auto& open = db_.Prepare("SELECT 1 FROM game_tables WHERE id = ? AND closed_ms IS NULL");
  open.Bind(1, table_id);
  const bool is_open = open.Step();
  open.Reset();
  if (!is_open) throw StorageError("table seats: no such open table");
  db_.Prepare("DELETE FROM table_seats WHERE table_id = ?").Bind(1, table_id).Run();
  for (const TableSeat& seat : seats) {
    db_.Prepare("INSERT INTO table_seats (table_id, seat, account_id, bot) VALUES (?, ?, ?, ?)")
        .Bind(1, table_id)
        .Bind(2, seat.seat)
        .Bind(3, seat.account_id)
        .Bind(4, seat.IsBot() ? std::optional<std::string_view>(seat.bot) : std::nullopt)
        .Run();
  }
}

void SqliteWriteTransaction::ReopenTable(std::int64_t table_id) {
  db_.Prepare("UPDATE game_tables SET closed_ms = NULL WHERE id = ?").Bind(1, table_id).Run();
  ExpectChanged("reopen table");
}

void SqliteWriteTransaction::CloseTable(std::int64_t table_id, std::int64_t closed_ms) {
  db_.Prepare("UPDATE game_tables SET closed_ms = coalesce(closed_ms, ?) WHERE id = ?")
      .Bind(1, closed_ms)
      .Bind(2, table_id)
      .Run();
  ExpectChanged("close table");
  // A closed table seats nobody.
  db_.Prepare("DELETE FROM table_seats WHERE table_id = ?").Bind(1, table_id).Run();
}

std::int64_t SqliteWriteTransaction::CreateMatch(const Match& match) {
  db_.Prepare(
         "INSERT INTO matches (table_id, game, rules, players, first_dealer, rated, state,"
         " created_ms, finished_ms) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)")
      .Bind(1, match.table_id)
      .Bind(2, match.game)
      .Bind(3, match.rules)
      .Bind(4, static_cast<int>(match.seats.size()))
      .Bind(5, match.first_dealer)
      .Bind(6, match.rated ? 1 : 0)
      .Bind(7, MatchStateName(match.state))
      .Bind(8, match.created_ms)
      .Bind(9, match.finished_ms)
      .Run();
  const std::int64_t id = sqlite3_last_insert_rowid(db_.handle());
  for (std::size_t seat = 0; seat < match.seats.size(); ++seat) {
    const auto& holder = match.seats[seat];
    auto& insert = db_.Prepare(
        "INSERT INTO match_seats (match_id, seat, account_id, bot) VALUES (?, ?, ?, ?)");
    insert.Bind(1, id).Bind(2, static_cast<int>(seat)).Bind(3, holder.account_id);
    if (holder.IsBot()) {
      insert.Bind(4, holder.bot);
    } else {
      insert.BindNull(4);
    }
    insert.Run();
  }
  return id;
}

void SqliteWriteTransaction::PutHandSeed(const HandSeed& seed) {
  db_.Prepare(
         "INSERT INTO hand_seeds (match_id, hand, dealer, seed, salt, commitment, revealed)"
         " VALUES (?, ?, ?, ?, ?, ?, ?)")
      .Bind(1, seed.match_id)
      .Bind(2, seed.hand)
      .Bind(3, seed.dealer)
      .Bind(4, SeedToColumn(seed.seed))
      .Bind(5, seed.salt_hex)
      .Bind(6, seed.commitment_hex)
      .Bind(7, seed.revealed ? 1 : 0)
      .Run();
}

void SqliteWriteTransaction::RevealHandSeed(std::int64_t match_id, int hand) {
  db_.Prepare("UPDATE hand_seeds SET revealed = 1 WHERE match_id = ? AND hand = ?")
      .Bind(1, match_id)
      .Bind(2, hand)
      .Run();
  ExpectChanged("reveal seed");
}

void SqliteWriteTransaction::AppendMove(const MoveEvent& move) {
  db_.Prepare(
         "INSERT INTO move_events (match_id, sequence, hand, seat, move, time_ms)"
         " VALUES (?, ?, ?, ?, ?, ?)")
      .Bind(1, move.match_id)
      .Bind(2, move.sequence)
      .Bind(3, move.hand)
      .Bind(4, move.seat)
      .Bind(5, move.move)
      .Bind(6, move.time_ms)
      .Run();
}

void SqliteWriteTransaction::PutSeatHold(std::int64_t match_id, int seat, const SeatHold& hold) {
  db_.Prepare(
         "UPDATE match_seats SET bot_holding = ?, left_table = ?, timeouts = ?"
         " WHERE match_id = ? AND seat = ?")
      .Bind(1, hold.bot_holding ? 1 : 0)
      .Bind(2, hold.left ? 1 : 0)
      .Bind(3, hold.timeouts)
      .Bind(4, match_id)
      .Bind(5, seat)
      .Run();
  ExpectChanged("seat hold (unknown match or seat)");
}

void SqliteWriteTransaction::PutHandResult(const HandResult& result) {
  db_.Prepare(
         "INSERT INTO hand_results (match_id, hand, score0, score1, total0, total1, breakdown)"
         " VALUES (?, ?, ?, ?, ?, ?, ?)")
      .Bind(1, result.match_id)
      .Bind(2, result.hand)
      .Bind(3, result.score[0])
      .Bind(4, result.score[1])
      .Bind(5, result.total[0])
      .Bind(6, result.total[1])
      .Bind(7, result.breakdown)
      .Run();
}

void SqliteWriteTransaction::FinishMatch(const MatchResult& result) {
  const MatchState state = result.abandoned_by ? MatchState::abandoned : MatchState::finished;
  db_.Prepare("UPDATE matches SET state = ?, finished_ms = ? WHERE id = ? AND state = 'live'")
      .Bind(1, MatchStateName(state))
      .Bind(2, result.finished_ms)
      .Bind(3, result.match_id)
      .Run();
  ExpectChanged("finish match (unknown or already over)");
  db_.Prepare(
         "INSERT INTO match_results (match_id, winner, total0, total1, abandoned_by, record)"
         " VALUES (?, ?, ?, ?, ?, ?)")
      .Bind(1, result.match_id)
      .Bind(2, result.winner)
      .Bind(3, result.total[0])
      .Bind(4, result.total[1])
      .Bind(5, result.abandoned_by)
      .Bind(6, result.record)
      .Run();
}

std::optional<Match> SqliteWriteTransaction::FindMatch(std::int64_t match_id) {
  return reads::MatchById(db_, match_id);
}

std::optional<Rating> SqliteWriteTransaction::FindRating(std::int64_t account_id,
                                                         std::string_view mode) {
  auto& query = db_.Prepare(
      "SELECT rating, rd, volatility, matches, updated_ms FROM ratings"
      " WHERE account_id = ? AND mode = ?");
  query.Bind(1, account_id).Bind(2, mode);
  if (!query.Step()) return std::nullopt;
  Rating rating{account_id,    std::string(mode), query.Real(0),
                query.Real(1), query.Real(2),     static_cast<int>(query.Int(3)),
                query.Int(4)};
  query.Reset();
  return rating;
}

void SqliteWriteTransaction::PutRating(const Rating& rating, std::int64_t match_id) {
  UpsertCurrentRating(db_, rating);
  db_.Prepare(
         "INSERT INTO rating_history (account_id, mode, match_id, rating, rd, volatility,"
         " time_ms) VALUES (?, ?, ?, ?, ?, ?, ?)")
      .Bind(1, rating.account_id)
      .Bind(2, rating.mode)
      .Bind(3, match_id)
      .Bind(4, rating.rating)
      .Bind(5, rating.rd)
      .Bind(6, rating.volatility)
      .Bind(7, rating.updated_ms)
      .Run();
}

}  // namespace kafenio::storage

namespace kafenio::storage {

std::int64_t SqliteWriteTransaction::CreateTournament(const TournamentRow& tournament) {
  db_.Prepare(
         "INSERT INTO tournaments (name, director_id, game, settings, seed, state, created_ms,"
         " starts_ms) VALUES (?, ?, ?, ?, ?, ?, ?, ?)")
      .Bind(1, tournament.name)
      .Bind(2, tournament.director_id)
      .Bind(3, tournament.game)
      .Bind(4, tournament.settings)
      .Bind(5, tournament.seed)
      .Bind(6, tournament.state)
      .Bind(7, tournament.created_ms)
      .Bind(8, tournament.starts_ms)
      .Run();
  return sqlite3_last_insert_rowid(db_.handle());
}

void SqliteWriteTransaction::AppendTournamentLog(const TournamentLogEntry& entry) {
  // Only as the next entry: a log never has a gap, whatever failed before this write. An
  // entry number already taken breaks the primary key (a conflict: the writer's view of
  // the log was behind, docs/scaling.md "Tournaments in a cluster").
  db_.Prepare(
         "INSERT INTO tournament_log (tournament_id, entry, kind, payload, at_ms)"
         " SELECT ?1, ?2, ?3, ?4, ?5 WHERE (SELECT coalesce(max(entry), 0) FROM tournament_log"
         " WHERE tournament_id = ?1) >= ?2 - 1")
      .Bind(1, entry.tournament_id)
      .Bind(2, entry.entry)
      .Bind(3, entry.kind)
      .Bind(4, entry.payload)
      .Bind(5, entry.at_ms)
      .Run();
  ExpectChanged("tournament log: not the next entry");
}

void SqliteWriteTransaction::SetTournamentState(std::int64_t tournament_id,
                                                std::string_view state) {
  db_.Prepare("UPDATE tournaments SET state = ? WHERE id = ?")
      .Bind(1, state)
      .Bind(2, tournament_id)
      .Run();
  ExpectChanged("tournament state");
}

}  // namespace kafenio::storage
