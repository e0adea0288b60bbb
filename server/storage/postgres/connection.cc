#include "server/storage/postgres/connection.h"

#include <charconv>
#include <cstdio>
#include <cstdlib>

namespace kafenio::storage::pg {

Params& Params::Add(double value) {
  char text[32];
  // %.17g keeps every bit of a double.
  std::snprintf(text, sizeof text, "%.17g", value);
  return AddText(text);
}

namespace {

template <class Number>
std::string NumberArray(const std::vector<Number>& values) {
  std::string text = "{";
  for (std::size_t i = 0; i < values.size(); ++i) {
    if (i > 0) text += ',';
    text += std::to_string(values[i]);
  }
  return text + "}";
}

}  // namespace

Params& Params::AddArray(const std::vector<std::int64_t>& values) {
  return AddText(NumberArray(values));
}

Params& Params::AddArray(const std::vector<int>& values) {
  return AddText(NumberArray(values));
}

Params& Params::AddArray(const std::vector<std::string>& values) {
  std::string text = "{";
  for (std::size_t i = 0; i < values.size(); ++i) {
    if (i > 0) text += ',';
    text += '"';
    for (const char c : values[i]) {
      if (c == '"' || c == '\\') text += '\\';
      text += c;
    }
    text += '"';
  }
  return AddText(text + "}");
}

Params& Params::AddNull() {
  values_.emplace_back(std::nullopt);
  return *this;
}

Params& Params::AddText(std::string value) {
  values_.emplace_back(std::move(value));
  return *this;
}

std::vector<const char*> Params::Pointers() const {
  std::vector<const char*> pointers;
  pointers.reserve(values_.size());
  for (const auto& value : values_) pointers.push_back(value ? value->c_str() : nullptr);
  return pointers;
}

std::string Result::Text(int row, int column) const {
  return std::string(PQgetvalue(result_.get(), row, column),
                     static_cast<std::size_t>(PQgetlength(result_.get(), row, column)));
}

std::int64_t Result::Int(int row, int column) const {
  const char* text = PQgetvalue(result_.get(), row, column);
  const char* end = text + PQgetlength(result_.get(), row, column);
  std::int64_t value = 0;
  if (std::from_chars(text, end, value).ec != std::errc()) {
    throw StorageError("not an integer: '" + std::string(text, end) + "'");
  }
  return value;
}

double Result::Real(int row, int column) const {
  return std::strtod(PQgetvalue(result_.get(), row, column), nullptr);
}

bool Result::Bool(int row, int column) const {
  return PQgetvalue(result_.get(), row, column)[0] == 't';
}

std::optional<std::string> Result::OptionalText(int row, int column) const {
  if (IsNull(row, column)) return std::nullopt;
  return Text(row, column);
}

std::optional<std::int64_t> Result::OptionalInt(int row, int column) const {
  if (IsNull(row, column)) return std::nullopt;
  return Int(row, column);
}

std::int64_t Result::Changed() const {
  const char* changed = PQcmdTuples(result_.get());
  return changed[0] == '\0' ? 0 : std::strtoll(changed, nullptr, 10);
}

Connection::Connection(const std::string& conninfo) : conn_(PQconnectdb(conninfo.c_str())) {
  if (conn_ == nullptr) throw Error("out of memory connecting to PostgreSQL", "");
  if (PQstatus(conn_) != CONNECTION_OK) {
    std::string message = PQerrorMessage(conn_);
    while (!message.empty() && message.back() == '\n') message.pop_back();
    PQfinish(conn_);
    conn_ = nullptr;
    // 08001: could not connect (SQLSTATE class 08, connection exception).
    throw Error("cannot connect to PostgreSQL: " + message, "08001");
  }
  // Notices (a table that already exists, ...) are not errors; keep them off stderr.
  PQsetNoticeProcessor(
      conn_, [](void*, const char*) {}, nullptr);
}

Connection::~Connection() {
  if (conn_ != nullptr) PQfinish(conn_);
}

void Connection::Throw(PGresult* result, std::string_view context) {
  std::string message;
  std::string sqlstate;
  if (result != nullptr) {
    if (const char* state = PQresultErrorField(result, PG_DIAG_SQLSTATE)) sqlstate = state;
    message = PQresultErrorMessage(result);
    PQclear(result);
  }
  if (message.empty()) message = PQerrorMessage(conn_);
  while (!message.empty() && message.back() == '\n') message.pop_back();
  // A connection that broke has no SQLSTATE from the server: class 08.
  if (sqlstate.empty() && Broken()) sqlstate = "08006";
  throw Error(std::string(context) + ": " + message, sqlstate);
}

void Connection::Check(PGresult* result, std::string_view context) {
  const auto status = result == nullptr ? PGRES_FATAL_ERROR : PQresultStatus(result);
  if (status != PGRES_COMMAND_OK && status != PGRES_TUPLES_OK) Throw(result, context);
}

Result Connection::Run(std::string_view sql, const Params& params) {
  auto found = prepared_.find(std::string(sql));
  if (found == prepared_.end()) {
    const std::string name = "k" + std::to_string(prepared_.size() + 1);
    PGresult* prepared = PQprepare(conn_, name.c_str(), std::string(sql).c_str(), 0, nullptr);
    Check(prepared, sql);
    PQclear(prepared);
    found = prepared_.emplace(std::string(sql), name).first;
  }
  const auto values = params.Pointers();
  PGresult* result = PQexecPrepared(conn_, found->second.c_str(), params.size(), values.data(),
                                    nullptr, nullptr, 0);
  Check(result, sql);
  return Result(result);
}

Result Connection::Command(std::string_view sql) {
  PGresult* result = PQexec(conn_, std::string(sql).c_str());
  Check(result, sql);
  return Result(result);
}

void Connection::Script(std::string_view sql) {
  Command(sql);
}

bool Connection::InTransaction() const {
  const auto status = PQtransactionStatus(conn_);
  return status == PQTRANS_INTRANS || status == PQTRANS_INERROR || status == PQTRANS_ACTIVE;
}

bool IsConnectionString(std::string_view db) {
  return db.rfind("postgresql://", 0) == 0 || db.rfind("postgres://", 0) == 0 ||
         db.find("dbname=") != std::string_view::npos || db.find("host=") != std::string_view::npos;
}

}  // namespace kafenio::storage::pg
