#pragma once
// Moves WAL frames into the database file off the commit path. The writer runs with
// wal_autocheckpoint=0, so no commit ever pays for a checkpoint; this thread runs a
// PASSIVE checkpoint (which never blocks the writer or readers) on its own connection at
// a fixed interval.
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <mutex>
#include <string>
#include <thread>

namespace kafenio::storage {

class Checkpointer {
 public:
  Checkpointer(std::string path, std::chrono::milliseconds interval);
  ~Checkpointer();
  Checkpointer(const Checkpointer&) = delete;
  Checkpointer& operator=(const Checkpointer&) = delete;

  void Stop();
  std::uint64_t checkpoints() const;

 private:
  void Run();

  std::string path_;
  std::chrono::milliseconds interval_;
  mutable std::mutex mutex_;
  std::condition_variable wake_;
  bool stopping_ = false;
  std::uint64_t checkpoints_ = 0;
  std::thread thread_;
};

}  // namespace kafenio::storage
