#include "server/storage/sqlite_reads.h"

#include <sqlite3.h>

#include "server/storage/read_columns.h"
#include "server/storage/sqlite_codec.h"

namespace kafenio::storage::reads {

namespace {

// A cached statement keeps its read transaction open until it is reset, which would pin
// an old snapshot and hold back checkpoints; every query here resets when it is done.
class Query {
 public:
  Query(sqlite::Connection& db, std::string_view sql) : statement_(db.Prepare(sql)) {}
  ~Query() { statement_.Reset(); }
  Query(const Query&) = delete;
  Query& operator=(const Query&) = delete;
  sqlite::Statement* operator->() { return &statement_; }
  sqlite::Statement& operator*() { return statement_; }

 private:
  sqlite::Statement& statement_;
};

// One read transaction around several queries, so they see the same snapshot. Inside a
// transaction already (a write operation reading what it is about to change), that
// transaction is the snapshot.
class Snapshot {
 public:
  explicit Snapshot(sqlite::Connection& db)
      : db_(db), own_(sqlite3_get_autocommit(db.handle()) != 0) {
    if (own_) db_.Prepare("BEGIN").Run();
  }
  ~Snapshot() {
    if (!own_) return;
    try {
      db_.Prepare("COMMIT").Run();
    } catch (...) {
      // Ending a read-only transaction cannot lose data; the next BEGIN would report a
      // connection that is really broken.
    }
  }
  Snapshot(const Snapshot&) = delete;
  Snapshot& operator=(const Snapshot&) = delete;

 private:
  sqlite::Connection& db_;
  const bool own_;
};

GameTable ReadTable(const sqlite::Statement& row) {
  GameTable table;
  table.id = row.Int(0);
  table.game = row.Text(1);
  table.rules = row.Text(2);
  table.seats = static_cast<int>(row.Int(3));
  table.is_public = row.Text(4) == "public";
  table.invite_code = row.OptionalText(5);
  table.clock_ms = row.Int(6);
  table.rated = row.Int(7) != 0;
  table.created_ms = row.Int(8);
  table.public_id = row.OptionalText(9);
  table.series_matches = static_cast<int>(row.Int(10));
  table.closed_ms = row.OptionalInt(11);
  return table;
}

Account ReadAccount(const sqlite::Statement& row) {
  return Account{row.Int(0), row.Text(1), row.OptionalText(2), row.Int(3), row.OptionalText(4)};
}

Match ReadMatch(sqlite::Connection& db, const sqlite::Statement& row) {
  Match match;
  match.id = row.Int(0);
  match.table_id = row.OptionalInt(1);
  match.game = row.Text(2);
  match.rules = row.Text(3);
  match.first_dealer = static_cast<int>(row.Int(4));
  match.rated = row.Int(5) != 0;
  match.state = ParseMatchState(row.Text(6));
  match.created_ms = row.Int(7);
  match.finished_ms = row.OptionalInt(8);
  Query seats(db,
              "SELECT seat, account_id, bot, bot_holding, left_table, timeouts FROM match_seats"
              " WHERE match_id = ? ORDER BY seat");
  seats->Bind(1, match.id);
  while (seats->Step()) {
    SeatHolder holder;
    holder.account_id = seats->OptionalInt(1);
    if (!holder.account_id) holder.bot = seats->Text(2);
    holder.hold.bot_holding = seats->Int(3) != 0;
    holder.hold.left = seats->Int(4) != 0;
    holder.hold.timeouts = static_cast<int>(seats->Int(5));
    match.seats.push_back(std::move(holder));
  }
  return match;
}

}  // namespace

std::optional<Account> AccountByName(sqlite::Connection& db, std::string_view name) {
  Query query(db, std::string(kAccountColumns) + " WHERE name = ?");
  query->Bind(1, name);
  if (!query->Step()) return std::nullopt;
  return ReadAccount(*query);
}

std::optional<Account> AccountByNameKey(sqlite::Connection& db, std::string_view name_key) {
  Query query(db, std::string(kAccountColumns) + " WHERE name_key = ?");
  query->Bind(1, name_key);
  if (!query->Step()) return std::nullopt;
  return ReadAccount(*query);
}

std::optional<Account> AccountById(sqlite::Connection& db, std::int64_t account_id) {
  Query query(db, std::string(kAccountColumns) + " WHERE id = ?");
  query->Bind(1, account_id);
  if (!query->Step()) return std::nullopt;
  return ReadAccount(*query);
}

std::optional<Session> SessionByTokenHash(sqlite::Connection& db, std::string_view token_hash,
                                          std::int64_t now_ms) {
  Query query(db,
              "SELECT token_hash, account_id, expires_ms FROM sessions"
              " WHERE token_hash = ? AND expires_ms > ?");
  query->Bind(1, token_hash).Bind(2, now_ms);
  if (!query->Step()) return std::nullopt;
  return Session{query->Text(0), query->Int(1), query->Int(2)};
}

std::optional<GameTable> TableById(sqlite::Connection& db, std::int64_t table_id) {
  Query query(db, std::string(kTableColumns) + " WHERE id = ?");
  query->Bind(1, table_id);
  if (!query->Step()) return std::nullopt;
  return ReadTable(*query);
}

std::optional<Series> SeriesOfTable(sqlite::Connection& db, std::int64_t table_id) {
  Query query(db, "SELECT matches_played, score0, score1 FROM series WHERE table_id = ?");
  query->Bind(1, table_id);
  if (!query->Step()) return std::nullopt;
  return Series{table_id,
                static_cast<int>(query->Int(0)),
                {static_cast<int>(query->Int(1)), static_cast<int>(query->Int(2))}};
}

std::vector<OpenTable> OpenTables(sqlite::Connection& db) {
  Snapshot snapshot(db);
  std::vector<OpenTable> open;
  {
    Query query(db, std::string(kTableColumns) +
                        " WHERE closed_ms IS NULL AND id NOT IN (SELECT table_id FROM matches"
                        " WHERE state = 'live' AND table_id IS NOT NULL) ORDER BY id");
    while (query->Step()) open.push_back(OpenTable{ReadTable(*query), {}, {}});
  }
  for (OpenTable& table : open) {
    Query seats(db,
                "SELECT seat, account_id, bot FROM table_seats WHERE table_id = ? ORDER BY seat");
    seats->Bind(1, table.table.id);
    while (seats->Step()) {
      TableSeat seat{static_cast<int>(seats->Int(0)), seats->OptionalInt(1)};
      if (seat.IsBot()) seat.bot = seats->Text(2);
      table.seats.push_back(std::move(seat));
    }
    table.series = SeriesOfTable(db, table.table.id).value_or(Series{table.table.id, 0, {}});
  }
  return open;
}

std::optional<Match> MatchById(sqlite::Connection& db, std::int64_t match_id) {
  Snapshot snapshot(db);
  Query query(db, std::string(kMatchColumns) + " WHERE id = ?");
  query->Bind(1, match_id);
  if (!query->Step()) return std::nullopt;
  return ReadMatch(db, *query);
}

std::vector<HandSeed> HandSeeds(sqlite::Connection& db, std::int64_t match_id) {
  Query query(db,
              "SELECT hand, dealer, seed, salt, commitment, revealed FROM hand_seeds"
              " WHERE match_id = ? ORDER BY hand");
  query->Bind(1, match_id);
  std::vector<HandSeed> seeds;
  while (query->Step()) {
    seeds.push_back(HandSeed{match_id, static_cast<int>(query->Int(0)),
                             static_cast<int>(query->Int(1)), SeedFromColumn(query->Int(2)),
                             query->Text(3), query->Text(4), query->Int(5) != 0});
  }
  return seeds;
}

std::vector<MoveEvent> Moves(sqlite::Connection& db, std::int64_t match_id,
                             std::int64_t after_sequence) {
  Query query(db,
              "SELECT sequence, hand, seat, move, time_ms FROM move_events"
              " WHERE match_id = ? AND sequence > ? ORDER BY sequence");
  query->Bind(1, match_id).Bind(2, after_sequence);
  std::vector<MoveEvent> moves;
  while (query->Step()) {
    moves.push_back(MoveEvent{match_id, query->Int(0), static_cast<int>(query->Int(1)),
                              static_cast<int>(query->Int(2)), query->Text(3), query->Int(4)});
  }
  return moves;
}

std::vector<HandResult> HandResults(sqlite::Connection& db, std::int64_t match_id) {
  Query query(db,
              "SELECT hand, score0, score1, total0, total1, breakdown FROM hand_results"
              " WHERE match_id = ? ORDER BY hand");
  query->Bind(1, match_id);
  std::vector<HandResult> results;
  while (query->Step()) {
    results.push_back(HandResult{match_id,
                                 static_cast<int>(query->Int(0)),
                                 {static_cast<int>(query->Int(1)), static_cast<int>(query->Int(2))},
                                 {static_cast<int>(query->Int(3)), static_cast<int>(query->Int(4))},
                                 query->Text(5)});
  }
  return results;
}

std::vector<UnfinishedMatch> UnfinishedMatches(sqlite::Connection& db) {
  Snapshot snapshot(db);
  std::vector<UnfinishedMatch> unfinished;
  {
    Query query(db, std::string(kMatchColumns) + " WHERE state = 'live' ORDER BY id");
    while (query->Step()) unfinished.push_back(UnfinishedMatch{ReadMatch(db, *query), {}, {}, {}});
  }
  for (auto& entry : unfinished) {
    entry.hands = HandSeeds(db, entry.match.id);
    entry.moves = Moves(db, entry.match.id, 0);
    entry.hand_results = HandResults(db, entry.match.id);
  }
  return unfinished;
}

std::optional<std::string> MatchRecord(sqlite::Connection& db, std::int64_t match_id) {
  Query query(db, "SELECT record FROM match_results WHERE match_id = ?");
  query->Bind(1, match_id);
  if (!query->Step()) return std::nullopt;
  return query->Text(0);
}

std::vector<MatchSummary> History(sqlite::Connection& db, std::int64_t account_id, int limit,
                                  std::int64_t before_match_id) {
  Query query(db,
              "SELECT m.id, m.game, m.rules, s.seat, m.state, m.rated, r.winner,"
              " COALESCE(r.total0, 0), COALESCE(r.total1, 0), m.created_ms, m.finished_ms"
              " FROM match_seats s JOIN matches m ON m.id = s.match_id"
              " LEFT JOIN match_results r ON r.match_id = m.id"
              " WHERE s.account_id = ? AND (? = 0 OR m.id < ?)"
              " ORDER BY m.id DESC LIMIT ?");
  query->Bind(1, account_id).Bind(2, before_match_id).Bind(3, before_match_id).Bind(4, limit);
  std::vector<MatchSummary> history;
  while (query->Step()) {
    MatchSummary summary;
    summary.match_id = query->Int(0);
    summary.game = query->Text(1);
    summary.rules = query->Text(2);
    summary.seat = static_cast<int>(query->Int(3));
    summary.state = ParseMatchState(query->Text(4));
    summary.rated = query->Int(5) != 0;
    if (auto winner = query->OptionalInt(6)) summary.winner = static_cast<int>(*winner);
    summary.total = {static_cast<int>(query->Int(7)), static_cast<int>(query->Int(8))};
    summary.created_ms = query->Int(9);
    summary.finished_ms = query->OptionalInt(10);
    history.push_back(std::move(summary));
  }
  return history;
}

std::optional<Rating> RatingOf(sqlite::Connection& db, std::int64_t account_id,
                               std::string_view mode) {
  Query query(db,
              "SELECT rating, rd, volatility, matches, updated_ms FROM ratings"
              " WHERE account_id = ? AND mode = ?");
  query->Bind(1, account_id).Bind(2, mode);
  if (!query->Step()) return std::nullopt;
  return Rating{account_id,     std::string(mode), query->Real(0),
                query->Real(1), query->Real(2),    static_cast<int>(query->Int(3)),
                query->Int(4)};
}

std::vector<LeaderboardEntry> Leaders(sqlite::Connection& db, std::string_view mode, int limit) {
  Query query(db,
              "SELECT r.account_id, a.name, r.rating, r.rd, r.matches FROM ratings r"
              " JOIN accounts a ON a.id = r.account_id WHERE r.mode = ?"
              " ORDER BY r.rating DESC, r.account_id LIMIT ?");
  query->Bind(1, mode).Bind(2, limit);
  std::vector<LeaderboardEntry> leaders;
  while (query->Step()) {
    leaders.push_back(LeaderboardEntry{query->Int(0), query->Text(1), query->Real(2),
                                       query->Real(3), static_cast<int>(query->Int(4))});
  }
  return leaders;
}

std::vector<RatingHistoryEntry> RatingHistory(sqlite::Connection& db, std::int64_t account_id,
                                              std::string_view mode) {
  Query query(db,
              "SELECT match_id, rating, rd, volatility, time_ms FROM rating_history"
              " WHERE account_id = ? AND mode = ? ORDER BY id");
  query->Bind(1, account_id).Bind(2, mode);
  std::vector<RatingHistoryEntry> history;
  while (query->Step()) {
    history.push_back(RatingHistoryEntry{query->Int(0), query->Real(1), query->Real(2),
                                         query->Real(3), query->Int(4)});
  }
  return history;
}

}  // namespace kafenio::storage::reads

namespace kafenio::storage::reads {

namespace {

constexpr const char* kTournamentColumns =
    "SELECT id, name, director_id, game, settings, seed, state, created_ms, starts_ms"
    " FROM tournaments";

TournamentRow ReadTournament(sqlite::Statement& row) {
  return TournamentRow{row.Int(0), row.Text(1), row.Int(2), row.Text(3),       row.Text(4),
                       row.Int(5), row.Text(6), row.Int(7), row.OptionalInt(8)};
}

}  // namespace

std::optional<TournamentRow> TournamentById(sqlite::Connection& db, std::int64_t tournament_id) {
  Query query(db, std::string(kTournamentColumns) + " WHERE id = ?");
  query->Bind(1, tournament_id);
  if (!query->Step()) return std::nullopt;
  return ReadTournament(*query);
}

std::vector<TournamentRow> Tournaments(sqlite::Connection& db, std::string_view state, int limit) {
  Query query(db, std::string(kTournamentColumns) +
                      " WHERE state = ? ORDER BY created_ms DESC, id DESC LIMIT ?");
  query->Bind(1, state).Bind(2, limit);
  std::vector<TournamentRow> rows;
  while (query->Step()) rows.push_back(ReadTournament(*query));
  return rows;
}

std::vector<TournamentLogEntry> TournamentLog(sqlite::Connection& db, std::int64_t tournament_id) {
  Query query(db,
              "SELECT entry, kind, payload, at_ms FROM tournament_log WHERE tournament_id = ?"
              " ORDER BY entry");
  query->Bind(1, tournament_id);
  std::vector<TournamentLogEntry> log;
  while (query->Step()) {
    log.push_back({tournament_id, query->Int(0), query->Text(1), query->Text(2), query->Int(3)});
  }
  return log;
}

}  // namespace kafenio::storage::reads
