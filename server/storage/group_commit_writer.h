#pragma once
// The single writer: a thread that takes every queued write operation at once, runs them
// in one transaction (each in its own savepoint), commits with synchronous=FULL and only
// then reports to each operation's `done`. Durability costs each move a commit's latency,
// but not throughput: one fsync covers all the moves that arrived meanwhile.
#include <condition_variable>
#include <cstdint>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

#include "server/storage/sqlite/connection.h"
#include "server/storage/storage.h"

namespace kafenio::storage {

class GroupCommitWriter {
 public:
  // Takes a connection already set up for writing (WAL, synchronous=FULL, migrated).
  explicit GroupCommitWriter(std::unique_ptr<sqlite::Connection> db);
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
  };
  Counters counters() const;

 private:
  struct Pending {
    WriteOp op;
    WriteDone done;
  };

  void Run();
  void CommitBatch(std::vector<Pending>& batch);

  std::unique_ptr<sqlite::Connection> db_;
  mutable std::mutex mutex_;
  std::condition_variable wake_;
  std::vector<Pending> queue_;
  bool closing_ = false;
  bool closed_ = false;
  Counters counters_;
  std::thread thread_;
};

}  // namespace kafenio::storage
