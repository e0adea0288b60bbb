#include "server/storage/sqlite_staff_sql.h"

#include <sqlite3.h>

#include <functional>
#include <string>

#include "server/storage/storage_error.h"

namespace kafenio::storage {
namespace {

constexpr const char* kStaffColumns =
    "SELECT id, name, password_hash, role, tournament_scope, totp_secret, created_ms,"
    " disabled_ms FROM staff";
constexpr const char* kAuditColumns =
    "SELECT id, at_ms, actor, action, target, reason, outcome, prev_hash, hash FROM audit_log";
constexpr const char* kSanctionColumns =
    "SELECT id, account_id, kind, reason, staff, created_ms, until_ms, lifted_ms, lifted_by"
    " FROM sanctions";

// Steps through every row, then resets the statement: a cached statement left mid-way
// would keep its read transaction (and an old snapshot) open.
void EachRow(sqlite::Statement& statement, const std::function<void(sqlite::Statement&)>& row) {
  try {
    while (statement.Step()) row(statement);
  } catch (...) {
    statement.Reset();
    throw;
  }
  statement.Reset();
}

StaffAccount ReadStaff(const sqlite::Statement& row) {
  return StaffAccount{row.Int(0),  row.Text(1),         row.Text(2), row.Text(3),
                      row.Text(4), row.OptionalText(5), row.Int(6),  row.OptionalInt(7)};
}

AuditEntry ReadAudit(const sqlite::Statement& row) {
  return AuditEntry{row.Int(0),  row.Int(1),  row.Text(2), row.Text(3), row.Text(4),
                    row.Text(5), row.Text(6), row.Text(7), row.Text(8)};
}

Sanction ReadSanction(const sqlite::Statement& row) {
  return Sanction{row.Int(0),         row.Int(1),         row.Text(2),
                  row.Text(3),        row.Text(4),        row.Int(5),
                  row.OptionalInt(6), row.OptionalInt(7), row.OptionalText(8)};
}

template <class T>
std::vector<T> All(sqlite::Statement& statement, T (*read)(const sqlite::Statement&)) {
  std::vector<T> rows;
  EachRow(statement, [&](sqlite::Statement& row) { rows.push_back(read(row)); });
  return rows;
}

template <class T>
std::optional<T> First(sqlite::Statement& statement, T (*read)(const sqlite::Statement&)) {
  auto rows = All(statement, read);
  if (rows.empty()) return std::nullopt;
  return rows.front();
}

}  // namespace

void SqliteStaffSql::ExpectChanged(const char* what) {
  if (sqlite3_changes(db_.handle()) == 0) throw StorageError(std::string(what) + ": no such row");
}

std::int64_t SqliteStaffSql::CreateStaff(const StaffAccount& staff) {
  db_.Prepare(
         "INSERT INTO staff (name, password_hash, role, tournament_scope, totp_secret, created_ms)"
         " VALUES (?, ?, ?, ?, ?, ?)")
      .Bind(1, staff.name)
      .Bind(2, staff.password_hash)
      .Bind(3, staff.role)
      .Bind(4, staff.tournament_scope)
      .Bind(5, staff.totp_secret)
      .Bind(6, staff.created_ms)
      .Run();
  return sqlite3_last_insert_rowid(db_.handle());
}

std::optional<StaffAccount> SqliteStaffSql::StaffByName(std::string_view name) {
  return First(db_.Prepare(std::string(kStaffColumns) + " WHERE name = ?").Bind(1, name),
               ReadStaff);
}

std::optional<StaffAccount> SqliteStaffSql::StaffById(std::int64_t id) {
  return First(db_.Prepare(std::string(kStaffColumns) + " WHERE id = ?").Bind(1, id), ReadStaff);
}

std::vector<StaffAccount> SqliteStaffSql::AllStaff() {
  return All(db_.Prepare(std::string(kStaffColumns) + " ORDER BY id"), ReadStaff);
}

void SqliteStaffSql::SetStaffRole(std::int64_t id, std::string_view role, std::string_view scope) {
  db_.Prepare("UPDATE staff SET role = ?, tournament_scope = ? WHERE id = ?")
      .Bind(1, role)
      .Bind(2, scope)
      .Bind(3, id)
      .Run();
  ExpectChanged("set staff role");
}

void SqliteStaffSql::SetStaffTotp(std::int64_t id, const std::optional<std::string>& secret) {
  db_.Prepare("UPDATE staff SET totp_secret = ? WHERE id = ?").Bind(1, secret).Bind(2, id).Run();
  ExpectChanged("set staff second factor");
}

void SqliteStaffSql::SetStaffPassword(std::int64_t id, std::string_view password_hash) {
  db_.Prepare("UPDATE staff SET password_hash = ? WHERE id = ?")
      .Bind(1, password_hash)
      .Bind(2, id)
      .Run();
  ExpectChanged("set staff password");
}

void SqliteStaffSql::SetStaffDisabled(std::int64_t id, std::optional<std::int64_t> disabled_ms) {
  db_.Prepare("UPDATE staff SET disabled_ms = ? WHERE id = ?")
      .Bind(1, disabled_ms)
      .Bind(2, id)
      .Run();
  ExpectChanged("disable staff");
}

void SqliteStaffSql::PutStaffSession(const StaffSession& session) {
  db_.Prepare("INSERT INTO staff_sessions (token_hash, staff_id, expires_ms) VALUES (?, ?, ?)")
      .Bind(1, session.token_hash)
      .Bind(2, session.staff_id)
      .Bind(3, session.expires_ms)
      .Run();
}

std::optional<StaffSession> SqliteStaffSql::StaffSessionByHash(std::string_view token_hash,
                                                               std::int64_t now_ms) {
  auto& query = db_.Prepare(
                       "SELECT token_hash, staff_id, expires_ms FROM staff_sessions"
                       " WHERE token_hash = ? AND expires_ms > ?")
                    .Bind(1, token_hash)
                    .Bind(2, now_ms);
  return First(
      query, +[](const sqlite::Statement& row) {
        return StaffSession{row.Text(0), row.Int(1), row.Int(2)};
      });
}

void SqliteStaffSql::DeleteStaffSession(std::string_view token_hash) {
  db_.Prepare("DELETE FROM staff_sessions WHERE token_hash = ?").Bind(1, token_hash).Run();
}

void SqliteStaffSql::DeleteStaffSessionsOf(std::int64_t staff_id) {
  db_.Prepare("DELETE FROM staff_sessions WHERE staff_id = ?").Bind(1, staff_id).Run();
}

std::optional<AuditEntry> SqliteStaffSql::LastAuditEntry() {
  return First(db_.Prepare(std::string(kAuditColumns) + " ORDER BY id DESC LIMIT 1"), ReadAudit);
}

std::int64_t SqliteStaffSql::AppendAuditEntry(const AuditEntry& entry) {
  db_.Prepare(
         "INSERT INTO audit_log (at_ms, actor, action, target, reason, outcome, prev_hash, hash)"
         " VALUES (?, ?, ?, ?, ?, ?, ?, ?)")
      .Bind(1, entry.at_ms)
      .Bind(2, entry.actor)
      .Bind(3, entry.action)
      .Bind(4, entry.target)
      .Bind(5, entry.reason)
      .Bind(6, entry.outcome)
      .Bind(7, entry.prev_hash)
      .Bind(8, entry.hash)
      .Run();
  return sqlite3_last_insert_rowid(db_.handle());
}

std::vector<AuditEntry> SqliteStaffSql::AuditEntries(const AuditFilter& filter) {
  auto& query = db_.Prepare(std::string(kAuditColumns) +
                            " WHERE (? = '' OR actor = ?) AND (? = '' OR action = ?)"
                            " AND (? = '' OR instr(target, ?) > 0) AND (? = 0 OR id < ?)"
                            " ORDER BY id DESC LIMIT ?");
  query.Bind(1, filter.actor).Bind(2, filter.actor).Bind(3, filter.action).Bind(4, filter.action);
  query.Bind(5, filter.target).Bind(6, filter.target).Bind(7, filter.before_id);
  query.Bind(8, filter.before_id).Bind(9, filter.limit);
  return All(query, ReadAudit);
}

std::vector<AuditEntry> SqliteStaffSql::WholeAuditLog() {
  return All(db_.Prepare(std::string(kAuditColumns) + " ORDER BY id"), ReadAudit);
}

std::int64_t SqliteStaffSql::AddSanction(const Sanction& sanction) {
  db_.Prepare(
         "INSERT INTO sanctions (account_id, kind, reason, staff, created_ms, until_ms)"
         " VALUES (?, ?, ?, ?, ?, ?)")
      .Bind(1, sanction.account_id)
      .Bind(2, sanction.kind)
      .Bind(3, sanction.reason)
      .Bind(4, sanction.staff)
      .Bind(5, sanction.created_ms)
      .Bind(6, sanction.until_ms)
      .Run();
  return sqlite3_last_insert_rowid(db_.handle());
}

void SqliteStaffSql::LiftSanction(std::int64_t id, std::int64_t lifted_ms, std::string_view by) {
  db_.Prepare(
         "UPDATE sanctions SET lifted_ms = ?, lifted_by = ? WHERE id = ? AND lifted_ms IS NULL")
      .Bind(1, lifted_ms)
      .Bind(2, by)
      .Bind(3, id)
      .Run();
  ExpectChanged("lift sanction");
}

std::vector<Sanction> SqliteStaffSql::SanctionsOf(std::int64_t account_id) {
  return All(db_.Prepare(std::string(kSanctionColumns) + " WHERE account_id = ? ORDER BY id DESC")
                 .Bind(1, account_id),
             ReadSanction);
}

std::vector<Sanction> SqliteStaffSql::ActiveSanctions(std::int64_t now_ms) {
  return All(db_.Prepare(std::string(kSanctionColumns) +
                         " WHERE lifted_ms IS NULL AND (until_ms IS NULL OR until_ms > ?)")
                 .Bind(1, now_ms),
             ReadSanction);
}

std::vector<PlayerSummary> SqliteStaffSql::SearchPlayers(std::string_view name_part, int limit) {
  // instr() rather than LIKE: '%' and '_' in a name are letters, not patterns. SQLite's
  // lower() folds ASCII only, so Greek names match with the case they are written in.
  auto& query = db_.Prepare(
                       "SELECT id, name, password_hash IS NULL, created_ms FROM accounts"
                       " WHERE instr(lower(name), lower(?)) > 0 ORDER BY name LIMIT ?")
                    .Bind(1, name_part)
                    .Bind(2, limit);
  return All(
      query, +[](const sqlite::Statement& row) {
        return PlayerSummary{row.Int(0), row.Text(1), row.Int(2) != 0, row.Int(3)};
      });
}

int SqliteStaffSql::PlayerSessionCount(std::int64_t account_id, std::int64_t now_ms) {
  int count = 0;
  EachRow(db_.Prepare("SELECT COUNT(*) FROM sessions WHERE account_id = ? AND expires_ms > ?")
              .Bind(1, account_id)
              .Bind(2, now_ms),
          [&](sqlite::Statement& row) { count = static_cast<int>(row.Int(0)); });
  return count;
}

void SqliteStaffSql::RenamePlayer(std::int64_t account_id, std::string_view name) {
  db_.Prepare("UPDATE accounts SET name = ? WHERE id = ?").Bind(1, name).Bind(2, account_id).Run();
  ExpectChanged("rename player");
}

}  // namespace kafenio::storage
