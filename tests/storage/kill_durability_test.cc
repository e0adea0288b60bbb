// Storage-level crash test: a child process writes moves through the group-commit writer
// and reports each acknowledged sequence number; the parent kills it with SIGKILL at a
// random moment (commits run back to back, so often mid-commit), reopens the database and
// checks that every acknowledged move is there exactly once and the file is intact. The
// server-level SIGKILL loop (issue 5) builds on the same guarantee. It runs on both
// backends: on PostgreSQL the killed client's connection drops, mid-transaction or
// mid-COMMIT, and the server must keep exactly what it acknowledged.
#include <catch2/catch.hpp>

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <random>
#include <set>

#include "server/storage/postgres/connection.h"
#include "server/storage/sqlite/connection.h"
#include "tests/storage/storage_fixture.h"

namespace kafenio::storage {
namespace {

// The child: append moves 1, 2, 3, ... after the last stored one, forever, writing each
// acknowledged sequence number to `report`. It never returns.
[[noreturn]] void WriteUntilKilled(const testing::StorageFixture& fixture, std::int64_t match,
                                   int report) {
  auto store = fixture.Open();
  const auto stored = store->LoadMoves(match, 0);
  std::int64_t next = stored.empty() ? 1 : stored.back().sequence + 1;
  for (;; ++next) {
    const MoveEvent move{match, next, 1, static_cast<int>(next % 4), "pass", next};
    store->Enqueue([move](WriteTransaction& tx) { tx.AppendMove(move); },
                   [report, next](const WriteStatus& status) {
                     if (!status.ok()) _exit(3);
                     if (write(report, &next, sizeof next) != sizeof next) _exit(4);
                   });
    // Pace the producer a little so commits of every size follow each other without
    // pause: the kill then lands at any point of a commit.
    if (next % 16 == 0) usleep(100);
  }
}

struct StoredMoves {
  bool intact = false;  // SQLite's integrity_check; PostgreSQL keeps its own
  std::int64_t count = 0, distinct = 0, lowest = 0, highest = 0;
};

// What the database holds of the match, read with a connection of its own.
StoredMoves Stored(const testing::StorageFixture& fixture, std::int64_t match) {
  constexpr const char* kSql =
      "SELECT COUNT(*), COUNT(DISTINCT sequence), MIN(sequence), MAX(sequence)"
      " FROM move_events WHERE match_id = ";
  StoredMoves stored;
  if (fixture.postgres()) {
    pg::Connection db(fixture.database->conninfo());
    const auto row = db.Run(std::string(kSql) + "$1", pg::Params().Add(match));
    stored = StoredMoves{true, row.Int(0, 0), row.Int(0, 1), row.OptionalInt(0, 2).value_or(0),
                         row.OptionalInt(0, 3).value_or(0)};
    return stored;
  }
  sqlite::Connection db(fixture.path, sqlite::OpenMode::read_write_create);
  stored.intact = db.PragmaText("integrity_check") == "ok";
  auto& row = db.Prepare(std::string(kSql) + "?");
  row.Bind(1, match);
  if (row.Step()) {
    stored.count = row.Int(0);
    stored.distinct = row.Int(1);
    stored.lowest = row.Int(2);
    stored.highest = row.Int(3);
  }
  row.Reset();
  return stored;
}

TEST_CASE("every acknowledged move survives SIGKILL of the writing process", "[storage][crash]") {
  testing::StorageFixture fixture(GENERATE(KAFENIO_BACKENDS));
  const std::int64_t match = fixture.CreateMatch(testing::BotMatch("pilotta", 4));
  // The child opens its own; this process keeps no connection a fork would share.
  fixture.store->Close();
  fixture.store.reset();

  std::mt19937 random(20261122);
  std::int64_t highest_acknowledged = 0;
  constexpr int kRounds = 8;
  for (int round = 0; round < kRounds; ++round) {
    int pipe_fds[2];
    REQUIRE(pipe(pipe_fds) == 0);
    std::fflush(nullptr);
    const pid_t child = fork();
    REQUIRE(child >= 0);
    if (child == 0) {
      close(pipe_fds[0]);
      WriteUntilKilled(fixture, match, pipe_fds[1]);
    }
    close(pipe_fds[1]);
    // Let it acknowledge a random number of moves, then kill it without warning.
    const int wait_for = std::uniform_int_distribution<int>(50, 3000)(random);
    for (int received = 0; received < wait_for; ++received) {
      std::int64_t sequence = 0;
      if (read(pipe_fds[0], &sequence, sizeof sequence) != sizeof sequence) break;
      highest_acknowledged = std::max(highest_acknowledged, sequence);
    }
    kill(child, SIGKILL);
    // Acknowledgements already in the pipe were made before the kill; count them too.
    for (std::int64_t sequence = 0;
         read(pipe_fds[0], &sequence, sizeof sequence) == sizeof sequence;) {
      highest_acknowledged = std::max(highest_acknowledged, sequence);
    }
    close(pipe_fds[0]);
    int status = 0;
    waitpid(child, &status, 0);
    REQUIRE(WIFSIGNALED(status));

    const StoredMoves stored = Stored(fixture, match);
    INFO("round " << round << ": acknowledged up to " << highest_acknowledged << ", stored "
                  << stored.count);
    CHECK(stored.intact);
    CHECK(stored.count >= highest_acknowledged);  // nothing acknowledged is lost
    CHECK(stored.distinct == stored.count);       // nothing is stored twice
    CHECK(stored.lowest == 1);                    // and there are no gaps: commits land in order
    CHECK(stored.highest == stored.count);
  }
  CHECK(highest_acknowledged > 0);
}

}  // namespace
}  // namespace kafenio::storage
