// Voiding a match (migration 0015, docs/admin.md): the void's own row and the rating rows
// the console's replay rewrites (server/app/admin/match_void.cc), on SQLite.
#include <sqlite3.h>

#include <string>

#include "server/storage/sqlite/statement_rows.h"
#include "server/storage/sqlite_rating_upsert.h"
#include "server/storage/sqlite_staff_sql.h"
#include "server/storage/storage_error.h"

namespace kafenio::storage {
namespace {

constexpr const char* kRowColumns =
    "SELECT id, account_id, mode, match_id, rating, rd, volatility, time_ms FROM rating_history";

RatingHistoryRow ReadRow(const sqlite::Statement& row) {
  return RatingHistoryRow{row.Int(0),  row.Int(1),  row.Text(2), row.Int(3),
                          row.Real(4), row.Real(5), row.Real(6), row.Int(7)};
}

using sqlite::AllRows;

}  // namespace

void SqliteStaffSql::PutMatchVoid(const MatchVoid& match_void) {
  db_.Prepare("INSERT INTO match_voids (match_id, reason, staff, voided_ms) VALUES (?, ?, ?, ?)")
      .Bind(1, match_void.match_id)
      .Bind(2, match_void.reason)
      .Bind(3, match_void.staff)
      .Bind(4, match_void.voided_ms)
      .Run();
}

std::vector<MatchVoid> SqliteStaffSql::MatchVoids(const std::vector<std::int64_t>& match_ids) {
  std::vector<MatchVoid> found;
  auto& query =
      db_.Prepare("SELECT match_id, reason, staff, voided_ms FROM match_voids WHERE match_id = ?");
  for (const std::int64_t id : match_ids) {
    auto rows = AllRows<MatchVoid>(query.Bind(1, id), [](const sqlite::Statement& row) {
      return MatchVoid{row.Int(0), row.Text(1), row.Text(2), row.Int(3)};
    });
    found.insert(found.end(), rows.begin(), rows.end());
  }
  return found;
}

std::optional<MatchResult> SqliteStaffSql::MatchOutcome(std::int64_t match_id) {
  auto& query = db_.Prepare(
      "SELECT r.winner, r.total0, r.total1, r.abandoned_by, m.finished_ms"
      " FROM match_results r JOIN matches m ON m.id = r.match_id WHERE r.match_id = ?");
  query.Bind(1, match_id);
  auto rows = AllRows<MatchResult>(query, [](const sqlite::Statement& row) {
    MatchResult result;
    if (const auto winner = row.OptionalInt(0)) result.winner = static_cast<int>(*winner);
    result.total = {static_cast<int>(row.Int(1)), static_cast<int>(row.Int(2))};
    if (const auto by = row.OptionalInt(3)) result.abandoned_by = static_cast<int>(*by);
    result.finished_ms = row.OptionalInt(4).value_or(0);
    return result;
  });
  if (rows.empty()) return std::nullopt;
  rows.front().match_id = match_id;
  return rows.front();
}

std::vector<RatingHistoryRow> SqliteStaffSql::RatingRowsFrom(std::string_view mode,
                                                             std::int64_t match_id) {
  auto& query = db_.Prepare(
      std::string(kRowColumns) +
      " WHERE mode = ? AND id >= (SELECT MIN(id) FROM rating_history WHERE match_id = ?)"
      " ORDER BY id");
  query.Bind(1, mode).Bind(2, match_id);
  return AllRows(query, ReadRow);
}

std::optional<RatingHistoryRow> SqliteStaffSql::RatingRowBefore(std::int64_t account_id,
                                                                std::string_view mode,
                                                                std::int64_t before_id) {
  auto& query = db_.Prepare(std::string(kRowColumns) +
                            " WHERE account_id = ? AND mode = ? AND id < ? ORDER BY id DESC"
                            " LIMIT 1");
  query.Bind(1, account_id).Bind(2, mode).Bind(3, before_id);
  auto rows = AllRows(query, ReadRow);
  if (rows.empty()) return std::nullopt;
  return rows.front();
}

void SqliteStaffSql::SetRatingRow(const RatingHistoryRow& row) {
  db_.Prepare("UPDATE rating_history SET rating = ?, rd = ?, volatility = ? WHERE id = ?")
      .Bind(1, row.rating)
      .Bind(2, row.rd)
      .Bind(3, row.volatility)
      .Bind(4, row.id)
      .Run();
  ExpectChanged("set rating row");
}

void SqliteStaffSql::DeleteRatingRowsOf(std::int64_t match_id) {
  db_.Prepare("DELETE FROM rating_history WHERE match_id = ?").Bind(1, match_id).Run();
}

void SqliteStaffSql::SetCurrentRating(const Rating& rating) {
  UpsertCurrentRating(db_, rating);
}

void SqliteStaffSql::DeleteCurrentRating(std::int64_t account_id, std::string_view mode) {
  db_.Prepare("DELETE FROM ratings WHERE account_id = ? AND mode = ?")
      .Bind(1, account_id)
      .Bind(2, mode)
      .Run();
}

}  // namespace kafenio::storage
