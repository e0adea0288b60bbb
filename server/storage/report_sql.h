#pragma once
// The columns of the reports' queries (migration 0016), the same on SQLite and PostgreSQL
// (sqlite_reports.cc, postgres_reports.cc read them in this order).
namespace kafenio::storage {

inline constexpr const char* kChatLineColumns =
    "SELECT id, table_id, account_id, name, text, sent_ms FROM chat_lines";
// The report's columns, then the reporter's and the reported player's names.
inline constexpr const char* kReportColumns =
    "SELECT r.id, r.reporter_id, r.reported_id, r.chat_line_id, r.table_id, r.category, r.text,"
    " r.evidence, r.created_ms, r.state, r.claimed_by, r.claimed_ms, r.resolved_by,"
    " r.resolved_ms, r.action, r.note, a.name, b.name"
    " FROM player_reports r JOIN accounts a ON a.id = r.reporter_id"
    " JOIN accounts b ON b.id = r.reported_id";

}  // namespace kafenio::storage
