#include "server/storage/postgres_write_transaction.h"
#include "server/storage/postgres_rating_upsert.h"

#include <string>

#include "server/storage/postgres_reads.h"
#include "server/storage/read_columns.h"
#include "server/storage/sqlite_codec.h"

namespace kafenio::storage {

namespace {

using pg::Params;

// Moves sent in one INSERT at most: bounds the statement's size.
constexpr std::size_t kMostGathered = 4096;

// Throws when an UPDATE changed no row (an unknown id).
void ExpectChanged(const pg::Result& result, const char* what) {
  if (result.Changed() == 0) throw StorageError(std::string(what) + ": no such row");
}

}  // namespace

std::int64_t PostgresWriteTransaction::CreateAccount(const Account& account) {
  SendGathered();  // in order
  return db_
      .Run(
          "INSERT INTO accounts (name, password_hash, created_ms, name_key)"
          " VALUES ($1, $2, $3, $4) RETURNING id",
          Params()
              .Add(account.name)
              .Add(account.password_hash)
              .Add(account.created_ms)
              .Add(account.name_key))
      .Int(0, 0);
}

std::vector<Account> PostgresWriteTransaction::AccountsWithoutNameKey() {
  SendGathered();  // in order
  const auto rows =
      db_.Run(std::string(kAccountColumns) + " WHERE name_key IS NULL ORDER BY id", Params());
  std::vector<Account> out;
  for (int r = 0; r < rows.rows(); ++r) {
    out.push_back(
        Account{rows.Int(r, 0), rows.Text(r, 1), rows.OptionalText(r, 2), rows.Int(r, 3), {}});
  }
  return out;
}

bool PostgresWriteTransaction::SetNameKeyIfFree(std::int64_t account_id,
                                                std::string_view name_key) {
  SendGathered();  // in order
  return db_.Run(
                "UPDATE accounts SET name_key = $1 WHERE id = $2"
                " AND NOT EXISTS (SELECT 1 FROM accounts WHERE name_key = $1)",
                Params().Add(name_key).Add(account_id))
             .Changed() > 0;
}

void PostgresWriteTransaction::SetPasswordHash(std::int64_t account_id,
                                               std::string_view password_hash) {
  SendGathered();  // in order
  ExpectChanged(db_.Run("UPDATE accounts SET password_hash = $1 WHERE id = $2",
                        Params().Add(password_hash).Add(account_id)),
                "set password");
}

void PostgresWriteTransaction::PutSession(const Session& session) {
  SendGathered();  // in order
  db_.Run(
      "INSERT INTO sessions (token_hash, account_id, expires_ms) VALUES ($1, $2, $3)"
      " ON CONFLICT (token_hash) DO UPDATE SET expires_ms = excluded.expires_ms",
      Params().Add(session.token_hash).Add(session.account_id).Add(session.expires_ms));
}

void PostgresWriteTransaction::DeleteSession(std::string_view token_hash) {
  SendGathered();  // in order
  db_.Run("DELETE FROM sessions WHERE token_hash = $1", Params().Add(token_hash));
}

void PostgresWriteTransaction::DeleteExpiredSessions(std::int64_t now_ms) {
  SendGathered();  // in order
  db_.Run("DELETE FROM sessions WHERE expires_ms <= $1", Params().Add(now_ms));
}

std::int64_t PostgresWriteTransaction::CreateTable(const GameTable& table) {
  SendGathered();  // in order
  const std::int64_t id =
      db_.Run(
             "INSERT INTO game_tables (game, rules, seats, visibility, invite_code, clock_ms,"
             " rated, created_ms, public_id, series_matches)"
             " VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id",
             Params()
                 .Add(table.game)
                 .Add(table.rules)
                 .Add(table.seats)
                 .Add(table.is_public ? "public" : "private")
                 .Add(table.invite_code)
                 .Add(table.clock_ms)
                 .Add(table.rated)
                 .Add(table.created_ms)
                 .Add(table.public_id)
                 .Add(table.series_matches))
          .Int(0, 0);
  db_.Run("INSERT INTO series (table_id) VALUES ($1)", Params().Add(id));
  return id;
}

void PostgresWriteTransaction::PutSeries(const Series& series) {
  SendGathered();  // in order
  db_.Run(
      "INSERT INTO series (table_id, matches_played, score0, score1) VALUES ($1, $2, $3, $4)"
      " ON CONFLICT (table_id) DO UPDATE SET matches_played = excluded.matches_played,"
      " score0 = excluded.score0, score1 = excluded.score1",
      Params()
          .Add(series.table_id)
          .Add(series.matches_played)
          .Add(series.score[0])
          .Add(series.score[1]));
}

void PostgresWriteTransaction::PutTableSeats(std::int64_t table_id,
                                             const std::vector<TableSeat>& seats) {
  SendGathered();  // in order
  // Checked first: the foreign key alone would let seats onto a closed table.
  if (db_.Run("SELECT 1 FROM game_tables WHERE id = $1 AND closed_ms IS NULL",
              Params().Add(table_id))
          .empty()) {
    throw StorageError("table seats: no such open table");
  }
  db_.Run("DELETE FROM table_seats WHERE table_id = $1", Params().Add(table_id));
  for (const TableSeat& seat : seats) {
    db_.Run("INSERT INTO table_seats (table_id, seat, account_id, bot) VALUES ($1, $2, $3, $4)",
            Params()
                .Add(table_id)
                .Add(seat.seat)
                .Add(seat.account_id)
                .Add(seat.IsBot() ? std::optional<std::string_view>(seat.bot) : std::nullopt));
  }
}

void PostgresWriteTransaction::ReopenTable(std::int64_t table_id) {
  SendGathered();  // in order
  // A clustered writer (kafenio.node set) leases the table to itself first, with its epoch,
  // unless another process (another node, or a newer one of this node's name: another
  // epoch) holds an unexpired lease on it; the fenced UPDATE below then refuses (KF001).
  db_.Run(
      "INSERT INTO table_leases (table_id, node, epoch, expires_at)"
      " SELECT $1, s.me, kafenio_writer_epoch(), clock_timestamp() +"
      " current_setting('kafenio.lease_ms')::BIGINT * INTERVAL '1 millisecond'"
      " FROM (SELECT current_setting('kafenio.node', true) AS me) s WHERE coalesce(s.me, '') <> ''"
      " ON CONFLICT (table_id) DO UPDATE SET node = excluded.node,"
      " epoch = excluded.epoch, expires_at = excluded.expires_at"
      " WHERE (table_leases.node = excluded.node AND table_leases.epoch = excluded.epoch)"
      " OR table_leases.expires_at < clock_timestamp()",
      Params().Add(table_id));
  ExpectChanged(
      db_.Run("UPDATE game_tables SET closed_ms = NULL WHERE id = $1", Params().Add(table_id)),
      "reopen table");
}

void PostgresWriteTransaction::CloseTable(std::int64_t table_id, std::int64_t closed_ms) {
  SendGathered();  // in order
  ExpectChanged(db_.Run("UPDATE game_tables SET closed_ms = coalesce(closed_ms, $1) WHERE id = $2",
                        Params().Add(closed_ms).Add(table_id)),
                "close table");
  // A closed table seats nobody.
  db_.Run("DELETE FROM table_seats WHERE table_id = $1", Params().Add(table_id));
}

std::int64_t PostgresWriteTransaction::CreateMatch(const Match& match) {
  SendGathered();  // in order
  const std::int64_t id =
      db_.Run(
             "INSERT INTO matches (table_id, game, rules, players, first_dealer, rated, state,"
             " created_ms, finished_ms) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id",
             Params()
                 .Add(match.table_id)
                 .Add(match.game)
                 .Add(match.rules)
                 .Add(static_cast<int>(match.seats.size()))
                 .Add(match.first_dealer)
                 .Add(match.rated)
                 .Add(MatchStateName(match.state))
                 .Add(match.created_ms)
                 .Add(match.finished_ms))
          .Int(0, 0);
  for (std::size_t seat = 0; seat < match.seats.size(); ++seat) {
    const auto& holder = match.seats[seat];
    db_.Run("INSERT INTO match_seats (match_id, seat, account_id, bot) VALUES ($1, $2, $3, $4)",
            Params()
                .Add(id)
                .Add(static_cast<int>(seat))
                .Add(holder.account_id)
                .Add(holder.IsBot() ? std::optional<std::string>(holder.bot) : std::nullopt));
  }
  return id;
}

void PostgresWriteTransaction::PutHandSeed(const HandSeed& seed) {
  SendGathered();  // in order
  db_.Run(
      "INSERT INTO hand_seeds (match_id, hand, dealer, seed, salt, commitment, revealed)"
      " VALUES ($1, $2, $3, $4, $5, $6, $7)",
      Params()
          .Add(seed.match_id)
          .Add(seed.hand)
          .Add(seed.dealer)
          .Add(SeedToColumn(seed.seed))
          .Add(seed.salt_hex)
          .Add(seed.commitment_hex)
          .Add(seed.revealed));
}

void PostgresWriteTransaction::RevealHandSeed(std::int64_t match_id, int hand) {
  SendGathered();  // in order
  ExpectChanged(db_.Run("UPDATE hand_seeds SET revealed = TRUE WHERE match_id = $1 AND hand = $2",
                        Params().Add(match_id).Add(hand)),
                "reveal seed");
}

void PostgresWriteTransaction::Gather(bool gather) {
  SendGathered();
  gather_ = gather;
}

void PostgresWriteTransaction::SendGathered() {
  if (gathered_.empty()) return;
  std::vector<std::int64_t> matches, sequences, times;
  std::vector<int> hands, seats;
  std::vector<std::string> moves;
  for (const MoveEvent& move : gathered_) {
    matches.push_back(move.match_id);
    sequences.push_back(move.sequence);
    hands.push_back(move.hand);
    seats.push_back(move.seat);
    moves.push_back(move.move);
    times.push_back(move.time_ms);
  }
  gathered_.clear();
  db_.Run(
      "INSERT INTO move_events (match_id, sequence, hand, seat, move, time_ms)"
      " SELECT * FROM unnest($1::BIGINT[], $2::BIGINT[], $3::INTEGER[], $4::INTEGER[],"
      " $5::TEXT[], $6::BIGINT[])",
      Params()
          .AddArray(matches)
          .AddArray(sequences)
          .AddArray(hands)
          .AddArray(seats)
          .AddArray(moves)
          .AddArray(times));
}

void PostgresWriteTransaction::AppendMove(const MoveEvent& move) {
  if (gather_) {
    gathered_.push_back(move);
    if (gathered_.size() >= kMostGathered) SendGathered();
    return;
  }
  db_.Run(
      "INSERT INTO move_events (match_id, sequence, hand, seat, move, time_ms)"
      " VALUES ($1, $2, $3, $4, $5, $6)",
      Params()
          .Add(move.match_id)
          .Add(move.sequence)
          .Add(move.hand)
          .Add(move.seat)
          .Add(move.move)
          .Add(move.time_ms));
}

void PostgresWriteTransaction::PutSeatHold(std::int64_t match_id, int seat, const SeatHold& hold) {
  SendGathered();  // in order
  ExpectChanged(
      db_.Run(
          "UPDATE match_seats SET bot_holding = $1, left_table = $2, timeouts = $3"
          " WHERE match_id = $4 AND seat = $5",
          Params().Add(hold.bot_holding).Add(hold.left).Add(hold.timeouts).Add(match_id).Add(seat)),
      "seat hold (unknown match or seat)");
}

void PostgresWriteTransaction::PutHandResult(const HandResult& result) {
  SendGathered();  // in order
  db_.Run(
      "INSERT INTO hand_results (match_id, hand, score0, score1, total0, total1, breakdown)"
      " VALUES ($1, $2, $3, $4, $5, $6, $7)",
      Params()
          .Add(result.match_id)
          .Add(result.hand)
          .Add(result.score[0])
          .Add(result.score[1])
          .Add(result.total[0])
          .Add(result.total[1])
          .Add(result.breakdown));
}

void PostgresWriteTransaction::FinishMatch(const MatchResult& result) {
  SendGathered();  // in order
  const MatchState state = result.abandoned_by ? MatchState::abandoned : MatchState::finished;
  ExpectChanged(
      db_.Run("UPDATE matches SET state = $1, finished_ms = $2"
              " WHERE id = $3 AND state = 'live'",
              Params().Add(MatchStateName(state)).Add(result.finished_ms).Add(result.match_id)),
      "finish match (unknown or already over)");
  db_.Run(
      "INSERT INTO match_results (match_id, winner, total0, total1, abandoned_by, record)"
      " VALUES ($1, $2, $3, $4, $5, $6)",
      Params()
          .Add(result.match_id)
          .Add(result.winner)
          .Add(result.total[0])
          .Add(result.total[1])
          .Add(result.abandoned_by)
          .Add(result.record));
}

std::optional<Match> PostgresWriteTransaction::FindMatch(std::int64_t match_id) {
  SendGathered();  // in order
  return pgreads::MatchById(db_, match_id);
}

std::optional<Rating> PostgresWriteTransaction::FindRating(std::int64_t account_id,
                                                           std::string_view mode) {
  SendGathered();  // in order
  return pgreads::RatingOf(db_, account_id, mode);
}

void PostgresWriteTransaction::PutRating(const Rating& rating, std::int64_t match_id) {
  SendGathered();  // in order
  UpsertCurrentRating(db_, rating);
  db_.Run(
      "INSERT INTO rating_history (account_id, mode, match_id, rating, rd, volatility, time_ms)"
      " VALUES ($1, $2, $3, $4, $5, $6, $7)",
      Params()
          .Add(rating.account_id)
          .Add(rating.mode)
          .Add(match_id)
          .Add(rating.rating)
          .Add(rating.rd)
          .Add(rating.volatility)
          .Add(rating.updated_ms));
}

}  // namespace kafenio::storage

namespace kafenio::storage {

std::int64_t PostgresWriteTransaction::CreateTournament(const TournamentRow& tournament) {
  SendGathered();  // in order
  auto params = pg::Params()
                    .Add(tournament.name)
                    .Add(tournament.director_id)
                    .Add(tournament.game)
                    .Add(tournament.settings)
                    .Add(tournament.seed)
                    .Add(tournament.state)
                    .Add(tournament.created_ms);
  if (tournament.starts_ms) {
    params.Add(*tournament.starts_ms);
  } else {
    params.AddNull();
  }
  return db_
      .Run(
          "INSERT INTO tournaments (name, director_id, game, settings, seed, state, created_ms,"
          " starts_ms) VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id",
          params)
      .Int(0, 0);
}

void PostgresWriteTransaction::AppendTournamentLog(const TournamentLogEntry& entry) {
  SendGathered();  // in order
  // Only as the next entry: a log never has a gap, whatever failed before this write. An
  // entry number already taken breaks the primary key (a conflict: the writer's view of
  // the log was behind, docs/scaling.md "Tournaments in a cluster").
  ExpectChanged(db_.Run("INSERT INTO tournament_log (tournament_id, entry, kind, payload, at_ms)"
                        " SELECT $1::BIGINT, $2::BIGINT, $3::TEXT, $4::TEXT, $5::BIGINT WHERE"
                        " (SELECT coalesce(max(entry), 0) FROM tournament_log WHERE tournament_id ="
                        " $1::BIGINT) >= $2::BIGINT - 1",
                        pg::Params()
                            .Add(entry.tournament_id)
                            .Add(entry.entry)
                            .Add(entry.kind)
                            .Add(entry.payload)
                            .Add(entry.at_ms)),
                "tournament log: not the next entry");
}

void PostgresWriteTransaction::SetTournamentState(std::int64_t tournament_id,
                                                  std::string_view state) {
  SendGathered();  // in order
  if (db_.Run("UPDATE tournaments SET state = $1 WHERE id = $2",
              pg::Params().Add(state).Add(tournament_id))
          .Changed() == 0) {
    throw StorageError("tournament state: no such row");
  }
}

}  // namespace kafenio::storage
