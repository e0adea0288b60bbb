#include "server/app/admin/audit_chain.h"

#include <algorithm>
#include <cctype>

#include "server/app/admin/api_json.h"
#include "server/app/crypto.h"

namespace kafenio::server::admin {

std::string AuditHash(const storage::AuditEntry& entry) {
  std::string data;
  const auto add = [&data](const std::string& field) {
    data += std::to_string(field.size());
    data += ':';
    data += field;
  };
  add(entry.prev_hash);
  add(std::to_string(entry.at_ms));
  add(entry.actor);
  add(entry.action);
  add(entry.target);
  add(entry.reason);
  add(entry.outcome);
  return Sha256Hex(data);
}

ChainCheck VerifyChain(const std::vector<storage::AuditEntry>& entries) {
  ChainCheck check;
  std::string previous;
  std::int64_t previous_id = 0;
  for (const storage::AuditEntry& entry : entries) {
    ++check.entries;
    std::string problem;
    if (entry.prev_hash != previous) {
      problem = previous_id == 0 ? "the first entry does not start the chain"
                                 : "it does not follow entry " + std::to_string(previous_id) +
                                       " (an entry between was deleted or edited)";
    } else if (AuditHash(entry) != entry.hash) {
      problem = "its contents were changed after it was written";
    }
    if (!problem.empty() && check.ok) {
      check.ok = false;
      check.first_bad_id = entry.id;
      check.problem = std::move(problem);
    }
    previous = entry.hash;
    previous_id = entry.id;
  }
  check.head = previous;
  check.head_id = previous_id;
  return check;
}

std::optional<AuditAnchor> ParseAnchor(std::string_view text) {
  const auto colon = text.find(':');
  if (colon == std::string_view::npos) return std::nullopt;
  const auto id = Id(std::string(text.substr(0, colon)));
  const std::string_view hash = text.substr(colon + 1);
  if (!id || hash.size() != 64) return std::nullopt;
  for (char c : hash) {
    if (!std::isxdigit(static_cast<unsigned char>(c))) return std::nullopt;
  }
  return AuditAnchor{*id, std::string(hash)};
}

std::string AnchorText(const AuditAnchor& anchor) {
  return std::to_string(anchor.id) + ":" + anchor.hash;
}

void CheckAnchor(const std::vector<storage::AuditEntry>& entries, const AuditAnchor& anchor,
                 ChainCheck& check) {
  if (!check.ok) return;  // the first fault found is the one reported
  const auto named = std::find_if(entries.begin(), entries.end(),
                                  [&](const storage::AuditEntry& e) { return e.id == anchor.id; });
  std::string problem;
  if (named == entries.end()) {
    problem =
        "entry " + std::to_string(anchor.id) + " of the anchor is missing: the log ends at " +
        (check.head_id == 0 ? std::string("no entry") : "entry " + std::to_string(check.head_id)) +
        " (its newest entries were deleted)";
  } else if (named->hash != anchor.hash) {
    problem = "entry " + std::to_string(anchor.id) +
              " is not the one anchored (another hash): the log was cut short and written again";
  } else {
    return;
  }
  check.ok = false;
  check.first_bad_id = anchor.id;
  check.problem = std::move(problem);
}

}  // namespace kafenio::server::admin
