#pragma once
// A GameStore on an in-memory SQLite database (`--db memory`, the same code as a file), and
// a way to wait for its writes: they complete on this fixture's io_context.
#include <boost/asio/executor_work_guard.hpp>
#include <boost/asio/io_context.hpp>
#include <functional>
#include <optional>
#include <string>

#include "server/storage/game_store.h"
#include "server/storage/sqlite_storage.h"

namespace kafenio::server::testing {

struct StoreFixture {
  boost::asio::io_context io;
  GameStore store{
      storage::OpenSqliteStorage(storage::SqliteOptions{std::string(storage::kInMemory)})};

  // Starts a write with this fixture's executor and runs the io_context until it completes.
  template <class Result>
  Result Wait(const std::function<void(Executor, Then<Result>)>& write) {
    std::optional<Result> result;
    auto guard = boost::asio::make_work_guard(io);
    write(io.get_executor(), [&](Result r) { result = std::move(r); });
    io.restart();
    while (!result) io.run_one();
    return *result;
  }
  WriteResult Wait(const std::function<void(Executor, Then<WriteResult>)>& write) {
    return Wait<WriteResult>(write);
  }

  std::int64_t Player(const std::string& name, bool guest = false) {
    AccountRecord account;
    account.name = name;
    account.guest = guest;
    account.password_hash = guest ? "" : "hash";
    const auto created =
        Wait<Written<AccountRecord>>([&](Executor ex, Then<Written<AccountRecord>> then) {
          store.CreateAccount(account, ex, then);
        });
    return created.value.id;
  }
  std::int64_t StoreTable(TableRecord table) {
    return Wait<Written<std::int64_t>>([&](Executor ex, Then<Written<std::int64_t>> then) {
             store.CreateTable(table, ex, then);
           })
        .value;
  }
  std::int64_t StoreMatch(MatchRecord match) {
    return Wait<Written<std::int64_t>>([&](Executor ex, Then<Written<std::int64_t>> then) {
             store.CreateMatch(match, ex, then);
           })
        .value;
  }
  WriteResult Append(const MatchEventRecord& event) {
    return Wait([&](Executor ex, Then<WriteResult> then) { store.AppendEvent(event, ex, then); });
  }
  WriteResult Finish(const MatchResultRecord& result) {
    return Wait([&](Executor ex, Then<WriteResult> then) { store.FinishMatch(result, ex, then); });
  }
};

}  // namespace kafenio::server::testing
