#pragma once
// A prepared SQLite statement: binds by 1-based index, steps, reads columns. Owned by a
// Connection's cache and reused, so every Bind/Step sequence starts with a Reset.
#include <sqlite3.h>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace kafenio::storage::sqlite {

class Statement {
 public:
  Statement(sqlite3* db, std::string_view sql);
  ~Statement();
  Statement(const Statement&) = delete;
  Statement& operator=(const Statement&) = delete;

  // Clears earlier bindings and results; call before binding a new execution.
  Statement& Reset();
  Statement& Bind(int index, std::int64_t value);
  Statement& Bind(int index, int value) { return Bind(index, std::int64_t{value}); }
  Statement& Bind(int index, double value);
  Statement& Bind(int index, std::string_view text);
  Statement& BindNull(int index);
  template <class T>
  Statement& Bind(int index, const std::optional<T>& value) {
    return value ? Bind(index, *value) : BindNull(index);
  }

  // Advances to the next row: true when there is one, false when done; throws on error.
  bool Step();
  // Runs a statement that returns no rows.
  void Run();

  std::int64_t Int(int column) const;
  double Real(int column) const;
  std::string Text(int column) const;
  bool IsNull(int column) const;
  // The value is stored as a REAL (its text would keep only 15 significant digits).
  bool IsReal(int column) const;
  std::optional<std::int64_t> OptionalInt(int column) const;
  std::optional<std::string> OptionalText(int column) const;

 private:
  sqlite3* db_;
  sqlite3_stmt* stmt_ = nullptr;
};

}  // namespace kafenio::storage::sqlite
