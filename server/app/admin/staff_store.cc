#include "server/app/admin/staff_store.h"

#include <future>

#include "server/app/admin/audit_chain.h"
#include "server/log/log.h"

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
  AuditAnchor appended;  // the writer runs the op before Write returns
  Write([this, op, audit, &appended](storage::StaffSql& sql) {
    op(sql);
    appended = AppendAudit(sql, audit);
  });
  Anchored(appended);
}

void StaffStore::WriteAuditedTransaction(
    const std::function<void(storage::WriteTransaction&, AuditRecord&)>& op, AuditRecord audit) {
  std::promise<storage::WriteStatus> written;
  auto status = written.get_future();
  AuditAnchor appended;
  storage_.Enqueue(
      [this, op, audit, &appended](storage::WriteTransaction& transaction) {
        // A fresh copy each time: the writer may run an operation twice (a batch that
        // failed is retried one operation at a time).
        AuditRecord record = audit;
        op(transaction, record);
        appended = AppendAudit(transaction.Staff(), record);
      },
      [&written](const storage::WriteStatus& result) { written.set_value(result); });
  const storage::WriteStatus result = status.get();
  if (!result.ok()) throw StaffWriteError(result.error, result.conflict);
  Anchored(appended);
}

void StaffStore::Audit(const AuditRecord& audit) {
  AuditAnchor appended;
  Write([this, audit, &appended](storage::StaffSql& sql) { appended = AppendAudit(sql, audit); });
  Anchored(appended);
}

std::optional<AuditAnchor> StaffStore::LastAnchor() {
  std::lock_guard lock(anchor_mutex_);
  return last_anchor_;
}

void StaffStore::RememberAuditHead() {
  std::optional<storage::AuditEntry> head;
  Read([&](storage::StaffSql& sql) { head = sql.LastAuditEntry(); });
  if (!head) return;
  log::Info("audit head", {{"audit_id", head->id}, {"audit_hash", head->hash}});
  std::lock_guard lock(anchor_mutex_);
  if (!last_anchor_ || last_anchor_->id < head->id)
    last_anchor_ = AuditAnchor{head->id, head->hash};
}

void StaffStore::Anchored(const AuditAnchor& appended) {
  log::Info("audit appended", {{"audit_id", appended.id}, {"audit_hash", appended.hash}});
  std::lock_guard lock(anchor_mutex_);
  // Appends are serialised by the writer, but their answers may come back in any order.
  if (!last_anchor_ || last_anchor_->id < appended.id) last_anchor_ = appended;
}

AuditAnchor StaffStore::AppendAudit(storage::StaffSql& sql, const AuditRecord& audit) {
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
  return AuditAnchor{sql.AppendAuditEntry(entry), entry.hash};
}

}  // namespace kafenio::server::admin
