#pragma once
// Helpers for tests that write through the Storage interface: a database in a temporary
// folder, and a blocking Write that returns the operation's status once it is durable.
#include <future>
#include <memory>
#include <string>

#include "server/storage/sqlite_storage.h"
#include "tests/storage/temp_dir.h"

namespace kafenio::testing {

inline storage::WriteStatus Write(storage::Storage& store, storage::WriteOp op) {
  std::promise<storage::WriteStatus> promise;
  auto status = promise.get_future();
  store.Enqueue(std::move(op),
                [&promise](const storage::WriteStatus& result) { promise.set_value(result); });
  return status.get();
}

struct StorageFixture {
  TempDir dir;
  std::string path = dir.File("kafenio.db");
  std::unique_ptr<storage::Storage> store =
      storage::OpenSqliteStorage(storage::SqliteOptions{path});

  void Reopen() {
    store->Close();
    store = storage::OpenSqliteStorage(storage::SqliteOptions{path});
  }
  std::int64_t CreateAccount(const std::string& name) {
    std::int64_t id = 0;
    const auto status = Write(*store, [&](storage::WriteTransaction& tx) {
      id = tx.CreateAccount(storage::Account{0, name, std::nullopt, 1});
    });
    if (!status.ok()) throw std::runtime_error(status.error);
    return id;
  }
  std::int64_t CreateMatch(storage::Match match) {
    std::int64_t id = 0;
    const auto status =
        Write(*store, [&](storage::WriteTransaction& tx) { id = tx.CreateMatch(match); });
    if (!status.ok()) throw std::runtime_error(status.error);
    return id;
  }
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

}  // namespace kafenio::testing
