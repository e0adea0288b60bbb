#include "server/app/admin/audit_chain.h"

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
  return check;
}

}  // namespace kafenio::server::admin
