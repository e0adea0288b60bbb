#include "server/storage/postgres_reads.h"

#include <map>

#include "server/storage/read_columns.h"
#include "server/storage/sqlite_codec.h"

namespace kafenio::storage::pgreads {

namespace {

using pg::Params;
using pg::Result;

// One read-only snapshot around several queries; inside a transaction already (a write
// operation reading what it is about to change), that transaction is the snapshot.
class Snapshot {
 public:
  explicit Snapshot(pg::Connection& db) : db_(db), own_(!db.InTransaction()) {
    if (own_) db_.Command("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY");
  }
  ~Snapshot() {
    if (!own_) return;
    try {
      db_.Command("COMMIT");
    } catch (...) {
      // Ending a read-only transaction cannot lose data; a broken connection shows at the
      // next query.
    }
  }
  Snapshot(const Snapshot&) = delete;
  Snapshot& operator=(const Snapshot&) = delete;

 private:
  pg::Connection& db_;
  const bool own_;
};

GameTable ReadTable(const Result& row, int r) {
  GameTable table;
  table.id = row.Int(r, 0);
  table.game = row.Text(r, 1);
  table.rules = row.Text(r, 2);
  table.seats = static_cast<int>(row.Int(r, 3));
  table.is_public = row.Text(r, 4) == "public";
  table.invite_code = row.OptionalText(r, 5);
  table.clock_ms = row.Int(r, 6);
  table.rated = row.Bool(r, 7);
  table.created_ms = row.Int(r, 8);
  table.public_id = row.OptionalText(r, 9);
  table.series_matches = static_cast<int>(row.Int(r, 10));
  table.closed_ms = row.OptionalInt(r, 11);
  return table;
}

std::optional<Account> ReadAccount(const Result& row) {
  if (row.empty()) return std::nullopt;
  return Account{row.Int(0, 0), row.Text(0, 1), row.OptionalText(0, 2), row.Int(0, 3),
                 row.OptionalText(0, 4)};
}

Match ReadMatch(const Result& row, int r) {
  Match match;
  match.id = row.Int(r, 0);
  match.table_id = row.OptionalInt(r, 1);
  match.game = row.Text(r, 2);
  match.rules = row.Text(r, 3);
  match.first_dealer = static_cast<int>(row.Int(r, 4));
  match.rated = row.Bool(r, 5);
  match.state = ParseMatchState(row.Text(r, 6));
  match.created_ms = row.Int(r, 7);
  match.finished_ms = row.OptionalInt(r, 8);
  return match;
}

// The seats of every match in `matches` (by id), in seat order.
void ReadSeats(pg::Connection& db, std::map<std::int64_t, Match*>& matches) {
  std::vector<std::int64_t> ids;
  for (const auto& [id, match] : matches) ids.push_back(id);
  const Result seats = db.Run(
      "SELECT match_id, seat, account_id, bot, bot_holding, left_table, timeouts"
      " FROM match_seats WHERE match_id = ANY($1::BIGINT[]) ORDER BY match_id, seat",
      Params().AddArray(ids));
  for (int r = 0; r < seats.rows(); ++r) {
    SeatHolder holder;
    holder.account_id = seats.OptionalInt(r, 2);
    if (!holder.account_id) holder.bot = seats.Text(r, 3);
    holder.hold.bot_holding = seats.Bool(r, 4);
    holder.hold.left = seats.Bool(r, 5);
    holder.hold.timeouts = static_cast<int>(seats.Int(r, 6));
    matches.at(seats.Int(r, 0))->seats.push_back(std::move(holder));
  }
}

HandSeed ReadSeed(const Result& row, int r) {
  return HandSeed{row.Int(r, 0),
                  static_cast<int>(row.Int(r, 1)),
                  static_cast<int>(row.Int(r, 2)),
                  SeedFromColumn(row.Int(r, 3)),
                  row.Text(r, 4),
                  row.Text(r, 5),
                  row.Bool(r, 6)};
}

MoveEvent ReadMove(const Result& row, int r) {
  return MoveEvent{row.Int(r, 0),
                   row.Int(r, 1),
                   static_cast<int>(row.Int(r, 2)),
                   static_cast<int>(row.Int(r, 3)),
                   row.Text(r, 4),
                   row.Int(r, 5)};
}

}  // namespace

std::optional<Account> AccountByName(pg::Connection& db, std::string_view name) {
  return ReadAccount(db.Run(std::string(kAccountColumns) +
                                " WHERE translate(lower(name), chr(962), chr(963)) ="
                                " translate(lower($1), chr(962), chr(963))",
                            Params().Add(name)));
}

std::optional<Account> AccountByNameKey(pg::Connection& db, std::string_view name_key) {
  return ReadAccount(
      db.Run(std::string(kAccountColumns) + " WHERE name_key = $1", Params().Add(name_key)));
}

std::optional<Account> AccountById(pg::Connection& db, std::int64_t account_id) {
  return ReadAccount(
      db.Run(std::string(kAccountColumns) + " WHERE id = $1", Params().Add(account_id)));
}

std::optional<Session> SessionByTokenHash(pg::Connection& db, std::string_view token_hash,
                                          std::int64_t now_ms) {
  const Result row = db.Run(
      "SELECT token_hash, account_id, expires_ms FROM sessions"
      " WHERE token_hash = $1 AND expires_ms > $2",
      Params().Add(token_hash).Add(now_ms));
  if (row.empty()) return std::nullopt;
  return Session{row.Text(0, 0), row.Int(0, 1), row.Int(0, 2)};
}

std::optional<GameTable> TableById(pg::Connection& db, std::int64_t table_id) {
  const Result row = db.Run(std::string(kTableColumns) + " WHERE id = $1", Params().Add(table_id));
  if (row.empty()) return std::nullopt;
  return ReadTable(row, 0);
}

std::optional<Series> SeriesOfTable(pg::Connection& db, std::int64_t table_id) {
  const Result row = db.Run("SELECT matches_played, score0, score1 FROM series WHERE table_id = $1",
                            Params().Add(table_id));
  if (row.empty()) return std::nullopt;
  return Series{table_id,
                static_cast<int>(row.Int(0, 0)),
                {static_cast<int>(row.Int(0, 1)), static_cast<int>(row.Int(0, 2))}};
}

std::vector<OpenTable> OpenTables(pg::Connection& db,
                                  const std::vector<std::int64_t>* only_tables) {
  Snapshot snapshot(db);
  const std::string filter = only_tables ? " AND id = ANY($1::BIGINT[])" : " AND $1::TEXT IS NULL";
  const Result rows = db.Run(std::string(kTableColumns) +
                                 " WHERE closed_ms IS NULL AND id NOT IN (SELECT table_id FROM"
                                 " matches WHERE state = 'live' AND table_id IS NOT NULL)" +
                                 filter + " ORDER BY id",
                             only_tables ? Params().AddArray(*only_tables) : Params().AddNull());
  std::vector<OpenTable> open;
  std::map<std::int64_t, std::size_t> index;
  std::vector<std::int64_t> ids;
  for (int r = 0; r < rows.rows(); ++r) {
    open.push_back(OpenTable{ReadTable(rows, r), {}, {}});
    open.back().series.table_id = open.back().table.id;
    index[open.back().table.id] = open.size() - 1;
    ids.push_back(open.back().table.id);
  }
  if (open.empty()) return open;
  const Result seats = db.Run(
      "SELECT table_id, seat, account_id, bot FROM table_seats WHERE table_id = ANY($1::BIGINT[])"
      " ORDER BY table_id, seat",
      Params().AddArray(ids));
  for (int r = 0; r < seats.rows(); ++r) {
    TableSeat seat{static_cast<int>(seats.Int(r, 1)), seats.OptionalInt(r, 2)};
    if (seat.IsBot()) seat.bot = seats.Text(r, 3);
    open[index.at(seats.Int(r, 0))].seats.push_back(std::move(seat));
  }
  const Result series = db.Run(
      "SELECT table_id, matches_played, score0, score1 FROM series"
      " WHERE table_id = ANY($1::BIGINT[])",
      Params().AddArray(ids));
  for (int r = 0; r < series.rows(); ++r) {
    open[index.at(series.Int(r, 0))].series =
        Series{series.Int(r, 0),
               static_cast<int>(series.Int(r, 1)),
               {static_cast<int>(series.Int(r, 2)), static_cast<int>(series.Int(r, 3))}};
  }
  return open;
}

std::optional<Match> MatchById(pg::Connection& db, std::int64_t match_id) {
  Snapshot snapshot(db);
  const Result row = db.Run(std::string(kMatchColumns) + " WHERE id = $1", Params().Add(match_id));
  if (row.empty()) return std::nullopt;
  Match match = ReadMatch(row, 0);
  std::map<std::int64_t, Match*> by_id{{match.id, &match}};
  ReadSeats(db, by_id);
  return match;
}

std::vector<HandSeed> HandSeeds(pg::Connection& db, std::int64_t match_id) {
  const Result rows = db.Run(
      "SELECT match_id, hand, dealer, seed, salt, commitment, revealed FROM hand_seeds"
      " WHERE match_id = $1 ORDER BY hand",
      Params().Add(match_id));
  std::vector<HandSeed> seeds;
  for (int r = 0; r < rows.rows(); ++r) seeds.push_back(ReadSeed(rows, r));
  return seeds;
}

std::vector<MoveEvent> Moves(pg::Connection& db, std::int64_t match_id,
                             std::int64_t after_sequence) {
  const Result rows = db.Run(
      "SELECT match_id, sequence, hand, seat, move, time_ms FROM move_events"
      " WHERE match_id = $1 AND sequence > $2 ORDER BY sequence",
      Params().Add(match_id).Add(after_sequence));
  std::vector<MoveEvent> moves;
  for (int r = 0; r < rows.rows(); ++r) moves.push_back(ReadMove(rows, r));
  return moves;
}

std::vector<UnfinishedMatch> UnfinishedMatches(pg::Connection& db,
                                               const std::vector<std::int64_t>* only_tables) {
  Snapshot snapshot(db);
  const Result rows =
      only_tables ? db.Run(std::string(kMatchColumns) +
                               " WHERE state = 'live' AND table_id = ANY($1::BIGINT[]) ORDER BY id",
                           Params().AddArray(*only_tables))
                  : db.Run(std::string(kMatchColumns) + " WHERE state = 'live' ORDER BY id");
  std::vector<UnfinishedMatch> unfinished(static_cast<std::size_t>(rows.rows()));
  std::map<std::int64_t, Match*> matches;
  std::map<std::int64_t, UnfinishedMatch*> entries;
  std::vector<std::int64_t> ids;
  for (int r = 0; r < rows.rows(); ++r) {
    auto& entry = unfinished[static_cast<std::size_t>(r)];
    entry.match = ReadMatch(rows, r);
    matches[entry.match.id] = &entry.match;
    entries[entry.match.id] = &entry;
    ids.push_back(entry.match.id);
  }
  if (unfinished.empty()) return unfinished;
  ReadSeats(db, matches);
  const Params these = Params().AddArray(ids);
  const Result seeds = db.Run(
      "SELECT match_id, hand, dealer, seed, salt, commitment, revealed FROM hand_seeds"
      " WHERE match_id = ANY($1::BIGINT[]) ORDER BY match_id, hand",
      these);
  for (int r = 0; r < seeds.rows(); ++r) {
    entries.at(seeds.Int(r, 0))->hands.push_back(ReadSeed(seeds, r));
  }
  const Result moves = db.Run(
      "SELECT match_id, sequence, hand, seat, move, time_ms FROM move_events"
      " WHERE match_id = ANY($1::BIGINT[]) ORDER BY match_id, sequence",
      these);
  for (int r = 0; r < moves.rows(); ++r) {
    entries.at(moves.Int(r, 0))->moves.push_back(ReadMove(moves, r));
  }
  const Result results = db.Run(
      "SELECT match_id, hand, score0, score1, total0, total1, breakdown FROM hand_results"
      " WHERE match_id = ANY($1::BIGINT[]) ORDER BY match_id, hand",
      these);
  for (int r = 0; r < results.rows(); ++r) {
    entries.at(results.Int(r, 0))
        ->hand_results.push_back(
            HandResult{results.Int(r, 0),
                       static_cast<int>(results.Int(r, 1)),
                       {static_cast<int>(results.Int(r, 2)), static_cast<int>(results.Int(r, 3))},
                       {static_cast<int>(results.Int(r, 4)), static_cast<int>(results.Int(r, 5))},
                       results.Text(r, 6)});
  }
  return unfinished;
}

std::optional<std::string> MatchRecord(pg::Connection& db, std::int64_t match_id) {
  const Result row =
      db.Run("SELECT record FROM match_results WHERE match_id = $1", Params().Add(match_id));
  if (row.empty()) return std::nullopt;
  return row.Text(0, 0);
}

std::vector<MatchSummary> History(pg::Connection& db, std::int64_t account_id, int limit,
                                  std::int64_t before_match_id) {
  const Result rows = db.Run(
      "SELECT m.id, m.game, m.rules, s.seat, m.state, m.rated, r.winner,"
      " COALESCE(r.total0, 0), COALESCE(r.total1, 0), m.created_ms, m.finished_ms"
      " FROM match_seats s JOIN matches m ON m.id = s.match_id"
      " LEFT JOIN match_results r ON r.match_id = m.id"
      " WHERE s.account_id = $1 AND ($2::BIGINT = 0 OR m.id < $2::BIGINT)"
      " ORDER BY m.id DESC LIMIT $3",
      Params().Add(account_id).Add(before_match_id).Add(limit));
  std::vector<MatchSummary> history;
  for (int r = 0; r < rows.rows(); ++r) {
    MatchSummary summary;
    summary.match_id = rows.Int(r, 0);
    summary.game = rows.Text(r, 1);
    summary.rules = rows.Text(r, 2);
    summary.seat = static_cast<int>(rows.Int(r, 3));
    summary.state = ParseMatchState(rows.Text(r, 4));
    summary.rated = rows.Bool(r, 5);
    if (auto winner = rows.OptionalInt(r, 6)) summary.winner = static_cast<int>(*winner);
    summary.total = {static_cast<int>(rows.Int(r, 7)), static_cast<int>(rows.Int(r, 8))};
    summary.created_ms = rows.Int(r, 9);
    summary.finished_ms = rows.OptionalInt(r, 10);
    history.push_back(std::move(summary));
  }
  return history;
}

std::optional<Rating> RatingOf(pg::Connection& db, std::int64_t account_id, std::string_view mode) {
  const Result row = db.Run(
      "SELECT rating, rd, volatility, matches, updated_ms FROM ratings"
      " WHERE account_id = $1 AND mode = $2",
      Params().Add(account_id).Add(mode));
  if (row.empty()) return std::nullopt;
  return Rating{account_id,     std::string(mode), row.Real(0, 0),
                row.Real(0, 1), row.Real(0, 2),    static_cast<int>(row.Int(0, 3)),
                row.Int(0, 4)};
}

std::vector<LeaderboardEntry> Leaders(pg::Connection& db, std::string_view mode, int limit) {
  const Result rows = db.Run(
      "SELECT r.account_id, a.name, r.rating, r.rd, r.matches FROM ratings r"
      " JOIN accounts a ON a.id = r.account_id WHERE r.mode = $1"
      " ORDER BY r.rating DESC, r.account_id LIMIT $2",
      Params().Add(mode).Add(limit));
  std::vector<LeaderboardEntry> leaders;
  for (int r = 0; r < rows.rows(); ++r) {
    leaders.push_back(LeaderboardEntry{rows.Int(r, 0), rows.Text(r, 1), rows.Real(r, 2),
                                       rows.Real(r, 3), static_cast<int>(rows.Int(r, 4))});
  }
  return leaders;
}

std::vector<RatingHistoryEntry> RatingHistory(pg::Connection& db, std::int64_t account_id,
                                              std::string_view mode) {
  const Result rows = db.Run(
      "SELECT match_id, rating, rd, volatility, time_ms FROM rating_history"
      " WHERE account_id = $1 AND mode = $2 ORDER BY id",
      Params().Add(account_id).Add(mode));
  std::vector<RatingHistoryEntry> history;
  for (int r = 0; r < rows.rows(); ++r) {
    history.push_back(RatingHistoryEntry{rows.Int(r, 0), rows.Real(r, 1), rows.Real(r, 2),
                                         rows.Real(r, 3), rows.Int(r, 4)});
  }
  return history;
}

}  // namespace kafenio::storage::pgreads

namespace kafenio::storage::pgreads {

namespace {

constexpr const char* kTournamentColumns =
    "SELECT id, name, director_id, game, settings, seed, state, created_ms, starts_ms"
    " FROM tournaments";

TournamentRow ReadTournament(const pg::Result& rows, int r) {
  TournamentRow row{rows.Int(r, 0),  rows.Text(r, 1), rows.Int(r, 2),
                    rows.Text(r, 3), rows.Text(r, 4), rows.Int(r, 5),
                    rows.Text(r, 6), rows.Int(r, 7),  std::nullopt};
  if (!rows.IsNull(r, 8)) row.starts_ms = rows.Int(r, 8);
  return row;
}

}  // namespace

std::optional<TournamentRow> TournamentById(pg::Connection& db, std::int64_t tournament_id) {
  const pg::Result rows =
      db.Run(std::string(kTournamentColumns) + " WHERE id = $1", pg::Params().Add(tournament_id));
  if (rows.empty()) return std::nullopt;
  return ReadTournament(rows, 0);
}

std::vector<TournamentRow> Tournaments(pg::Connection& db, std::string_view state, int limit) {
  const pg::Result rows = db.Run(std::string(kTournamentColumns) +
                                     " WHERE state = $1 ORDER BY created_ms DESC, id DESC LIMIT $2",
                                 pg::Params().Add(state).Add(limit));
  std::vector<TournamentRow> list;
  for (int r = 0; r < rows.rows(); ++r) list.push_back(ReadTournament(rows, r));
  return list;
}

std::vector<TournamentLogEntry> TournamentLog(pg::Connection& db, std::int64_t tournament_id) {
  const pg::Result rows = db.Run(
      "SELECT entry, kind, payload, at_ms FROM tournament_log WHERE tournament_id = $1"
      " ORDER BY entry",
      pg::Params().Add(tournament_id));
  std::vector<TournamentLogEntry> log;
  for (int r = 0; r < rows.rows(); ++r) {
    log.push_back(
        {tournament_id, rows.Int(r, 0), rows.Text(r, 1), rows.Text(r, 2), rows.Int(r, 3)});
  }
  return log;
}

}  // namespace kafenio::storage::pgreads
