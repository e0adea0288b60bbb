#pragma once
// StaffSql on an SQLite connection: the writer's (inside its transaction) or a reader's.
#include "server/storage/sqlite/connection.h"
#include "server/storage/staff_sql.h"

namespace kafenio::storage {

class SqliteStaffSql final : public StaffSql {
 public:
  explicit SqliteStaffSql(sqlite::Connection& db) : db_(db) {}

  std::int64_t CreateStaff(const StaffAccount& staff) override;
  std::optional<StaffAccount> StaffByName(std::string_view name) override;
  std::optional<StaffAccount> StaffById(std::int64_t id) override;
  std::vector<StaffAccount> AllStaff() override;
  void SetStaffRole(std::int64_t id, std::string_view role, std::string_view scope) override;
  void SetStaffTotp(std::int64_t id, const std::optional<std::string>& secret) override;
  void SetStaffPassword(std::int64_t id, std::string_view password_hash) override;
  void SetStaffDisabled(std::int64_t id, std::optional<std::int64_t> disabled_ms) override;
  void PutStaffSession(const StaffSession& session) override;
  std::optional<StaffSession> StaffSessionByHash(std::string_view token_hash,
                                                 std::int64_t now_ms) override;
  void DeleteStaffSession(std::string_view token_hash) override;
  void DeleteStaffSessionsOf(std::int64_t staff_id) override;
  void LockAuditLog() override {}  // one writer per SQLite database already
  std::optional<AuditEntry> LastAuditEntry() override;
  std::int64_t AppendAuditEntry(const AuditEntry& entry) override;
  std::vector<AuditEntry> AuditEntries(const AuditFilter& filter) override;
  std::vector<AuditEntry> WholeAuditLog() override;
  std::int64_t AddSanction(const Sanction& sanction) override;
  void LiftSanction(std::int64_t id, std::int64_t lifted_ms, std::string_view by) override;
  std::vector<Sanction> SanctionsOf(std::int64_t account_id) override;
  std::vector<Sanction> ActiveSanctions(std::int64_t now_ms) override;
  std::vector<PlayerSummary> SearchPlayers(std::string_view name_part, int limit) override;
  int PlayerSessionCount(std::int64_t account_id, std::int64_t now_ms) override;
  void RenamePlayer(std::int64_t account_id, std::string_view name) override;
  void RevokePlayerSessions(std::int64_t account_id) override;  // sqlite_staff_revoke.cc

  // sqlite_match_void.cc
  void PutMatchVoid(const MatchVoid& match_void) override;
  std::vector<MatchVoid> MatchVoids(const std::vector<std::int64_t>& match_ids) override;
  std::optional<MatchResult> MatchOutcome(std::int64_t match_id) override;
  std::vector<RatingHistoryRow> RatingRowsFrom(std::string_view mode,
                                               std::int64_t match_id) override;
  std::optional<RatingHistoryRow> RatingRowBefore(std::int64_t account_id, std::string_view mode,
                                                  std::int64_t before_id) override;
  void SetRatingRow(const RatingHistoryRow& row) override;
  void DeleteRatingRowsOf(std::int64_t match_id) override;
  void SetCurrentRating(const Rating& rating) override;
  void DeleteCurrentRating(std::int64_t account_id, std::string_view mode) override;

  // sqlite_reports.cc
  std::int64_t AddChatLine(const ChatLine& line, int keep) override;
  std::optional<ChatLine> ChatLineById(std::int64_t id) override;
  std::vector<ChatLine> ChatAround(std::string_view table_id, std::int64_t around_id, int before,
                                   int after) override;
  std::optional<std::string> AccountName(std::int64_t account_id) override;
  int ReportsFiledSince(std::int64_t reporter_id, std::int64_t since_ms) override;
  std::int64_t AddReport(const PlayerReport& report) override;
  std::vector<PlayerReport> Reports(std::string_view state, int limit) override;
  std::optional<PlayerReport> ReportById(std::int64_t id) override;
  void UpdateReport(const PlayerReport& report) override;

 private:
  // Throws when the last statement changed no row.
  void ExpectChanged(const char* what);

  sqlite::Connection& db_;
};

}  // namespace kafenio::storage
