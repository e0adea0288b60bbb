// Online backup: a copy taken while the writer keeps committing is a consistent database
// holding at least everything committed before the backup began.
#include <catch2/catch.hpp>

#include <atomic>
#include <thread>

#include "server/storage/backup.h"
#include "server/storage/sqlite/connection.h"
#include "server/storage/storage_error.h"
#include "tests/storage/storage_fixture.h"

namespace kafenio::storage {
namespace {

TEST_CASE("a backup of a live database is complete and consistent", "[backup]") {
  testing::StorageFixture fixture;
  const auto match = fixture.CreateMatch(testing::BotMatch("pilotta", 4));
  constexpr int kBefore = 1000;
  for (int i = 1; i <= kBefore; ++i) {
    fixture.store->Enqueue(
        [match, i](WriteTransaction& tx) {
          tx.AppendMove(MoveEvent{match, i, 1, i % 4, "pass", i});
        },
        nullptr);
  }
  fixture.store->Flush();

  // Keep writing while the backup runs.
  std::atomic<bool> stop = false;
  std::thread writer([&] {
    for (int i = kBefore + 1; !stop; ++i) {
      fixture.store->Enqueue(
          [match, i](WriteTransaction& tx) {
            tx.AppendMove(MoveEvent{match, i, 1, i % 4, "pass", i});
          },
          nullptr);
      if (i % 100 == 0) fixture.store->Flush();
    }
  });
  const std::string copy = fixture.dir.File("backup.db");
  BackupDatabase(fixture.path, copy);
  stop = true;
  writer.join();

  sqlite::Connection db(copy, sqlite::OpenMode::read_only);
  CHECK(db.PragmaText("integrity_check") == "ok");
  auto& count = db.Prepare("SELECT COUNT(*), MAX(sequence) FROM move_events WHERE match_id = ?");
  count.Bind(1, match);
  REQUIRE(count.Step());
  // The copy is one snapshot: moves 1..N without a gap, N at least what was flushed before.
  CHECK(count.Int(0) >= kBefore);
  CHECK(count.Int(0) == count.Int(1));
  count.Reset();
}

TEST_CASE("backing up a missing database fails", "[backup]") {
  testing::TempDir dir;
  CHECK_THROWS_AS(BackupDatabase(dir.File("missing.db"), dir.File("copy.db")), StorageError);
}

}  // namespace
}  // namespace kafenio::storage
