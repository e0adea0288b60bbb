#include "server/storage/checkpointer.h"

#include <cstdio>
#include <utility>

#include "server/storage/sqlite/connection.h"
#include "server/storage/storage_error.h"

namespace kafenio::storage {

Checkpointer::Checkpointer(std::string path, std::chrono::milliseconds interval)
    : path_(std::move(path)), interval_(interval), thread_([this] { Run(); }) {}

Checkpointer::~Checkpointer() {
  Stop();
}

void Checkpointer::Stop() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
    wake_.notify_one();
  }
  if (thread_.joinable()) thread_.join();
}

std::uint64_t Checkpointer::checkpoints() const {
  std::lock_guard lock(mutex_);
  return checkpoints_;
}

void Checkpointer::Run() {
  try {
    sqlite::Connection db(path_, sqlite::OpenMode::read_write_create);
    std::unique_lock lock(mutex_);
    while (!wake_.wait_for(lock, interval_, [this] { return stopping_; })) {
      lock.unlock();
      try {
        db.PragmaText("wal_checkpoint(PASSIVE)");
      } catch (const StorageError& error) {
        // A failed checkpoint loses nothing: the frames stay in the WAL for the next one.
        std::fprintf(stderr, "kafenio storage: checkpoint failed: %s\n", error.what());
      }
      lock.lock();
      ++checkpoints_;
    }
  } catch (const StorageError& error) {
    std::fprintf(stderr, "kafenio storage: checkpointer stopped: %s\n", error.what());
  }
}

}  // namespace kafenio::storage
