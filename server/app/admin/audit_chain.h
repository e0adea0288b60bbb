#pragma once
// The audit log's hash chain: each entry's hash covers its fields and the hash of the entry
// before it, so editing an entry changes its hash and deleting one breaks the link of the
// next. Verify walks the whole log.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
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
  std::int64_t head_id = 0;       // the last entry's id
};

// `entries` oldest first, as WholeAuditLog returns them.
ChainCheck VerifyChain(const std::vector<storage::AuditEntry>& entries);

// An anchor: an entry's id and hash, kept outside the database (the server's log, an
// operator's notes), written "ID:HASH". A chain alone cannot tell that its newest entries
// were deleted (what is left still links); an anchor can: the entry it names must still be
// there, with that hash.
struct AuditAnchor {
  std::int64_t id = 0;
  std::string hash;
};
std::optional<AuditAnchor> ParseAnchor(std::string_view text);
std::string AnchorText(const AuditAnchor& anchor);
// Marks `check` broken when the entry `anchor` names is missing from `entries` (the log was
// cut short after it) or has another hash (cut short and written again).
void CheckAnchor(const std::vector<storage::AuditEntry>& entries, const AuditAnchor& anchor,
                 ChainCheck& check);

}  // namespace kafenio::server::admin
