#include "server/storage/group_commit_writer.h"

#include <sqlite3.h>

#include <chrono>
#include <exception>
#include <future>
#include <string>
#include <utility>

#include "server/storage/sqlite_write_transaction.h"
#include "server/storage/storage_error.h"

namespace kafenio::storage {

namespace {

// A callback that throws must not take the writer down; its error has nowhere to go.
void Report(const WriteDone& done, const WriteStatus& status) {
  if (!done) return;
  try {
    done(status);
  } catch (...) {
  }
}

class SqliteSession final : public WriteSession {
 public:
  explicit SqliteSession(std::unique_ptr<sqlite::Connection> db)
      : db_(std::move(db)), transaction_(*db_) {}

  void Begin() override { db_->Prepare("BEGIN IMMEDIATE").Run(); }
  void Commit() override { db_->Prepare("COMMIT").Run(); }
  void RollbackQuietly() noexcept override {
    if (!InTransaction()) return;
    try {
      db_->Prepare("ROLLBACK").Run();
    } catch (const StorageError&) {
    }
  }
  bool InTransaction() override { return sqlite3_get_autocommit(db_->handle()) == 0; }
  void Savepoint() override { db_->Prepare("SAVEPOINT op").Run(); }
  void ReleaseSavepoint() override { db_->Prepare("RELEASE op").Run(); }
  void RollbackToSavepoint() override {
    db_->Prepare("ROLLBACK TO op").Run();
    db_->Prepare("RELEASE op").Run();
  }
  bool IsConflict(const StorageError& error) const override {
    return (error.code() & 0xff) == SQLITE_CONSTRAINT;
  }
  WriteTransaction& transaction() override { return transaction_; }
  // No reader may still need the WAL's frames after a clean close; fold them in and empty
  // the WAL so the database file alone holds everything (a failed checkpoint is harmless:
  // the next start finds the WAL and uses it).
  void Finish() noexcept override {
    try {
      db_->PragmaText("wal_checkpoint(TRUNCATE)");
    } catch (const StorageError&) {
    }
    db_.reset();
  }

 private:
  std::unique_ptr<sqlite::Connection> db_;
  SqliteWriteTransaction transaction_;
};

WriteStatus StatusOf(const WriteSession& session, const std::exception& error) {
  WriteStatus status{error.what()};
  if (const auto* storage_error = dynamic_cast<const StorageError*>(&error)) {
    status.conflict = session.IsConflict(*storage_error);
  }
  return status;
}

}  // namespace

std::unique_ptr<WriteSession> SqliteWriteSession(std::unique_ptr<sqlite::Connection> db) {
  return std::make_unique<SqliteSession>(std::move(db));
}

GroupCommitWriter::GroupCommitWriter(std::unique_ptr<WriteSession> session)
    : session_(std::move(session)), thread_([this] { Run(); }) {}

GroupCommitWriter::~GroupCommitWriter() {
  Close();
}

void GroupCommitWriter::Enqueue(WriteOp op, WriteDone done) {
  {
    std::lock_guard lock(mutex_);
    if (!closing_) {
      queue_.push_back(Pending{std::move(op), std::move(done)});
      wake_.notify_one();
      return;
    }
  }
  Report(done, WriteStatus{"storage is closed"});
}

void GroupCommitWriter::Flush() {
  std::promise<void> durable;
  auto finished = durable.get_future();
  // The queue is ordered, so once this no-op is durable so is everything before it.
  Enqueue([](WriteTransaction&) {}, [&durable](const WriteStatus&) { durable.set_value(); });
  finished.wait();
}

void GroupCommitWriter::Close() {
  {
    std::lock_guard lock(mutex_);
    if (closed_) return;
    closing_ = true;
    closed_ = true;
    wake_.notify_one();
  }
  thread_.join();
  session_->Finish();
}

GroupCommitWriter::Counters GroupCommitWriter::counters() const {
  std::lock_guard lock(mutex_);
  Counters now = counters_;
  now.queue_depth = queue_.size() + in_flight_;
  return now;
}

void GroupCommitWriter::Run() {
  std::vector<Pending> batch;
  for (;;) {
    {
      std::unique_lock lock(mutex_);
      wake_.wait(lock, [this] { return closing_ || !queue_.empty(); });
      if (queue_.empty()) return;  // closing, and everything queued is committed
      batch.swap(queue_);
      in_flight_ = batch.size();
    }
    CommitBatch(batch);
    batch.clear();
  }
}

void GroupCommitWriter::CommitBatch(std::vector<Pending>& batch) {
  std::vector<WriteStatus> statuses(batch.size());
  const auto began = std::chrono::steady_clock::now();
  if (!CommitWhole(batch, statuses)) CommitEach(batch, statuses);
  commit_latency_.Observe(std::chrono::duration_cast<std::chrono::microseconds>(
                              std::chrono::steady_clock::now() - began)
                              .count());
  {
    std::lock_guard lock(mutex_);
    ++counters_.commits;
    counters_.operations += batch.size();
    in_flight_ = 0;
  }
  for (std::size_t i = 0; i < batch.size(); ++i) Report(batch[i].done, statuses[i]);
}

bool GroupCommitWriter::CommitWhole(std::vector<Pending>& batch,
                                    std::vector<WriteStatus>& statuses) {
  try {
    session_->Begin();
    for (auto& pending : batch) pending.op(session_->transaction());
    session_->EndOperations();
  } catch (...) {
    session_->RollbackQuietly();
    return false;  // again, one savepoint per operation, to find the one that fails
  }
  // A failed COMMIT fails the whole batch, and it is not run again: the session has found
  // it rolled back, or cannot tell (a lost connection, the database unreachable), and a
  // batch that did commit after all must not be written twice.
  try {
    session_->Commit();
  } catch (const std::exception& error) {
    session_->RollbackQuietly();
    for (auto& status : statuses) status = WriteStatus{error.what()};
  }
  return true;
}

void GroupCommitWriter::CommitEach(std::vector<Pending>& batch,
                                   std::vector<WriteStatus>& statuses) {
  try {
    session_->Begin();
    for (std::size_t i = 0; i < batch.size(); ++i) {
      session_->Savepoint();
      try {
        batch[i].op(session_->transaction());
        session_->ReleaseSavepoint();
      } catch (const std::exception& error) {
        statuses[i] = StatusOf(*session_, error);
      } catch (...) {
        statuses[i].error = "write operation failed";
      }
      if (statuses[i].ok()) continue;
      // Some errors (disk full, I/O, a lost connection) end the whole transaction; then
      // every operation of this batch is lost and must be reported as failed.
      if (!session_->InTransaction()) {
        throw StorageError("transaction rolled back: " + statuses[i].error);
      }
      session_->RollbackToSavepoint();
    }
    session_->Commit();
  } catch (const std::exception& error) {
    session_->RollbackQuietly();
    for (auto& status : statuses) status = WriteStatus{error.what()};
  }
}

}  // namespace kafenio::storage
