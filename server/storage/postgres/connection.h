#pragma once
// One PostgreSQL connection (libpq) that runs only prepared statements: each SQL text is
// prepared once per connection, under a name of its own, and then executed with its
// parameters sent apart from the SQL (never spliced into it). A connection is used by one
// thread at a time.
#include <libpq-fe.h>

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "server/storage/storage_error.h"

namespace kafenio::storage::pg {

// A PostgreSQL error: its SQLSTATE says what kind ("23505": a unique key taken).
class Error : public StorageError {
 public:
  Error(const std::string& what, std::string sqlstate)
      : StorageError(what), sqlstate_(std::move(sqlstate)) {}
  const std::string& sqlstate() const { return sqlstate_; }
  // Class 23: the data broke a constraint; retrying will not help.
  bool IsConstraint() const { return sqlstate_.rfind("23", 0) == 0; }
  // Raised by the cluster's fencing: this node does not hold the table's lease.
  bool IsFenced() const { return sqlstate_ == kFencedState; }
  static constexpr const char* kFencedState = "KF001";

 private:
  std::string sqlstate_;
};

// Parameters of one statement, in text format (PostgreSQL converts them to the column's
// type), $1, $2, ... in the order added.
class Params {
 public:
  Params& Add(std::int64_t value) { return AddText(std::to_string(value)); }
  Params& Add(int value) { return AddText(std::to_string(value)); }
  Params& Add(bool value) { return AddText(value ? "t" : "f"); }
  Params& Add(double value);
  Params& Add(std::string_view value) { return AddText(std::string(value)); }
  Params& Add(const std::string& value) { return AddText(value); }
  Params& Add(const char* value) { return AddText(value); }
  template <class T>
  Params& Add(const std::optional<T>& value) {
    if (!value) return AddNull();
    return Add(*value);
  }
  Params& AddNull();
  // Array parameters, as PostgreSQL's text form: '{1,2,3}', '{"a","b"}'.
  Params& AddArray(const std::vector<std::int64_t>& values);
  Params& AddArray(const std::vector<int>& values);
  Params& AddArray(const std::vector<std::string>& values);

  int size() const { return static_cast<int>(values_.size()); }
  std::vector<const char*> Pointers() const;

 private:
  Params& AddText(std::string value);
  std::vector<std::optional<std::string>> values_;
};

// The rows of one statement's result.
class Result {
 public:
  explicit Result(PGresult* result) : result_(result, &PQclear) {}
  int rows() const { return PQntuples(result_.get()); }
  bool empty() const { return rows() == 0; }
  bool IsNull(int row, int column) const { return PQgetisnull(result_.get(), row, column) != 0; }
  std::string Text(int row, int column) const;
  std::int64_t Int(int row, int column) const;
  double Real(int row, int column) const;
  bool Bool(int row, int column) const;
  std::optional<std::string> OptionalText(int row, int column) const;
  std::optional<std::int64_t> OptionalInt(int row, int column) const;
  // A column's type (its PostgreSQL OID: 16 is boolean).
  Oid Type(int column) const { return PQftype(result_.get(), column); }
  // Rows an INSERT, UPDATE or DELETE changed.
  std::int64_t Changed() const;

 private:
  std::unique_ptr<PGresult, void (*)(PGresult*)> result_;
};

class Connection {
 public:
  // `conninfo`: a libpq connection string or URI (postgresql://user@host/db?...).
  explicit Connection(const std::string& conninfo);
  ~Connection();
  Connection(const Connection&) = delete;
  Connection& operator=(const Connection&) = delete;

  // Runs `sql` as a prepared statement (prepared on first use on this connection).
  // Throws pg::Error on failure.
  Result Run(std::string_view sql, const Params& params = {});
  // A command without parameters (BEGIN, COMMIT, SAVEPOINT, FETCH ...), through the simple
  // protocol: these cannot be prepared. Several may be sent at once (one round trip); the
  // last one's rows are returned.
  Result Command(std::string_view sql);
  // Several statements at once, for migrations only.
  void Script(std::string_view sql);

  bool Broken() const { return PQstatus(conn_) != CONNECTION_OK; }
  // Inside a transaction (open or failed).
  bool InTransaction() const;
  PGconn* handle() const { return conn_; }

 private:
  [[noreturn]] void Throw(PGresult* result, std::string_view context);
  void Check(PGresult* result, std::string_view context);

  PGconn* conn_ = nullptr;
  std::unordered_map<std::string, std::string> prepared_;  // SQL -> statement name
};

// A `postgresql://` or `postgres://` URI, or a key=value connection string with host= or
// dbname=: what --db takes for PostgreSQL.
bool IsConnectionString(std::string_view db);

}  // namespace kafenio::storage::pg
