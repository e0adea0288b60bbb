#include "server/storage/sqlite/statement.h"

#include <climits>

#include "server/storage/sqlite/error.h"

namespace kafenio::storage::sqlite {

Statement::Statement(sqlite3* db, std::string_view sql) : db_(db) {
  // SQLITE_PREPARE_PERSISTENT: these statements live as long as their connection.
  const int code = sqlite3_prepare_v3(db, sql.data(), static_cast<int>(sql.size()),
                                      SQLITE_PREPARE_PERSISTENT, &stmt_, nullptr);
  if (code != SQLITE_OK) ThrowError(db, code, std::string("prepare: ").append(sql));
}

Statement::~Statement() {
  sqlite3_finalize(stmt_);
}

Statement& Statement::Reset() {
  // sqlite3_reset repeats the last step's error; that error was already reported then.
  sqlite3_reset(stmt_);
  sqlite3_clear_bindings(stmt_);
  return *this;
}

Statement& Statement::Bind(int index, std::int64_t value) {
  Check(db_, sqlite3_bind_int64(stmt_, index, value), "bind");
  return *this;
}

Statement& Statement::Bind(int index, double value) {
  Check(db_, sqlite3_bind_double(stmt_, index, value), "bind");
  return *this;
}

Statement& Statement::Bind(int index, std::string_view text) {
  // SQLITE_TRANSIENT: SQLite copies the text, so callers may pass temporaries.
  Check(
      db_,
      sqlite3_bind_text(stmt_, index, text.data(), static_cast<int>(text.size()), SQLITE_TRANSIENT),
      "bind");
  return *this;
}

Statement& Statement::BindNull(int index) {
  Check(db_, sqlite3_bind_null(stmt_, index), "bind");
  return *this;
}

bool Statement::Step() {
  const int code = sqlite3_step(stmt_);
  if (code == SQLITE_ROW) return true;
  if (code == SQLITE_DONE) return false;
  const std::string sql = sqlite3_sql(stmt_);
  sqlite3_reset(stmt_);
  ThrowError(db_, code, "step: " + sql);
}

void Statement::Run() {
  while (Step()) {
  }
}

std::int64_t Statement::Int(int column) const {
  return sqlite3_column_int64(stmt_, column);
}

double Statement::Real(int column) const {
  return sqlite3_column_double(stmt_, column);
}

std::string Statement::Text(int column) const {
  const auto* text = sqlite3_column_text(stmt_, column);
  const int size = sqlite3_column_bytes(stmt_, column);
  return text == nullptr
             ? std::string()
             : std::string(reinterpret_cast<const char*>(text), static_cast<std::size_t>(size));
}

bool Statement::IsNull(int column) const {
  return sqlite3_column_type(stmt_, column) == SQLITE_NULL;
}

bool Statement::IsReal(int column) const {
  return sqlite3_column_type(stmt_, column) == SQLITE_FLOAT;
}

std::optional<std::int64_t> Statement::OptionalInt(int column) const {
  if (IsNull(column)) return std::nullopt;
  return Int(column);
}

std::optional<std::string> Statement::OptionalText(int column) const {
  if (IsNull(column)) return std::nullopt;
  return Text(column);
}

}  // namespace kafenio::storage::sqlite
