#include "server/app/admin/staff_auth.h"

#include <sodium.h>

#include "server/app/admin/totp.h"
#include "server/app/crypto.h"

namespace kafenio::server::admin {
namespace {

constexpr const char* kRefused = "wrong name, password or code";

StaffMember MemberOf(const storage::StaffAccount& staff) {
  return StaffMember{staff.id, staff.name, ParseRole(staff.role).value_or(Role::moderator),
                     staff.tournament_scope};
}

}  // namespace

bool StaffAuth::TakeAttempt(const std::string& key) {
  std::lock_guard lock(mutex_);
  const std::int64_t now = store_.clock().NowMs();
  // Every name and address tried gets a bucket; one that has filled up again is the same
  // as none, so it goes. Swept at most once a minute (a bucket fills in one), which keeps
  // the map as large as the last minute's attempts, however many names an attacker tries.
  if (now - last_prune_ms_ >= 60000) {
    std::erase_if(attempts_, [now](const auto& entry) { return entry.second.FullAt(now); });
    last_prune_ms_ = now;
  }
  auto [it, added] = attempts_.try_emplace(key, per_minute_ / 60.0, per_minute_, now);
  return it->second.Take(now);
}

bool StaffAuth::AttemptAllowed(const std::string& name, const std::string& address) {
  const bool name_ok = TakeAttempt("name:" + name);
  const bool address_ok = TakeAttempt("address:" + address);
  return name_ok && address_ok;
}

std::size_t StaffAuth::LimiterKeys() {
  std::lock_guard lock(mutex_);
  return attempts_.size();
}

LoginResult StaffAuth::Login(const std::string& name, const std::string& password,
                             const std::string& totp, const std::string& address) {
  LoginResult result;
  const auto failed = [&](std::string outcome) {
    store_.Audit(AuditRecord{name, "login", "console", "from " + address, outcome});
    result.error = kRefused;
    return result;
  };
  if (!AttemptAllowed(name, address)) {
    store_.Audit(AuditRecord{name, "login", "console", "from " + address, "refused: rate limited"});
    result.error = kRateLimited;
    result.rate_limited = true;
    return result;
  }
  std::optional<storage::StaffAccount> staff;
  store_.Read([&](storage::StaffSql& sql) { staff = sql.StaffByName(name); });
  if (!staff) {
    // The same work as for a real account, so timing does not tell which names exist.
    static const std::string kDummy = HashPassword("no such staff member");
    VerifyPassword(kDummy, password);
    return failed("refused: no such staff");
  }
  if (!VerifyPassword(staff->password_hash, password)) return failed("refused: wrong password");
  // Checked after the password, and answered as any other refusal: the answer does not
  // tell a stranger which accounts exist or are disabled.
  if (staff->disabled_ms) return failed("refused: account disabled");
  if (staff->totp_secret && !TotpMatches(*staff->totp_secret, totp, store_.clock().NowMs())) {
    return failed("refused: wrong code");
  }
  result.who = MemberOf(*staff);
  result.token = RandomToken(32);
  result.csrf = CsrfFor(result.token);
  result.expires_ms = store_.clock().NowMs() + session_ms_;
  const storage::StaffSession session{Sha256Hex(result.token), staff->id, result.expires_ms};
  store_.WriteAudited([&](storage::StaffSql& sql) { sql.PutStaffSession(session); },
                      AuditRecord{staff->name, "login", "console", "from " + address, "ok"});
  return result;
}

std::optional<StaffMember> StaffAuth::Check(const std::string& token) {
  if (token.empty()) return std::nullopt;
  std::optional<StaffMember> member;
  store_.Read([&](storage::StaffSql& sql) {
    const auto session = sql.StaffSessionByHash(Sha256Hex(token), store_.clock().NowMs());
    if (!session) return;
    // A disabled account's sessions are deleted when it is disabled; checked here too.
    auto staff = sql.StaffById(session->staff_id);
    if (staff && !staff->disabled_ms) member = MemberOf(*staff);
  });
  return member;
}

void StaffAuth::Logout(const std::string& token, const StaffMember& who) {
  store_.WriteAudited([&](storage::StaffSql& sql) { sql.DeleteStaffSession(Sha256Hex(token)); },
                      AuditRecord{who.name, "logout", "console", "", "ok"});
}

std::string StaffAuth::CsrfFor(const std::string& token) {
  return Sha256Hex("csrf:" + token);
}

bool StaffAuth::CsrfMatches(const std::string& token, const std::string& csrf) {
  const std::string expected = CsrfFor(token);
  return csrf.size() == expected.size() &&
         sodium_memcmp(expected.data(), csrf.data(), expected.size()) == 0;
}

}  // namespace kafenio::server::admin
