#pragma once
// What the admin console stores (migrations 0010, 0011), as plain values. Times are Unix
// milliseconds.
#include <cstdint>
#include <optional>
#include <string>

#include "server/storage/rows.h"

namespace kafenio::storage {

struct StaffAccount {
  std::int64_t id = 0;
  std::string name;
  std::string password_hash;               // Argon2id string
  std::string role;                        // "owner", "admin", "moderator" or "director"
  std::string tournament_scope;            // a director's: "*" or tournament ids, comma-separated
  std::optional<std::string> totp_secret;  // base32; none: no second factor
  std::int64_t created_ms = 0;
  std::optional<std::int64_t> disabled_ms;  // none: enabled (migration 0020)
};

struct StaffSession {
  std::string token_hash;
  std::int64_t staff_id = 0;
  std::int64_t expires_ms = 0;
};

struct AuditEntry {
  std::int64_t id = 0;  // assigned on append
  std::int64_t at_ms = 0;
  std::string actor;
  std::string action;
  std::string target;
  std::string reason;
  std::string outcome;
  std::string prev_hash;  // the hash of the entry before ("" for the first)
  std::string hash;       // of this entry's fields and prev_hash (server/app/admin/audit_chain.h)
};

struct AuditFilter {
  std::string actor;           // empty: anyone
  std::string action;          // empty: any
  std::string target;          // a part of the target (exact case); empty: any
  std::int64_t before_id = 0;  // pages backwards; 0: from the newest
  int limit = 100;
};

struct Sanction {
  std::int64_t id = 0;
  std::int64_t account_id = 0;
  std::string kind;  // "ban" or "mute"
  std::string reason;
  std::string staff;
  std::int64_t created_ms = 0;
  std::optional<std::int64_t> until_ms;  // none: for good
  std::optional<std::int64_t> lifted_ms;
  std::optional<std::string> lifted_by;
  // In force at `now_ms`: not lifted and not run out.
  bool ActiveAt(std::int64_t now_ms) const {
    return !lifted_ms && (!until_ms || *until_ms > now_ms);
  }
};

// A player as the console's search shows them.
struct PlayerSummary {
  std::int64_t id = 0;
  std::string name;
  bool guest = false;
  std::int64_t created_ms = 0;
};

// A match voided by staff (migration 0015): it counts for nothing.
struct MatchVoid {
  std::int64_t match_id = 0;
  std::string reason;
  std::string staff;
  std::int64_t voided_ms = 0;
};

// One row of rating_history: a player's rating after one rated match. Rows are numbered in
// the order the matches were rated.
struct RatingHistoryRow {
  std::int64_t id = 0;
  std::int64_t account_id = 0;
  std::string mode;
  std::int64_t match_id = 0;
  double rating = 0;
  double rd = 0;
  double volatility = 0;
  std::int64_t time_ms = 0;
};

}  // namespace kafenio::storage
