#pragma once
// Reader connections shared by the server's threads: each read borrows one, so reads run
// in parallel with each other and with the writer.
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "server/storage/sqlite/connection.h"

namespace kafenio::storage {

class ReaderPool {
 public:
  explicit ReaderPool(std::string path) : path_(std::move(path)) {}

  class Lease {
   public:
    Lease(ReaderPool& pool, std::unique_ptr<sqlite::Connection> db)
        : pool_(pool), db_(std::move(db)) {}
    ~Lease() { pool_.Return(std::move(db_)); }
    Lease(const Lease&) = delete;
    Lease& operator=(const Lease&) = delete;
    sqlite::Connection& operator*() { return *db_; }

   private:
    ReaderPool& pool_;
    std::unique_ptr<sqlite::Connection> db_;
  };

  Lease Borrow();
  void Clear();

 private:
  void Return(std::unique_ptr<sqlite::Connection> db);

  std::string path_;
  std::mutex mutex_;
  std::vector<std::unique_ptr<sqlite::Connection>> idle_;
};

}  // namespace kafenio::storage
