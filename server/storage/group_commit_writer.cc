#include "server/storage/group_commit_writer.h"

#include <sqlite3.h>

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

}  // namespace

GroupCommitWriter::GroupCommitWriter(std::unique_ptr<sqlite::Connection> db)
    : db_(std::move(db)), thread_([this] { Run(); }) {}

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
  // No reader may still need the WAL's frames after a clean close; fold them in and empty
  // the WAL so the database file alone holds everything (a failed checkpoint is harmless:
  // the next start finds the WAL and uses it).
  try {
    db_->PragmaText("wal_checkpoint(TRUNCATE)");
  } catch (const StorageError&) {
  }
  db_.reset();
}

GroupCommitWriter::Counters GroupCommitWriter::counters() const {
  std::lock_guard lock(mutex_);
  return counters_;
}

void GroupCommitWriter::Run() {
  std::vector<Pending> batch;
  for (;;) {
    {
      std::unique_lock lock(mutex_);
      wake_.wait(lock, [this] { return closing_ || !queue_.empty(); });
      if (queue_.empty()) return;  // closing, and everything queued is committed
      batch.swap(queue_);
    }
    CommitBatch(batch);
    batch.clear();
  }
}

void GroupCommitWriter::CommitBatch(std::vector<Pending>& batch) {
  std::vector<WriteStatus> statuses(batch.size());
  SqliteWriteTransaction transaction(*db_);
  std::string batch_error;
  try {
    db_->Prepare("BEGIN IMMEDIATE").Run();
    for (std::size_t i = 0; i < batch.size(); ++i) {
      db_->Prepare("SAVEPOINT op").Run();
      try {
        batch[i].op(transaction);
        db_->Prepare("RELEASE op").Run();
      } catch (const StorageError& error) {
        statuses[i].error = error.what();
        statuses[i].conflict = (error.code() & 0xff) == SQLITE_CONSTRAINT;
      } catch (const std::exception& error) {
        statuses[i].error = error.what();
      } catch (...) {
        statuses[i].error = "write operation failed";
      }
      if (statuses[i].ok()) continue;
      // Some errors (disk full, I/O) make SQLite roll back the whole transaction; then
      // every operation of this batch is lost and must be reported as failed.
      if (sqlite3_get_autocommit(db_->handle()) != 0) {
        throw StorageError("transaction rolled back: " + statuses[i].error);
      }
      db_->Prepare("ROLLBACK TO op").Run();
      db_->Prepare("RELEASE op").Run();
    }
    db_->Prepare("COMMIT").Run();
  } catch (const std::exception& error) {
    batch_error = error.what();
    if (sqlite3_get_autocommit(db_->handle()) == 0) {
      try {
        db_->Prepare("ROLLBACK").Run();
      } catch (const StorageError&) {
      }
    }
  }
  {
    std::lock_guard lock(mutex_);
    ++counters_.commits;
    counters_.operations += batch.size();
  }
  for (std::size_t i = 0; i < batch.size(); ++i) {
    if (!batch_error.empty()) statuses[i] = WriteStatus{batch_error};
    Report(batch[i].done, statuses[i]);
  }
}

}  // namespace kafenio::storage
