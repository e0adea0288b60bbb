#pragma once
// Staff sign-in to the console: name, password (Argon2id) and, when set up, a TOTP code;
// sessions are random tokens kept as SHA-256 hashes, with a CSRF token derived from the
// session token (so nothing more is stored). Sign-ins are rate-limited per name and per
// address; every failed one is audited. Runs on the console's worker thread.
#include <cstdint>
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>

#include "server/app/admin/roles.h"
#include "server/app/admin/staff_store.h"
#include "server/app/rate_limiter.h"

namespace kafenio::server::admin {

// A signed-in staff member, as every endpoint sees them.
struct StaffMember {
  std::int64_t id = 0;
  std::string name;
  Role role = Role::moderator;
  std::string scope;
};

// The length rule of every staff password (kafenio admin create-user, the console).
inline constexpr const char* kStaffPasswordRule = "a staff password has 10 to 200 bytes";
inline bool StaffPasswordAcceptable(std::string_view password) {
  return password.size() >= 10 && password.size() <= 200;
}

// The answer to a sign-in (or a check of the current password) over the limits.
inline constexpr const char* kRateLimited = "too many sign-in attempts: wait a minute";

// A signed-in member's change of their own password: error empty when done.
struct PasswordChange {
  int status = 200;
  std::string error;
};

struct LoginResult {
  std::string error;  // empty: signed in
  bool rate_limited = false;
  StaffMember who;
  std::string token;  // the session cookie's value
  std::string csrf;
  std::int64_t expires_ms = 0;
};

class StaffAuth {
 public:
  // Sessions last `session_ms`; sign-ins: `per_minute` a minute per name and per address,
  // with a burst of as many.
  StaffAuth(StaffStore& store, std::int64_t session_ms, double per_minute)
      : store_(store), session_ms_(session_ms), per_minute_(per_minute) {}

  LoginResult Login(const std::string& name, const std::string& password, const std::string& totp,
                    const std::string& address);
  // The staff member behind a session token, none when unknown or expired.
  std::optional<StaffMember> Check(const std::string& token);
  void Logout(const std::string& token, const StaffMember& who);
  // The signed-in member changes their own password (staff_password.cc): the current one is
  // checked as at sign-in, under the same limits; their other sessions end, `token`'s stays.
  PasswordChange ChangeOwnPassword(const StaffMember& who, const std::string& token,
                                   const std::string& current, const std::string& wanted,
                                   const std::string& address);

  // How many names and addresses the sign-in limiter tracks now (the dashboard shows it).
  std::size_t LimiterKeys();

  static std::string CsrfFor(const std::string& token);
  static bool CsrfMatches(const std::string& token, const std::string& csrf);

 private:
  bool TakeAttempt(const std::string& key);
  // One sign-in try (or a check of the current password) charged to both the name's and
  // the address's buckets, so neither a name from many addresses nor an address trying
  // many names gets more tries; false: over the limit.
  bool AttemptAllowed(const std::string& name, const std::string& address);

  StaffStore& store_;
  const std::int64_t session_ms_;
  const double per_minute_;
  std::mutex mutex_;
  std::map<std::string, TokenBucket> attempts_;
  std::int64_t last_prune_ms_ = 0;
};

}  // namespace kafenio::server::admin
