#pragma once
// The console's storage, synchronous: it runs on the console's own worker thread (never an
// I/O thread). A write is one operation of the storage writer's queue and returns once it
// is durable; an audit entry can ride in the same transaction as the change it records.
#include <functional>
#include <stdexcept>
#include <string>

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
  // Throws storage errors as they come.
  void Read(const std::function<void(storage::StaffSql&)>& read) { storage_.ReadStaff(read); }

  Clock& clock() { return clock_; }
  // For the dashboard: the writer's counters and the tournaments' rows.
  storage::Storage& storage() { return storage_; }

 private:
  void AppendAudit(storage::StaffSql& sql, const AuditRecord& audit);

  storage::Storage& storage_;
  Clock& clock_;
};

}  // namespace kafenio::server::admin
