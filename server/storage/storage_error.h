#pragma once
// The one exception type of the storage layer. Write operations that throw it fail alone
// (their savepoint is rolled back); the rest of their group commit is unaffected.
#include <stdexcept>
#include <string>

namespace kafenio::storage {

class StorageError : public std::runtime_error {
 public:
  explicit StorageError(const std::string& what, int code = 0)
      : std::runtime_error(what), code_(code) {}
  // The backend's error code (SQLite's extended result code), 0 when there is none.
  int code() const { return code_; }

 private:
  int code_;
};

// The database was written by a newer program: its schema has migrations this one lacks.
class SchemaTooNewError : public StorageError {
 public:
  using StorageError::StorageError;
};

}  // namespace kafenio::storage
