// Players' reports and the chat lines kept for them (migration 0016, docs/admin.md
// "Reports"), on PostgreSQL.
#include <algorithm>
#include <cstdint>
#include <string>

#include "server/storage/postgres_staff_sql.h"
#include "server/storage/report_sql.h"

namespace kafenio::storage {
namespace {

using pg::Params;
using pg::Result;

std::vector<ChatLine> ReadLines(const Result& rows) {
  std::vector<ChatLine> lines;
  for (int i = 0; i < rows.rows(); ++i) {
    lines.push_back(ChatLine{rows.Int(i, 0), rows.Text(i, 1), rows.Int(i, 2), rows.Text(i, 3),
                             rows.Text(i, 4), rows.Int(i, 5)});
  }
  return lines;
}

std::vector<PlayerReport> ReadReports(const Result& rows) {
  std::vector<PlayerReport> reports;
  for (int i = 0; i < rows.rows(); ++i) {
    PlayerReport r;
    r.id = rows.Int(i, 0);
    r.reporter_id = rows.Int(i, 1);
    r.reported_id = rows.Int(i, 2);
    r.chat_line_id = rows.OptionalInt(i, 3);
    r.table_id = rows.Text(i, 4);
    r.category = rows.Text(i, 5);
    r.text = rows.Text(i, 6);
    r.evidence = rows.Text(i, 7);
    r.created_ms = rows.Int(i, 8);
    r.state = rows.Text(i, 9);
    r.claimed_by = rows.OptionalText(i, 10);
    r.claimed_ms = rows.OptionalInt(i, 11);
    r.resolved_by = rows.OptionalText(i, 12);
    r.resolved_ms = rows.OptionalInt(i, 13);
    r.action = rows.OptionalText(i, 14);
    r.note = rows.OptionalText(i, 15);
    r.reporter_name = rows.Text(i, 16);
    r.reported_name = rows.Text(i, 17);
    reports.push_back(std::move(r));
  }
  return reports;
}

}  // namespace

std::int64_t PostgresStaffSql::AddChatLine(const ChatLine& line, int keep) {
  const std::int64_t id =
      db_.Run(
             "INSERT INTO chat_lines (table_id, account_id, name, text, sent_ms)"
             " VALUES ($1, $2, $3, $4, $5) RETURNING id",
             Params()
                 .Add(line.table_id)
                 .Add(line.account_id)
                 .Add(line.name)
                 .Add(line.text)
                 .Add(line.sent_ms))
          .Int(0, 0);
  db_.Run("DELETE FROM chat_lines WHERE table_id = $1 AND id <= $2",
          Params().Add(line.table_id).Add(id - keep));
  return id;
}

std::optional<ChatLine> PostgresStaffSql::ChatLineById(std::int64_t id) {
  auto lines =
      ReadLines(db_.Run(std::string(kChatLineColumns) + " WHERE id = $1", Params().Add(id)));
  if (lines.empty()) return std::nullopt;
  return lines.front();
}

std::vector<ChatLine> PostgresStaffSql::ChatAround(std::string_view table_id,
                                                   std::int64_t around_id, int before, int after) {
  const std::int64_t upto = around_id == 0 ? INT64_MAX : around_id;
  auto lines = ReadLines(db_.Run(
      std::string(kChatLineColumns) + " WHERE table_id = $1 AND id <= $2 ORDER BY id DESC LIMIT $3",
      Params().Add(table_id).Add(upto).Add(around_id == 0 ? before : before + 1)));
  std::reverse(lines.begin(), lines.end());
  if (around_id != 0 && after > 0) {
    auto later = ReadLines(db_.Run(
        std::string(kChatLineColumns) + " WHERE table_id = $1 AND id > $2 ORDER BY id LIMIT $3",
        Params().Add(table_id).Add(around_id).Add(after)));
    lines.insert(lines.end(), later.begin(), later.end());
  }
  return lines;
}

std::optional<std::string> PostgresStaffSql::AccountName(std::int64_t account_id) {
  const Result rows = db_.Run("SELECT name FROM accounts WHERE id = $1", Params().Add(account_id));
  if (rows.empty()) return std::nullopt;
  return rows.Text(0, 0);
}

int PostgresStaffSql::ReportsFiledSince(std::int64_t reporter_id, std::int64_t since_ms) {
  return static_cast<int>(
      db_.Run("SELECT COUNT(*) FROM player_reports WHERE reporter_id = $1 AND created_ms >= $2",
              Params().Add(reporter_id).Add(since_ms))
          .Int(0, 0));
}

std::int64_t PostgresStaffSql::AddReport(const PlayerReport& r) {
  return db_
      .Run(
          "INSERT INTO player_reports (reporter_id, reported_id, chat_line_id, table_id, category,"
          " text, evidence, created_ms, state) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)"
          " RETURNING id",
          Params()
              .Add(r.reporter_id)
              .Add(r.reported_id)
              .Add(r.chat_line_id)
              .Add(r.table_id)
              .Add(r.category)
              .Add(r.text)
              .Add(r.evidence)
              .Add(r.created_ms)
              .Add(r.state))
      .Int(0, 0);
}

std::vector<PlayerReport> PostgresStaffSql::Reports(std::string_view state, int limit) {
  return ReadReports(db_.Run(
      std::string(kReportColumns) +
          " WHERE $1::text = '' OR r.state = $1::text OR ($1::text = 'active' AND r.state <> "
          "'resolved') ORDER BY r.id DESC LIMIT $2",
      Params().Add(state).Add(limit)));
}

std::optional<PlayerReport> PostgresStaffSql::ReportById(std::int64_t id) {
  auto reports =
      ReadReports(db_.Run(std::string(kReportColumns) + " WHERE r.id = $1", Params().Add(id)));
  if (reports.empty()) return std::nullopt;
  return reports.front();
}

void PostgresStaffSql::UpdateReport(const PlayerReport& r) {
  db_.Run(
      "UPDATE player_reports SET state = $1, claimed_by = $2, claimed_ms = $3, resolved_by = $4,"
      " resolved_ms = $5, action = $6, note = $7 WHERE id = $8",
      Params()
          .Add(r.state)
          .Add(r.claimed_by)
          .Add(r.claimed_ms)
          .Add(r.resolved_by)
          .Add(r.resolved_ms)
          .Add(r.action)
          .Add(r.note)
          .Add(r.id));
}

}  // namespace kafenio::storage
