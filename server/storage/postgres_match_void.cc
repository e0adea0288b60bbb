// Voiding a match (migration 0015, docs/admin.md): the void's own row and the rating rows
// the console's replay rewrites (server/app/admin/match_void.cc), on PostgreSQL.
#include <string>

#include "server/storage/postgres_rating_upsert.h"
#include "server/storage/postgres_staff_sql.h"
#include "server/storage/storage_error.h"

namespace kafenio::storage {
namespace {

using pg::Params;
using pg::Result;

constexpr const char* kRowColumns =
    "SELECT id, account_id, mode, match_id, rating, rd, volatility, time_ms FROM rating_history";

std::vector<RatingHistoryRow> ReadRows(const Result& rows) {
  std::vector<RatingHistoryRow> out;
  for (int r = 0; r < rows.rows(); ++r) {
    out.push_back(RatingHistoryRow{rows.Int(r, 0), rows.Int(r, 1), rows.Text(r, 2), rows.Int(r, 3),
                                   rows.Real(r, 4), rows.Real(r, 5), rows.Real(r, 6),
                                   rows.Int(r, 7)});
  }
  return out;
}

}  // namespace

void PostgresStaffSql::PutMatchVoid(const MatchVoid& match_void) {
  db_.Run("INSERT INTO match_voids (match_id, reason, staff, voided_ms) VALUES ($1, $2, $3, $4)",
          Params()
              .Add(match_void.match_id)
              .Add(match_void.reason)
              .Add(match_void.staff)
              .Add(match_void.voided_ms));
}

std::vector<MatchVoid> PostgresStaffSql::MatchVoids(const std::vector<std::int64_t>& match_ids) {
  std::vector<MatchVoid> found;
  for (const std::int64_t id : match_ids) {
    const Result rows =
        db_.Run("SELECT match_id, reason, staff, voided_ms FROM match_voids WHERE match_id = $1",
                Params().Add(id));
    for (int r = 0; r < rows.rows(); ++r) {
      found.push_back(MatchVoid{rows.Int(r, 0), rows.Text(r, 1), rows.Text(r, 2), rows.Int(r, 3)});
    }
  }
  return found;
}

std::optional<MatchResult> PostgresStaffSql::MatchOutcome(std::int64_t match_id) {
  const Result rows = db_.Run(
      "SELECT r.winner, r.total0, r.total1, r.abandoned_by, m.finished_ms"
      " FROM match_results r JOIN matches m ON m.id = r.match_id WHERE r.match_id = $1",
      Params().Add(match_id));
  if (rows.empty()) return std::nullopt;
  MatchResult result;
  result.match_id = match_id;
  if (const auto winner = rows.OptionalInt(0, 0)) result.winner = static_cast<int>(*winner);
  result.total = {static_cast<int>(rows.Int(0, 1)), static_cast<int>(rows.Int(0, 2))};
  if (const auto by = rows.OptionalInt(0, 3)) result.abandoned_by = static_cast<int>(*by);
  result.finished_ms = rows.OptionalInt(0, 4).value_or(0);
  return result;
}

std::vector<RatingHistoryRow> PostgresStaffSql::RatingRowsFrom(std::string_view mode,
                                                               std::int64_t match_id) {
  return ReadRows(db_.Run(
      std::string(kRowColumns) +
          " WHERE mode = $1 AND id >= (SELECT MIN(id) FROM rating_history WHERE match_id = $2)"
          " ORDER BY id",
      Params().Add(mode).Add(match_id)));
}

std::optional<RatingHistoryRow> PostgresStaffSql::RatingRowBefore(std::int64_t account_id,
                                                                  std::string_view mode,
                                                                  std::int64_t before_id) {
  auto rows =
      ReadRows(db_.Run(std::string(kRowColumns) + " WHERE account_id = $1 AND mode = $2 AND id < $3"
                                                  " ORDER BY id DESC LIMIT 1",
                       Params().Add(account_id).Add(mode).Add(before_id)));
  if (rows.empty()) return std::nullopt;
  return rows.front();
}

void PostgresStaffSql::SetRatingRow(const RatingHistoryRow& row) {
  const Result changed =
      db_.Run("UPDATE rating_history SET rating = $1, rd = $2, volatility = $3 WHERE id = $4",
              Params().Add(row.rating).Add(row.rd).Add(row.volatility).Add(row.id));
  if (changed.Changed() == 0) throw StorageError("set rating row: no such row");
}

void PostgresStaffSql::DeleteRatingRowsOf(std::int64_t match_id) {
  db_.Run("DELETE FROM rating_history WHERE match_id = $1", Params().Add(match_id));
}

void PostgresStaffSql::SetCurrentRating(const Rating& rating) {
  UpsertCurrentRating(db_, rating);
}

void PostgresStaffSql::DeleteCurrentRating(std::int64_t account_id, std::string_view mode) {
  db_.Run("DELETE FROM ratings WHERE account_id = $1 AND mode = $2",
          Params().Add(account_id).Add(mode));
}

}  // namespace kafenio::storage
