#include "server/storage/postgres_staff_sql.h"

#include <string>

#include "server/storage/storage_error.h"

namespace kafenio::storage {
namespace {

using pg::Params;
using pg::Result;

constexpr const char* kStaffColumns =
    "SELECT id, name, password_hash, role, tournament_scope, totp_secret, created_ms,"
    " disabled_ms FROM staff";
constexpr const char* kAuditColumns =
    "SELECT id, at_ms, actor, action, target, reason, outcome, prev_hash, hash FROM audit_log";
constexpr const char* kSanctionColumns =
    "SELECT id, account_id, kind, reason, staff, created_ms, until_ms, lifted_ms, lifted_by"
    " FROM sanctions";
// The audit log's advisory lock: nodes of a cluster append one at a time, so each entry's
// prev_hash is the entry really before it.
constexpr std::int64_t kAuditLockKey = 0x4b41464541554454;  // "KAFEAUDT"

void ExpectChanged(const Result& result, const char* what) {
  if (result.Changed() == 0) throw StorageError(std::string(what) + ": no such row");
}

StaffAccount ReadStaff(const Result& row, int r) {
  return StaffAccount{row.Int(r, 0),  row.Text(r, 1),       row.Text(r, 2),
                      row.Text(r, 3), row.Text(r, 4),       row.OptionalText(r, 5),
                      row.Int(r, 6),  row.OptionalInt(r, 7)};
}

AuditEntry ReadAudit(const Result& row, int r) {
  return AuditEntry{row.Int(r, 0),  row.Int(r, 1),  row.Text(r, 2), row.Text(r, 3), row.Text(r, 4),
                    row.Text(r, 5), row.Text(r, 6), row.Text(r, 7), row.Text(r, 8)};
}

Sanction ReadSanction(const Result& row, int r) {
  return Sanction{row.Int(r, 0),         row.Int(r, 1),         row.Text(r, 2),
                  row.Text(r, 3),        row.Text(r, 4),        row.Int(r, 5),
                  row.OptionalInt(r, 6), row.OptionalInt(r, 7), row.OptionalText(r, 8)};
}

template <class T>
std::vector<T> All(const Result& result, T (*read)(const Result&, int)) {
  std::vector<T> rows;
  for (int r = 0; r < result.rows(); ++r) rows.push_back(read(result, r));
  return rows;
}

template <class T>
std::optional<T> First(const Result& result, T (*read)(const Result&, int)) {
  if (result.empty()) return std::nullopt;
  return read(result, 0);
}

}  // namespace

std::int64_t PostgresStaffSql::CreateStaff(const StaffAccount& staff) {
  return db_
      .Run(
          "INSERT INTO staff (name, password_hash, role, tournament_scope, totp_secret,"
          " created_ms) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id",
          Params()
              .Add(staff.name)
              .Add(staff.password_hash)
              .Add(staff.role)
              .Add(staff.tournament_scope)
              .Add(staff.totp_secret)
              .Add(staff.created_ms))
      .Int(0, 0);
}

std::optional<StaffAccount> PostgresStaffSql::StaffByName(std::string_view name) {
  return First(
      db_.Run(std::string(kStaffColumns) + " WHERE lower(name) = lower($1)", Params().Add(name)),
      ReadStaff);
}

std::optional<StaffAccount> PostgresStaffSql::StaffById(std::int64_t id) {
  return First(db_.Run(std::string(kStaffColumns) + " WHERE id = $1", Params().Add(id)), ReadStaff);
}

std::vector<StaffAccount> PostgresStaffSql::AllStaff() {
  return All(db_.Run(std::string(kStaffColumns) + " ORDER BY id"), ReadStaff);
}

void PostgresStaffSql::SetStaffRole(std::int64_t id, std::string_view role,
                                    std::string_view scope) {
  ExpectChanged(db_.Run("UPDATE staff SET role = $1, tournament_scope = $2 WHERE id = $3",
                        Params().Add(role).Add(scope).Add(id)),
                "set staff role");
}

void PostgresStaffSql::SetStaffTotp(std::int64_t id, const std::optional<std::string>& secret) {
  ExpectChanged(
      db_.Run("UPDATE staff SET totp_secret = $1 WHERE id = $2", Params().Add(secret).Add(id)),
      "set staff second factor");
}

void PostgresStaffSql::SetStaffPassword(std::int64_t id, std::string_view password_hash) {
  ExpectChanged(db_.Run("UPDATE staff SET password_hash = $1 WHERE id = $2",
                        Params().Add(password_hash).Add(id)),
                "set staff password");
}

void PostgresStaffSql::SetStaffDisabled(std::int64_t id, std::optional<std::int64_t> disabled_ms) {
  ExpectChanged(
      db_.Run("UPDATE staff SET disabled_ms = $1 WHERE id = $2", Params().Add(disabled_ms).Add(id)),
      "disable staff");
}

void PostgresStaffSql::PutStaffSession(const StaffSession& session) {
  db_.Run("INSERT INTO staff_sessions (token_hash, staff_id, expires_ms) VALUES ($1, $2, $3)",
          Params().Add(session.token_hash).Add(session.staff_id).Add(session.expires_ms));
}

std::optional<StaffSession> PostgresStaffSql::StaffSessionByHash(std::string_view token_hash,
                                                                 std::int64_t now_ms) {
  const Result row = db_.Run(
      "SELECT token_hash, staff_id, expires_ms FROM staff_sessions"
      " WHERE token_hash = $1 AND expires_ms > $2",
      Params().Add(token_hash).Add(now_ms));
  if (row.empty()) return std::nullopt;
  return StaffSession{row.Text(0, 0), row.Int(0, 1), row.Int(0, 2)};
}

void PostgresStaffSql::DeleteStaffSession(std::string_view token_hash) {
  db_.Run("DELETE FROM staff_sessions WHERE token_hash = $1", Params().Add(token_hash));
}

void PostgresStaffSql::DeleteStaffSessionsOf(std::int64_t staff_id) {
  db_.Run("DELETE FROM staff_sessions WHERE staff_id = $1", Params().Add(staff_id));
}

void PostgresStaffSql::LockAuditLog() {
  db_.Run("SELECT pg_advisory_xact_lock($1)", Params().Add(kAuditLockKey));
}

std::optional<AuditEntry> PostgresStaffSql::LastAuditEntry() {
  return First(db_.Run(std::string(kAuditColumns) + " ORDER BY id DESC LIMIT 1"), ReadAudit);
}

std::int64_t PostgresStaffSql::AppendAuditEntry(const AuditEntry& entry) {
  return db_
      .Run(
          "INSERT INTO audit_log (at_ms, actor, action, target, reason, outcome, prev_hash,"
          " hash) VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id",
          Params()
              .Add(entry.at_ms)
              .Add(entry.actor)
              .Add(entry.action)
              .Add(entry.target)
              .Add(entry.reason)
              .Add(entry.outcome)
              .Add(entry.prev_hash)
              .Add(entry.hash))
      .Int(0, 0);
}

std::vector<AuditEntry> PostgresStaffSql::AuditEntries(const AuditFilter& filter) {
  return All(db_.Run(std::string(kAuditColumns) +
                         " WHERE ($1 = '' OR actor = $1) AND ($2 = '' OR action = $2)"
                         " AND ($3 = '' OR strpos(target, $3) > 0) AND ($4 = 0 OR id < $4)"
                         " ORDER BY id DESC LIMIT $5",
                     Params()
                         .Add(filter.actor)
                         .Add(filter.action)
                         .Add(filter.target)
                         .Add(filter.before_id)
                         .Add(filter.limit)),
             ReadAudit);
}

std::vector<AuditEntry> PostgresStaffSql::WholeAuditLog() {
  return All(db_.Run(std::string(kAuditColumns) + " ORDER BY id"), ReadAudit);
}

std::int64_t PostgresStaffSql::AddSanction(const Sanction& sanction) {
  return db_
      .Run(
          "INSERT INTO sanctions (account_id, kind, reason, staff, created_ms, until_ms)"
          " VALUES ($1, $2, $3, $4, $5, $6) RETURNING id",
          Params()
              .Add(sanction.account_id)
              .Add(sanction.kind)
              .Add(sanction.reason)
              .Add(sanction.staff)
              .Add(sanction.created_ms)
              .Add(sanction.until_ms))
      .Int(0, 0);
}

void PostgresStaffSql::LiftSanction(std::int64_t id, std::int64_t lifted_ms, std::string_view by) {
  ExpectChanged(db_.Run("UPDATE sanctions SET lifted_ms = $1, lifted_by = $2"
                        " WHERE id = $3 AND lifted_ms IS NULL",
                        Params().Add(lifted_ms).Add(by).Add(id)),
                "lift sanction");
}

std::vector<Sanction> PostgresStaffSql::SanctionsOf(std::int64_t account_id) {
  return All(db_.Run(std::string(kSanctionColumns) + " WHERE account_id = $1 ORDER BY id DESC",
                     Params().Add(account_id)),
             ReadSanction);
}

std::vector<Sanction> PostgresStaffSql::ActiveSanctions(std::int64_t now_ms) {
  return All(db_.Run(std::string(kSanctionColumns) +
                         " WHERE lifted_ms IS NULL AND (until_ms IS NULL OR until_ms > $1)",
                     Params().Add(now_ms)),
             ReadSanction);
}

std::vector<PlayerSummary> PostgresStaffSql::SearchPlayers(std::string_view name_part, int limit) {
  // strpos() rather than LIKE: '%' and '_' in a name are letters, not patterns.
  return All(
      db_.Run("SELECT id, name, password_hash IS NULL, created_ms FROM accounts"
              " WHERE strpos(lower(name), lower($1)) > 0 ORDER BY name LIMIT $2",
              Params().Add(name_part).Add(limit)),
      +[](const Result& row, int r) {
        return PlayerSummary{row.Int(r, 0), row.Text(r, 1), row.Bool(r, 2), row.Int(r, 3)};
      });
}

int PostgresStaffSql::PlayerSessionCount(std::int64_t account_id, std::int64_t now_ms) {
  return static_cast<int>(
      db_.Run("SELECT COUNT(*) FROM sessions WHERE account_id = $1 AND expires_ms > $2",
              Params().Add(account_id).Add(now_ms))
          .Int(0, 0));
}

void PostgresStaffSql::RenamePlayer(std::int64_t account_id, std::string_view name) {
  ExpectChanged(
      db_.Run("UPDATE accounts SET name = $1 WHERE id = $2", Params().Add(name).Add(account_id)),
      "rename player");
}

}  // namespace kafenio::storage
