#pragma once
// The console's storage, synchronous: it runs on the console's own worker thread (never an
// I/O thread). A write is one operation of the storage writer's queue and returns once it
// is durable; an audit entry can ride in the same transaction as the change it records.
#include <functional>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <string>

#include "server/app/admin/audit_chain.h"

#include "server/app/clock.h"
#include "server/storage/storage.h"

namespace kafenio::server::admin {

// A write that failed; `conflict`: it broke a constraint (a name taken), retrying won't help.
class StaffWriteError : public std::runtime_error {
 public:
  StaffWriteError(const std::string& what, bool conflict)
      : std::runtime_error(what), conflict_(conflict) {}
  bool conflict() const { return conflict_; }

 private:
  bool conflict_;
};

// What an audit entry records, before it is chained.
struct AuditRecord {
  std::string actor;
  std::string action;
  std::string target;
  std::string reason;
  std::string outcome = "ok";
};

class StaffStore {
 public:
  StaffStore(storage::Storage& storage, Clock& clock) : storage_(storage), clock_(clock) {}

  // Runs `op` in the writer's transaction and waits until it is durable; throws
  // StaffWriteError when it failed (nothing of it is kept).
  void Write(const std::function<void(storage::StaffSql&)>& op);
  // The same, and appends `audit` to the audit log in the same transaction.
  void WriteAudited(const std::function<void(storage::StaffSql&)>& op, const AuditRecord& audit);
  // The same with the whole transaction (reads of matches and ratings), for changes beyond
  // the staff tables; `op` completes the audit record (its outcome) before it is appended.
  void WriteAuditedTransaction(
      const std::function<void(storage::WriteTransaction&, AuditRecord&)>& op, AuditRecord audit);
  // Appends one audit entry alone (a refused or failed action, a failed login).
  void Audit(const AuditRecord& audit);
  // The newest audit entry this process has seen durable: read at start (RememberAuditHead)
  // and each entry it appended since. Verifying against it catches the newest entries
  // deleted while the server runs. Each append is also logged with its id and hash
  // ("audit appended"), an anchor kept outside the database.
  std::optional<AuditAnchor> LastAnchor();
  void RememberAuditHead();

  // Throws storage errors as they come.
  void Read(const std::function<void(storage::StaffSql&)>& read) { storage_.ReadStaff(read); }

  Clock& clock() { return clock_; }
  // For the dashboard: the writer's counters and the tournaments' rows.
  storage::Storage& storage() { return storage_; }

 private:
  AuditAnchor AppendAudit(storage::StaffSql& sql, const AuditRecord& audit);
  // Once `appended` is durable: logged, and remembered as the anchor.
  void Anchored(const AuditAnchor& appended);

  storage::Storage& storage_;
  Clock& clock_;
  std::mutex anchor_mutex_;
  std::optional<AuditAnchor> last_anchor_;
};

}  // namespace kafenio::server::admin
