#pragma once
// The storage interface the server uses. It names no database: SQLite implements it
// (sqlite_storage.h), and so does PostgreSQL (postgres_storage.h); open_storage.h picks one.
//
// Writes are queued and made durable by one writer in group commits: Enqueue returns at
// once, and `done` runs on the writer thread after the transaction holding the operation
// has committed durably (or failed). The server acknowledges a move only from `done`.
// `done` must be quick: post any real work to the caller's own executor.
#include <algorithm>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "server/metrics/latency_histogram.h"
#include "server/storage/rows.h"
#include "server/storage/write_transaction.h"

namespace kafenio::storage {

struct WriteStatus {
  std::string error;  // empty on success
  // The operation broke a constraint of the data (a name already taken, a row already
  // there): retrying it will not help. Otherwise a failure means storage is unavailable.
  bool conflict = false;
  bool ok() const { return error.empty(); }
};

// Counters for the server's /metrics.
struct StorageStats {
  std::uint64_t commits = 0;      // group commits (transactions) so far
  std::uint64_t operations = 0;   // write operations committed or failed so far
  std::uint64_t checkpoints = 0;  // background WAL checkpoints so far
  // Each batch's transaction, from its BEGIN to its durable COMMIT (or its failure).
  metrics::LatencyHistogram::Snapshot commit_latency;
  // Write operations queued for the writer or in the batch it is committing now.
  std::uint64_t queue_depth = 0;
};

using WriteOp = std::function<void(WriteTransaction&)>;
using WriteDone = std::function<void(const WriteStatus&)>;

class Storage {
 public:
  virtual ~Storage() = default;

  // Queues one operation. It runs alone in a savepoint: if it throws, only its own
  // changes are undone and only its `done` reports the error. After Close, `done` reports
  // an error at once.
  virtual void Enqueue(WriteOp op, WriteDone done) = 0;
  // Blocks until everything queued before the call is durable.
  virtual void Flush() = 0;
  // Stops taking writes, makes everything queued durable, checkpoints and closes.
  virtual void Close() = 0;
  virtual StorageStats Stats() const = 0;

  virtual std::optional<Account> FindAccountByName(std::string_view name) = 0;
  // By the name's key (server/names/player_name.h): case and lookalikes ignored.
  virtual std::optional<Account> FindAccountByNameKey(std::string_view name_key) = 0;
  virtual std::optional<Account> FindAccount(std::int64_t account_id) = 0;
  // A session whose expiry is after now_ms.
  virtual std::optional<Session> FindSession(std::string_view token_hash, std::int64_t now_ms) = 0;
  virtual std::optional<GameTable> FindTable(std::int64_t table_id) = 0;
  virtual std::optional<Series> FindSeries(std::int64_t table_id) = 0;
  virtual std::optional<Match> FindMatch(std::int64_t match_id) = 0;
  // Crash recovery: every live match with its seeds and events in order.
  virtual std::vector<UnfinishedMatch> LoadUnfinishedMatches() = 0;
  // And every table still open without a live match, with who sits there.
  virtual std::vector<OpenTable> LoadOpenTables() = 0;
  // The same for some tables only (a clustered node taking tables over). By default the
  // whole load, filtered; a database that serves many nodes asks for just these.
  virtual std::vector<UnfinishedMatch> LoadUnfinishedMatchesOf(
      const std::vector<std::int64_t>& table_ids) {
    auto all = LoadUnfinishedMatches();
    std::erase_if(all, [&](const UnfinishedMatch& m) {
      return !m.match.table_id ||
             std::find(table_ids.begin(), table_ids.end(), *m.match.table_id) == table_ids.end();
    });
    return all;
  }
  virtual std::vector<OpenTable> LoadOpenTablesOf(const std::vector<std::int64_t>& table_ids) {
    auto all = LoadOpenTables();
    std::erase_if(all, [&](const OpenTable& t) {
      return std::find(table_ids.begin(), table_ids.end(), t.table.id) == table_ids.end();
    });
    return all;
  }
  virtual std::vector<HandSeed> LoadHandSeeds(std::int64_t match_id) = 0;
  virtual std::vector<MoveEvent> LoadMoves(std::int64_t match_id, std::int64_t after_sequence) = 0;
  // The game record of a finished match.
  virtual std::optional<std::string> LoadMatchRecord(std::int64_t match_id) = 0;
  // A player's matches, newest first; before_match_id pages backwards (0: from the newest).
  virtual std::vector<MatchSummary> MatchHistory(std::int64_t account_id, int limit,
                                                 std::int64_t before_match_id) = 0;
  virtual std::optional<Rating> FindRating(std::int64_t account_id, std::string_view mode) = 0;
  // Highest rating first.
  virtual std::vector<LeaderboardEntry> Leaderboard(std::string_view mode, int limit) = 0;
  // Rating history of one player in one mode, oldest first.
  virtual std::vector<RatingHistoryEntry> RatingHistory(std::int64_t account_id,
                                                        std::string_view mode) = 0;

  // Tournaments: one event; events in a state (newest first); an event's log in order.
  virtual std::optional<TournamentRow> FindTournament(std::int64_t tournament_id) = 0;
  virtual std::vector<TournamentRow> ListTournaments(std::string_view state, int limit) = 0;
  virtual std::vector<TournamentLogEntry> LoadTournamentLog(std::int64_t tournament_id) = 0;
  // The admin console's reads (staff_sql.h), on one reader connection for the call.
  virtual void ReadStaff(const std::function<void(StaffSql&)>& read) = 0;
  // Players' own sessions (session_sql.h), on one reader connection for the call.
  virtual void ReadSessions(const std::function<void(SessionSql&)>& read) = 0;
};

}  // namespace kafenio::storage
