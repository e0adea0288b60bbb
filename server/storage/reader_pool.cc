#include "server/storage/reader_pool.h"

namespace kafenio::storage {

ReaderPool::Lease ReaderPool::Borrow() {
  {
    std::lock_guard lock(mutex_);
    if (!idle_.empty()) {
      auto db = std::move(idle_.back());
      idle_.pop_back();
      return Lease(*this, std::move(db));
    }
  }
  auto db = std::make_unique<sqlite::Connection>(path_, sqlite::OpenMode::read_write_create);
  // Readers must never write; query_only turns a stray write into an error.
  db->PragmaText("query_only = 1");
  return Lease(*this, std::move(db));
}

void ReaderPool::Return(std::unique_ptr<sqlite::Connection> db) {
  std::lock_guard lock(mutex_);
  idle_.push_back(std::move(db));
}

void ReaderPool::Clear() {
  std::lock_guard lock(mutex_);
  idle_.clear();
}

}  // namespace kafenio::storage
