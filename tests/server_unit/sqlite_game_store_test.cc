// SqliteGameStore, the server's view of the SQLite storage: the end of a match stores the
// table after it in the same transaction as the result.
#include "server/storage/sqlite_game_store.h"

#include <catch2/catch.hpp>

#include "server/storage/sqlite_storage.h"
#include "tests/storage/temp_dir.h"

namespace kafenio::server {
namespace {

TEST_CASE("a match's result comes with its table's series and seating for the next match") {
  testing::TempDir dir;
  const std::string path = dir.File("kafenio.db");
  std::int64_t match_id = 0;
  std::int64_t player = 0;
  {
    SqliteGameStore store(storage::OpenSqliteStorage(storage::SqliteOptions{path}));
    player = store.CreateAccount(AccountRecord{0, "eleni", "hash", false, 1})->id;
    REQUIRE(store.SaveTable(TableRecord{"t1", "diloti", "online", 2, false, "", 30000, player, 1, 3,
                                        false}) > 0);
    store.SaveTableSeats("t1",
                         {TableSeatRecord{0, player, {}, false}, TableSeatRecord{1, 0, {}, false}});
    match_id =
        store.SaveMatch(MatchRecord{0, "t1", 1, "diloti", "online", 0, {player, 0}, 1, false});
    REQUIRE(match_id > 0);
    CHECK(store.LoadOpenTables().empty());  // the table comes back with its live match

    // She gave her seat up: the next match seats only the bot.
    store.SaveMatchResult(MatchResultRecord{match_id,
                                            1,
                                            {61, 40},
                                            2,
                                            -1,
                                            SeriesRecord{"t1", 1, {0, 1}},
                                            {TableSeatRecord{1, 0, {}, false}}});
  }
  // What a restart finds, read back from the file.
  SqliteGameStore store(storage::OpenSqliteStorage(storage::SqliteOptions{path}));
  CHECK(store.LoadUnfinishedMatches().empty());
  const auto open = store.LoadOpenTables();
  REQUIRE(open.size() == 1);
  CHECK(open[0].table.table_id == "t1");
  CHECK(open[0].series.matches_played == 1);
  CHECK(open[0].series.score == std::array<int, 2>{0, 1});
  REQUIRE(open[0].seats.size() == 1);
  CHECK(open[0].seats[0].seat == 1);
  CHECK(open[0].seats[0].account_id == 0);
  CHECK(store.FinishedMatchRecord(match_id));
}

}  // namespace
}  // namespace kafenio::server
