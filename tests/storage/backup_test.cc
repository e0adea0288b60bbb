// Online backup: a copy taken while the writer keeps committing is a consistent database
// holding at least everything committed before the backup began. SQLite's is a page copy
// of the file (BackupDatabase); PostgreSQL's is one snapshot written out as an SQLite file
// (CopyPostgresToSqlite, what `kafenio backup --db postgresql://...` runs).
#include <catch2/catch.hpp>

#include <atomic>
#include <filesystem>
#include <thread>

#include "server/storage/backup.h"
#include "server/storage/copy_database.h"
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

TEST_CASE("a backup of a live PostgreSQL database is one consistent snapshot",
          "[backup][postgres]") {
  testing::StorageFixture fixture(testing::Backend::postgres);
  const auto account = fixture.CreateAccount("Ελένη");
  const auto match = fixture.CreateMatch(testing::BotMatch("pilotta", 4));
  // Each write adds a move and the rating it leads to, in one transaction and two tables
  // (the copy reads move_events before ratings and rating_history): a copy made of
  // several moments would hold more moves than ratings, or the other way round.
  auto write = [&, match, account](std::int64_t i) {
    fixture.store->Enqueue(
        [match, account, i](WriteTransaction& tx) {
          tx.AppendMove(MoveEvent{match, i, 1, static_cast<int>(i % 4), "pass", i});
          tx.PutRating(Rating{account, "pilotta", 1500.0 + static_cast<double>(i), 80, 0.06,
                              static_cast<int>(i), i},
                       match);
        },
        nullptr);
  };
  constexpr int kBefore = 300;
  for (int i = 1; i <= kBefore; ++i) write(i);
  fixture.store->Flush();

  std::atomic<bool> stop = false;
  std::atomic<std::int64_t> written = kBefore;
  std::thread writer([&] {
    for (std::int64_t i = kBefore + 1; !stop; ++i) {
      write(i);
      if (i % 20 == 0) {
        fixture.store->Flush();
        written = i;
      }
    }
  });
  // Wait until the writer is under way, so that the copy runs during its commits.
  while (written < kBefore + 100) std::this_thread::yield();
  const std::int64_t committed_before = written;
  const std::string copy = fixture.dir.File("backup.db");
  const auto counts = CopyPostgresToSqlite(fixture.database->conninfo(), copy);
  stop = true;
  writer.join();
  CHECK(counts.rows > committed_before);

  sqlite::Connection db(copy, sqlite::OpenMode::read_only);
  CHECK(db.PragmaText("integrity_check") == "ok");
  auto& moves = db.Prepare("SELECT COUNT(*), MAX(sequence) FROM move_events WHERE match_id = ?");
  moves.Bind(1, match);
  REQUIRE(moves.Step());
  const auto copied_moves = moves.Int(0);
  CHECK(copied_moves >= committed_before);  // everything committed before the copy began
  CHECK(moves.Int(1) == copied_moves);      // moves 1..N without a gap
  moves.Reset();
  auto& rating = db.Prepare(
      "SELECT matches, (SELECT COUNT(*) FROM rating_history WHERE account_id = ?1)"
      " FROM ratings WHERE account_id = ?1");
  rating.Bind(1, account);
  REQUIRE(rating.Step());
  CHECK(rating.Int(0) == copied_moves);  // the same moment in every table
  CHECK(rating.Int(1) == copied_moves);
  rating.Reset();
  // And the live database went on past the copy.
  CHECK(static_cast<std::int64_t>(fixture.store->LoadMoves(match, 0).size()) >= copied_moves);
}

TEST_CASE("backing up an unreachable PostgreSQL database fails and keeps the old copy",
          "[backup][postgres]") {
  testing::TempDir dir;
  const std::string copy = dir.File("copy.db");
  {
    auto old = OpenSqliteStorage(SqliteOptions{copy});
    old->Close();
  }
  const auto missing = testing::WithDatabase(testing::TestPostgresServer(), "kafenio_no_such_db");
  CHECK_THROWS_AS(CopyPostgresToSqlite(missing, copy), StorageError);
  CHECK(std::filesystem::exists(copy));
}

}  // namespace
}  // namespace kafenio::storage
