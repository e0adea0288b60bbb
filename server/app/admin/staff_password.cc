// A signed-in staff member changes their own password (docs/admin.md, "Your password"). The
// current password is asked for and checked as a sign-in checks it, charged to the same
// per-name and per-address limits, so a session left open cannot be used to guess it or to
// take the account over. The new one follows create-user's length rule and is stored as
// Argon2id; the member's other sessions end (a stolen one with them), this one stays.
// Every attempt is audited with its outcome, never with a password.
#include "server/app/admin/staff_auth.h"
#include "server/app/crypto.h"

namespace kafenio::server::admin {

PasswordChange StaffAuth::ChangeOwnPassword(const StaffMember& who, const std::string& token,
                                            const std::string& current, const std::string& wanted,
                                            const std::string& address) {
  const auto refuse = [&](int status, const std::string& why, const std::string& outcome) {
    store_.Audit(AuditRecord{who.name, "staff.own-password", "staff " + who.name, "from " + address,
                             "refused: " + outcome});
    return PasswordChange{status, why};
  };
  // Bad input, refused before anything is tried (and, like create's, not an attempt).
  if (!StaffPasswordAcceptable(wanted)) return {400, kStaffPasswordRule};
  if (!AttemptAllowed(who.name, address)) return refuse(429, kRateLimited, "rate limited");
  std::optional<storage::StaffAccount> staff;
  store_.Read([&](storage::StaffSql& sql) { staff = sql.StaffById(who.id); });
  if (!staff) return refuse(404, "no such staff member", "no such staff");
  if (!VerifyPassword(staff->password_hash, current)) {
    // 403, not 401: the session is still good, only the password typed is wrong.
    return refuse(403, "the current password is wrong", "wrong password");
  }
  if (VerifyPassword(staff->password_hash, wanted)) {
    return refuse(400, "the new password is the same as the current one", "same password");
  }
  const std::string hash = HashPassword(wanted);
  const std::string token_hash = Sha256Hex(token);
  const std::int64_t now = store_.clock().NowMs();
  store_.WriteAudited(
      [&](storage::StaffSql& sql) {
        // Every session of the member goes, then this one is put back as it was.
        const auto kept = sql.StaffSessionByHash(token_hash, now);
        sql.SetStaffPassword(staff->id, hash);
        sql.DeleteStaffSessionsOf(staff->id);
        if (kept) sql.PutStaffSession(*kept);
      },
      AuditRecord{who.name, "staff.own-password", "staff " + who.name, "from " + address,
                  "ok: other sessions ended"});
  return {};
}

}  // namespace kafenio::server::admin
