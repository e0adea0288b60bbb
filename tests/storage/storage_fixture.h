#pragma once
// Helpers for tests that write through the Storage interface: a database on either backend
// (an SQLite file in a temporary folder, or a fresh database on the tests' own PostgreSQL
// server), and a blocking Write that returns the operation's status once it is durable.
// Tests of the Storage contract run on both: StorageFixture fixture(GENERATE(kBackends)).
#include <future>
#include <memory>
#include <optional>
#include <string>

#include "server/storage/postgres_storage.h"
#include "server/storage/sqlite_storage.h"
#include "tests/postgres/test_database.h"
#include "tests/storage/temp_dir.h"

namespace kafenio::testing {

enum class Backend { sqlite, postgres };
#define KAFENIO_BACKENDS ::kafenio::testing::Backend::sqlite, ::kafenio::testing::Backend::postgres

inline storage::WriteStatus Write(storage::Storage& store, storage::WriteOp op) {
  std::promise<storage::WriteStatus> promise;
  auto status = promise.get_future();
  store.Enqueue(std::move(op),
                [&promise](const storage::WriteStatus& result) { promise.set_value(result); });
  return status.get();
}

struct StorageFixture {
  explicit StorageFixture(Backend on = Backend::sqlite) : backend(on) {
    if (backend == Backend::postgres) database.emplace();
    store = Open();
  }

  Backend backend;
  TempDir dir;
  std::string path = dir.File("kafenio.db");  // SQLite's file
  std::optional<TestDatabase> database;       // PostgreSQL's database
  std::unique_ptr<storage::Storage> store;

  bool postgres() const { return backend == Backend::postgres; }
  // A clustered writer (PostgreSQL) for `node`, with `epoch` as its fencing token (0: a
  // new one drawn from the database).
  std::unique_ptr<storage::Storage> Open(const std::string& node = "",
                                         std::int64_t epoch = 0) const {
    if (postgres()) return storage::OpenPostgresStorage({database->conninfo(), node, 3000, epoch});
    return storage::OpenSqliteStorage(storage::SqliteOptions{path});
  }
  void Reopen() {
    store->Close();
    store = Open();
  }
  std::int64_t CreateAccount(const std::string& name) {
    std::int64_t id = 0;
    const auto status = Write(*store, [&](storage::WriteTransaction& tx) {
      id = tx.CreateAccount(storage::Account{0, name, std::nullopt, 1, {}});
    });
    if (!status.ok()) throw std::runtime_error(status.error);
    return id;
  }
  std::int64_t CreateMatch(storage::Match match) { return CreateMatchIn(*store, std::move(match)); }
  // A match written to `to` (by default four bots at Pilotta); throws when it is not.
  static std::int64_t CreateMatchIn(storage::Storage& to, storage::Match match = {});
};

inline storage::Match BotMatch(const std::string& game, int seats) {
  storage::Match match;
  match.game = game;
  match.rules = game == "pilotta" ? "cyprus" : "standard";
  for (int seat = 0; seat < seats; ++seat) {
    match.seats.push_back(storage::SeatHolder{std::nullopt, "bot-" + std::to_string(seat), {}});
  }
  match.created_ms = 1;
  return match;
}

inline std::int64_t StorageFixture::CreateMatchIn(storage::Storage& to, storage::Match match) {
  if (match.seats.empty()) match = BotMatch("pilotta", 4);
  std::int64_t id = 0;
  const auto status = Write(to, [&](storage::WriteTransaction& tx) { id = tx.CreateMatch(match); });
  if (!status.ok()) throw std::runtime_error(status.error);
  return id;
}

}  // namespace kafenio::testing
