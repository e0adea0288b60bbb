#include "server/app/admin/staff_store.h"

#include <future>

#include "server/app/admin/audit_chain.h"

namespace kafenio::server::admin {

void StaffStore::Write(const std::function<void(storage::StaffSql&)>& op) {
  std::promise<storage::WriteStatus> written;
  auto status = written.get_future();
  storage_.Enqueue([op](storage::WriteTransaction& transaction) { op(transaction.Staff()); },
                   [&written](const storage::WriteStatus& result) { written.set_value(result); });
  const storage::WriteStatus result = status.get();
  if (!result.ok()) throw StaffWriteError(result.error, result.conflict);
}

void StaffStore::WriteAudited(const std::function<void(storage::StaffSql&)>& op,
                              const AuditRecord& audit) {
  Write([this, op, audit](storage::StaffSql& sql) {
    op(sql);
    AppendAudit(sql, audit);
  });
}

void StaffStore::WriteAuditedTransaction(
    const std::function<void(storage::WriteTransaction&, AuditRecord&)>& op, AuditRecord audit) {
  std::promise<storage::WriteStatus> written;
  auto status = written.get_future();
  storage_.Enqueue(
      [this, op, audit](storage::WriteTransaction& transaction) {
        // A fresh copy each time: the writer may run an operation twice (a batch that
        // failed is retried one operation at a time).
        AuditRecord record = audit;
        op(transaction, record);
        AppendAudit(transaction.Staff(), record);
      },
      [&written](const storage::WriteStatus& result) { written.set_value(result); });
  const storage::WriteStatus result = status.get();
  if (!result.ok()) throw StaffWriteError(result.error, result.conflict);
}

void StaffStore::Audit(const AuditRecord& audit) {
  Write([this, audit](storage::StaffSql& sql) { AppendAudit(sql, audit); });
}

void StaffStore::AppendAudit(storage::StaffSql& sql, const AuditRecord& audit) {
  sql.LockAuditLog();
  storage::AuditEntry entry;
  entry.at_ms = clock_.NowMs();
  entry.actor = audit.actor;
  entry.action = audit.action;
  entry.target = audit.target;
  entry.reason = audit.reason;
  entry.outcome = audit.outcome;
  if (auto last = sql.LastAuditEntry()) entry.prev_hash = last->hash;
  entry.hash = AuditHash(entry);
  sql.AppendAuditEntry(entry);
}

}  // namespace kafenio::server::admin
