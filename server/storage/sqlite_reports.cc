// Players' reports and the chat lines kept for them (migration 0016, docs/admin.md
// "Reports"), on SQLite.
#include <sqlite3.h>

#include <algorithm>
#include <cstdint>
#include <string>

#include "server/storage/report_sql.h"
#include "server/storage/sqlite/statement_rows.h"
#include "server/storage/sqlite_staff_sql.h"

namespace kafenio::storage {
namespace {

ChatLine ReadLine(const sqlite::Statement& row) {
  return ChatLine{row.Int(0), row.Text(1), row.Int(2), row.Text(3), row.Text(4), row.Int(5)};
}

PlayerReport ReadReport(const sqlite::Statement& row) {
  PlayerReport r;
  r.id = row.Int(0);
  r.reporter_id = row.Int(1);
  r.reported_id = row.Int(2);
  r.chat_line_id = row.OptionalInt(3);
  r.table_id = row.Text(4);
  r.category = row.Text(5);
  r.text = row.Text(6);
  r.evidence = row.Text(7);
  r.created_ms = row.Int(8);
  r.state = row.Text(9);
  r.claimed_by = row.OptionalText(10);
  r.claimed_ms = row.OptionalInt(11);
  r.resolved_by = row.OptionalText(12);
  r.resolved_ms = row.OptionalInt(13);
  r.action = row.OptionalText(14);
  r.note = row.OptionalText(15);
  r.reporter_name = row.Text(16);
  r.reported_name = row.Text(17);
  return r;
}

using sqlite::AllRows;
using sqlite::FirstRow;

}  // namespace

std::int64_t SqliteStaffSql::AddChatLine(const ChatLine& line, int keep) {
  db_.Prepare(
         "INSERT INTO chat_lines (table_id, account_id, name, text, sent_ms)"
         " VALUES (?, ?, ?, ?, ?)")
      .Bind(1, line.table_id)
      .Bind(2, line.account_id)
      .Bind(3, line.name)
      .Bind(4, line.text)
      .Bind(5, line.sent_ms)
      .Run();
  const std::int64_t id = sqlite3_last_insert_rowid(db_.handle());
  db_.Prepare("DELETE FROM chat_lines WHERE table_id = ? AND id <= ?")
      .Bind(1, line.table_id)
      .Bind(2, id - keep)
      .Run();
  return id;
}

std::optional<ChatLine> SqliteStaffSql::ChatLineById(std::int64_t id) {
  return FirstRow(db_.Prepare(std::string(kChatLineColumns) + " WHERE id = ?").Bind(1, id),
                  ReadLine);
}

std::vector<ChatLine> SqliteStaffSql::ChatAround(std::string_view table_id, std::int64_t around_id,
                                                 int before, int after) {
  const std::int64_t upto = around_id == 0 ? INT64_MAX : around_id;
  auto lines = AllRows(db_.Prepare(std::string(kChatLineColumns) +
                                   " WHERE table_id = ? AND id <= ? ORDER BY id DESC LIMIT ?")
                           .Bind(1, table_id)
                           .Bind(2, upto)
                           .Bind(3, around_id == 0 ? before : before + 1),
                       ReadLine);
  std::reverse(lines.begin(), lines.end());
  if (around_id != 0 && after > 0) {
    auto later = AllRows(db_.Prepare(std::string(kChatLineColumns) +
                                     " WHERE table_id = ? AND id > ? ORDER BY id LIMIT ?")
                             .Bind(1, table_id)
                             .Bind(2, around_id)
                             .Bind(3, after),
                         ReadLine);
    lines.insert(lines.end(), later.begin(), later.end());
  }
  return lines;
}

std::optional<std::string> SqliteStaffSql::AccountName(std::int64_t account_id) {
  return FirstRow<std::string>(
      db_.Prepare("SELECT name FROM accounts WHERE id = ?").Bind(1, account_id),
      [](const sqlite::Statement& row) { return row.Text(0); });
}

int SqliteStaffSql::ReportsFiledSince(std::int64_t reporter_id, std::int64_t since_ms) {
  return static_cast<int>(
      FirstRow<std::int64_t>(
          db_.Prepare(
                 "SELECT COUNT(*) FROM player_reports WHERE reporter_id = ? AND created_ms >= ?")
              .Bind(1, reporter_id)
              .Bind(2, since_ms),
          [](const sqlite::Statement& row) { return row.Int(0); })
          .value_or(0));
}

std::int64_t SqliteStaffSql::AddReport(const PlayerReport& r) {
  db_.Prepare(
         "INSERT INTO player_reports (reporter_id, reported_id, chat_line_id, table_id, category,"
         " text, evidence, created_ms, state) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)")
      .Bind(1, r.reporter_id)
      .Bind(2, r.reported_id)
      .Bind(3, r.chat_line_id)
      .Bind(4, r.table_id)
      .Bind(5, r.category)
      .Bind(6, r.text)
      .Bind(7, r.evidence)
      .Bind(8, r.created_ms)
      .Bind(9, r.state)
      .Run();
  return sqlite3_last_insert_rowid(db_.handle());
}

std::vector<PlayerReport> SqliteStaffSql::Reports(std::string_view state, int limit) {
  return AllRows(db_.Prepare(std::string(kReportColumns) +
                             " WHERE ? = '' OR r.state = ? OR (? = 'active' AND r.state <> "
                             "'resolved') ORDER BY r.id DESC LIMIT ?")
                     .Bind(1, state)
                     .Bind(2, state)
                     .Bind(3, state)
                     .Bind(4, limit),
                 ReadReport);
}

std::optional<PlayerReport> SqliteStaffSql::ReportById(std::int64_t id) {
  return FirstRow(db_.Prepare(std::string(kReportColumns) + " WHERE r.id = ?").Bind(1, id),
                  ReadReport);
}

void SqliteStaffSql::UpdateReport(const PlayerReport& r) {
  db_.Prepare(
         "UPDATE player_reports SET state = ?, claimed_by = ?, claimed_ms = ?, resolved_by = ?,"
         " resolved_ms = ?, action = ?, note = ? WHERE id = ?")
      .Bind(1, r.state)
      .Bind(2, r.claimed_by)
      .Bind(3, r.claimed_ms)
      .Bind(4, r.resolved_by)
      .Bind(5, r.resolved_ms)
      .Bind(6, r.action)
      .Bind(7, r.note)
      .Bind(8, r.id)
      .Run();
}

}  // namespace kafenio::storage
