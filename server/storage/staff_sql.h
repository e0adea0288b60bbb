#pragma once
// The admin console's queries and writes, on one database connection (SQLite's or
// PostgreSQL's). Writes are made inside the storage writer's transaction
// (WriteTransaction::Staff), so they are durable when the operation's `done` runs; reads
// run on a reader connection (Storage::ReadStaff). Every call throws StorageError on failure.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "server/storage/report_rows.h"
#include "server/storage/staff_rows.h"

namespace kafenio::storage {

class StaffSql {
 public:
  virtual ~StaffSql() = default;

  // Staff accounts. Names ignore case; a taken name throws (a conflict).
  virtual std::int64_t CreateStaff(const StaffAccount& staff) = 0;
  virtual std::optional<StaffAccount> StaffByName(std::string_view name) = 0;
  virtual std::optional<StaffAccount> StaffById(std::int64_t id) = 0;
  virtual std::vector<StaffAccount> AllStaff() = 0;
  virtual void SetStaffRole(std::int64_t id, std::string_view role, std::string_view scope) = 0;
  virtual void SetStaffTotp(std::int64_t id, const std::optional<std::string>& secret) = 0;
  virtual void SetStaffPassword(std::int64_t id, std::string_view password_hash) = 0;
  // Disables the account at `disabled_ms`, or enables it again (none).
  virtual void SetStaffDisabled(std::int64_t id, std::optional<std::int64_t> disabled_ms) = 0;

  // Console sessions.
  virtual void PutStaffSession(const StaffSession& session) = 0;
  virtual std::optional<StaffSession> StaffSessionByHash(std::string_view token_hash,
                                                         std::int64_t now_ms) = 0;
  virtual void DeleteStaffSession(std::string_view token_hash) = 0;
  virtual void DeleteStaffSessionsOf(std::int64_t staff_id) = 0;

  // The audit log. The last entry, read inside the writer's transaction, gives the next
  // one its prev_hash; the append takes a lock first where several nodes write.
  virtual void LockAuditLog() = 0;
  virtual std::optional<AuditEntry> LastAuditEntry() = 0;
  virtual std::int64_t AppendAuditEntry(const AuditEntry& entry) = 0;
  // Newest first, filtered.
  virtual std::vector<AuditEntry> AuditEntries(const AuditFilter& filter) = 0;
  // Every entry, oldest first (for verifying the chain).
  virtual std::vector<AuditEntry> WholeAuditLog() = 0;

  // Sanctions on players.
  virtual std::int64_t AddSanction(const Sanction& sanction) = 0;
  // Throws when there is no such sanction or it was lifted already.
  virtual void LiftSanction(std::int64_t id, std::int64_t lifted_ms, std::string_view by) = 0;
  virtual std::vector<Sanction> SanctionsOf(std::int64_t account_id) = 0;
  // Every sanction not lifted and not run out by now_ms (the server's cache at start).
  virtual std::vector<Sanction> ActiveSanctions(std::int64_t now_ms) = 0;

  // Players, for the console.
  virtual std::vector<PlayerSummary> SearchPlayers(std::string_view name_part, int limit) = 0;
  // How many unexpired sign-in sessions the player has.
  virtual int PlayerSessionCount(std::int64_t account_id, std::int64_t now_ms) = 0;
  // Renames a player; throws when the name is taken (a conflict) or there is no such player.
  virtual void RenamePlayer(std::int64_t account_id, std::string_view name) = 0;
  // staff_revoke_player_sessions: signs the player out everywhere (their sessions go).
  virtual void RevokePlayerSessions(std::int64_t account_id) = 0;

  // Voiding matches (migration 0015; *_match_void.cc). Throws (a conflict) when the match
  // is void already.
  virtual void PutMatchVoid(const MatchVoid& match_void) = 0;
  // Those of these matches that are void.
  virtual std::vector<MatchVoid> MatchVoids(const std::vector<std::int64_t>& match_ids) = 0;
  // How a finished match ended (its record left out); none while live.
  virtual std::optional<MatchResult> MatchOutcome(std::int64_t match_id) = 0;
  // The mode's rating_history rows from the first row of this match on, in the order they
  // were written; empty when the match has none.
  virtual std::vector<RatingHistoryRow> RatingRowsFrom(std::string_view mode,
                                                       std::int64_t match_id) = 0;
  // The player's last row in the mode before row `before_id`; none: a new player then.
  virtual std::optional<RatingHistoryRow> RatingRowBefore(std::int64_t account_id,
                                                          std::string_view mode,
                                                          std::int64_t before_id) = 0;
  // Sets a row's rating, rd and volatility (by its id).
  virtual void SetRatingRow(const RatingHistoryRow& row) = 0;
  virtual void DeleteRatingRowsOf(std::int64_t match_id) = 0;

  // Players' reports and kept chat (migration 0016; *_reports.cc).
  // Stores a chat line, then forgets the table's lines older than its last `keep`.
  virtual std::int64_t AddChatLine(const ChatLine& line, int keep) = 0;
  virtual std::optional<ChatLine> ChatLineById(std::int64_t id) = 0;
  // The table's lines up to `around_id` (at most `before` + 1 of them) and at most `after`
  // lines after it, oldest first; around_id 0: the table's last `before` lines.
  virtual std::vector<ChatLine> ChatAround(std::string_view table_id, std::int64_t around_id,
                                           int before, int after) = 0;
  // The account's name, or none when there is no such account.
  virtual std::optional<std::string> AccountName(std::int64_t account_id) = 0;
  // How many reports the account filed from since_ms on (the rate limit).
  virtual int ReportsFiledSince(std::int64_t reporter_id, std::int64_t since_ms) = 0;
  virtual std::int64_t AddReport(const PlayerReport& report) = 0;
  // Newest first; state "active": open or claimed; empty: every state.
  virtual std::vector<PlayerReport> Reports(std::string_view state, int limit) = 0;
  virtual std::optional<PlayerReport> ReportById(std::int64_t id) = 0;
  // Writes the report's state, claim and resolution.
  virtual void UpdateReport(const PlayerReport& report) = 0;
  // The current rating alone, without a history row; Delete: the player has no rated match
  // left in the mode.
  virtual void SetCurrentRating(const Rating& rating) = 0;
  virtual void DeleteCurrentRating(std::int64_t account_id, std::string_view mode) = 0;
};

}  // namespace kafenio::storage
