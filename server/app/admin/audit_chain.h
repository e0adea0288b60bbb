#pragma once
// The audit log's hash chain: each entry's hash covers its fields and the hash of the entry
// before it, so editing an entry changes its hash and deleting one breaks the link of the
// next. Verify walks the whole log.
#include <cstdint>
#include <string>
#include <vector>

#include "server/storage/staff_rows.h"

namespace kafenio::server::admin {

// SHA-256 (hex) of the entry's fields (length-prefixed, so no two entries collide by
// moving text from one field to the next) and its prev_hash; the id is not covered.
std::string AuditHash(const storage::AuditEntry& entry);

struct ChainCheck {
  bool ok = true;
  std::int64_t entries = 0;
  std::int64_t first_bad_id = 0;  // the first entry that does not fit (0: none)
  std::string problem;            // what is wrong there
  std::string head;               // the last entry's hash
};

// `entries` oldest first, as WholeAuditLog returns them.
ChainCheck VerifyChain(const std::vector<storage::AuditEntry>& entries);

}  // namespace kafenio::server::admin
