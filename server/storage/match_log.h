#pragma once
// Tables, matches and each match's event log, as the tables write them and crash recovery
// reads them back (Store implements this over Storage). Writes queue behind each other in
// order and complete on the caller's executor (store_completion.h): a table acknowledges
// and broadcasts a move only from its completion, so an accepted move is never seen by
// anyone before it is durable.
#include <algorithm>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "server/storage/store_completion.h"
#include "server/storage/store_records.h"

namespace kafenio::storage {
class StaffSql;
}

namespace kafenio::server {

class MatchLog {
 public:
  virtual ~MatchLog() = default;

  // Returns the store's number for the table (1, 2, 3, ... in creation order), by which
  // the other writes name it.
  virtual void CreateTable(TableRecord table, Executor executor,
                           Then<Written<std::int64_t>> then) = 0;
  // Stores a new match (match.match_id is ignored); returns its id, which is the match's id
  // everywhere.
  virtual void CreateMatch(MatchRecord match, Executor executor,
                           Then<Written<std::int64_t>> then) = 0;
  // A deal or a move (with the result of the hand it ended, if it did).
  virtual void AppendEvent(MatchEventRecord event, Executor executor, Then<WriteResult> then) = 0;
  // A hand's result missing from an older log (recovery repairs it); also reveals its seed.
  virtual void SaveHandResult(std::int64_t match_id, HandResultRecord result, Executor executor,
                              Then<WriteResult> then) = 0;
  // A restart restores the seat as last stored.
  virtual void SaveSeatHold(std::int64_t match_id, int seat, SeatHold hold, Executor executor,
                            Then<WriteResult> then) = 0;
  // The result, for a rated match every player's new rating, and the table's series and
  // seating after the match, in one transaction.
  virtual void FinishMatch(MatchResultRecord result, Executor executor, Then<WriteResult> then) = 0;
  // The match will never finish (its table closed while it was live).
  virtual void AbandonMatch(std::int64_t match_id, std::string record, std::int64_t unix_ms,
                            Executor executor, Then<WriteResult> then) = 0;
  // Who sits at the table while no match is live there (the seats taken); a restart seats
  // them again (LoadOpenTables).
  virtual void SaveTableSeats(std::int64_t table_number, std::vector<TableSeatRecord> seats,
                              Executor executor, Then<WriteResult> then) = 0;
  // The table has closed for good: a restart does not bring it back.
  virtual void CloseTable(std::int64_t table_number, std::int64_t unix_ms, Executor executor,
                          Then<WriteResult> then) = 0;
  // The closed table is open again, as it was stored (WriteTransaction::ReopenTable).
  virtual void ReopenTable(std::int64_t table_number, Executor executor,
                           Then<WriteResult> then) = 0;
  // A write of the moderation rows (players' reports, kept chat lines: migration 0016) in
  // one transaction; `op` may run more than once, so it sets, never accumulates.
  virtual void WriteModeration(std::function<void(storage::StaffSql&)> op, Executor executor,
                               Then<WriteResult> then) = 0;

  // Crash recovery, at start-up: every match stored as live, with what rebuilds it.
  virtual std::vector<RecoveredMatch> LoadUnfinishedMatches() = 0;
  // And every table still open without a live match (a table with a live match comes back
  // with it), with who sat there.
  virtual std::vector<RecoveredTable> LoadOpenTables() = 0;
  // The same for some tables only, by number (a clustered node taking tables over). By
  // default the whole load, filtered.
  virtual std::vector<RecoveredMatch> LoadUnfinishedMatchesOf(
      const std::vector<std::int64_t>& tables) {
    auto all = LoadUnfinishedMatches();
    std::erase_if(all, [&](const RecoveredMatch& m) {
      return std::find(tables.begin(), tables.end(), m.table_number) == tables.end();
    });
    return all;
  }
  virtual std::vector<RecoveredTable> LoadOpenTablesOf(const std::vector<std::int64_t>& tables) {
    auto all = LoadOpenTables();
    std::erase_if(all, [&](const RecoveredTable& t) {
      return std::find(tables.begin(), tables.end(), t.table_number) == tables.end();
    });
    return all;
  }
};

}  // namespace kafenio::server
