#pragma once
// The single writer: a thread that takes every queued write operation at once, runs them
// in one transaction (again with a savepoint each when one of them fails), commits durably and only
// then reports to each operation's `done`. Durability costs each move a commit's latency, but not
// throughput: one fsync covers all the moves that arrived meanwhile. The database behind it
// is a WriteSession: SQLite (synchronous=FULL) or PostgreSQL (synchronous_commit=on).
#include <condition_variable>
#include <cstdint>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

#include "server/metrics/latency_histogram.h"
#include "server/storage/sqlite/connection.h"
#include "server/storage/storage.h"
#include "server/storage/storage_error.h"

namespace kafenio::storage {

// The connection a GroupCommitWriter writes through, one transaction per batch.
class WriteSession {
 public:
  virtual ~WriteSession() = default;
  // Opens the batch's transaction; a backend that lost its connection reconnects first
  // (and throws when it cannot: the batch fails, nothing is acknowledged).
  virtual void Begin() = 0;
  // Returns once the transaction is durable; throws when it is not (or cannot be known to
  // be: a backend whose connection broke during COMMIT first asks whether it took effect).
  virtual void Commit() = 0;
  virtual void RollbackQuietly() noexcept = 0;
  // Still inside the transaction (SQLite ends it by itself on some errors).
  virtual bool InTransaction() = 0;
  // A batch runs first as one transaction without savepoints; only when one of its
  // operations fails does it run again with one savepoint per operation, to fail just that
  // one. Savepoints cost a round trip on PostgreSQL and two statements and a statement
  // journal per operation on SQLite (docs/performance.md, "Issue 15, second stop").
  virtual void Savepoint() = 0;
  virtual void ReleaseSavepoint() = 0;
  virtual void RollbackToSavepoint() = 0;
  // After the last operation of a batch without savepoints: a backend that gathered some
  // of their statements sends them now (throws as those operations would).
  virtual void EndOperations() {}
  // The error broke a constraint of the data: retrying will not help.
  virtual bool IsConflict(const StorageError& error) const = 0;
  virtual WriteTransaction& transaction() = 0;
  // At Close, after the last batch (SQLite folds its WAL in).
  virtual void Finish() noexcept = 0;
};

// SQLite's session, on a connection already set up for writing.
std::unique_ptr<WriteSession> SqliteWriteSession(std::unique_ptr<sqlite::Connection> db);

class GroupCommitWriter {
 public:
  explicit GroupCommitWriter(std::unique_ptr<WriteSession> session);
  // Takes a connection already set up for writing (WAL, synchronous=FULL, migrated).
  explicit GroupCommitWriter(std::unique_ptr<sqlite::Connection> db)
      : GroupCommitWriter(SqliteWriteSession(std::move(db))) {}
  ~GroupCommitWriter();
  GroupCommitWriter(const GroupCommitWriter&) = delete;
  GroupCommitWriter& operator=(const GroupCommitWriter&) = delete;

  void Enqueue(WriteOp op, WriteDone done);
  void Flush();
  // Commits what is queued, refuses later writes, truncates the WAL and closes.
  void Close();

  struct Counters {
    std::uint64_t commits = 0;
    std::uint64_t operations = 0;
    std::uint64_t queue_depth = 0;  // operations waiting or in the batch being committed
  };
  Counters counters() const;
  // How long each batch's transaction took, BEGIN to durable COMMIT.
  metrics::LatencyHistogram::Snapshot commit_latency() const { return commit_latency_.Read(); }

 private:
  struct Pending {
    WriteOp op;
    WriteDone done;
  };

  void Run();
  void CommitBatch(std::vector<Pending>& batch);
  // Every operation in one transaction without savepoints; false (rolled back) when one
  // of them failed. True when done: committed, or the COMMIT failed (`statuses` say so).
  bool CommitWhole(std::vector<Pending>& batch, std::vector<WriteStatus>& statuses);
  // Each operation in a savepoint of its own: a failing one fails alone.
  void CommitEach(std::vector<Pending>& batch, std::vector<WriteStatus>& statuses);

  std::unique_ptr<WriteSession> session_;
  mutable std::mutex mutex_;
  std::condition_variable wake_;
  std::vector<Pending> queue_;
  bool closing_ = false;
  bool closed_ = false;
  Counters counters_;
  std::size_t in_flight_ = 0;  // the batch being committed
  metrics::LatencyHistogram commit_latency_;
  std::thread thread_;
};

}  // namespace kafenio::storage
