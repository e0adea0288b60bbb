// Migrations: every one applies to an empty database, databases made at each earlier
// version upgrade with their data intact, a newer schema is refused, and a failing
// migration changes nothing.
#include <catch2/catch.hpp>

#include <algorithm>
#include <string>
#include <vector>

#include "server/storage/migrations.h"
#include "server/storage/sqlite/connection.h"
#include "server/storage/sqlite_storage.h"
#include "server/storage/storage_error.h"
#include "tests/storage/temp_dir.h"

namespace kafenio::storage {
namespace {

using sqlite::Connection;
using sqlite::OpenMode;

std::vector<std::string> TableNames(Connection& db) {
  std::vector<std::string> names;
  auto& query = db.Prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name");
  while (query.Step()) names.push_back(query.Text(0));
  return names;
}

// Rows that are valid in the schema of `version`, written the way that version's program
// would have written them.
void InsertDataOfVersion(Connection& db, int version) {
  if (version >= 1) {
    db.RunScript(
        "INSERT INTO accounts (id, name, password_hash, created_ms) VALUES (1, 'eleni', "
        "'$argon2id$v=19$m=65536,t=2,p=1$c2FsdA$aGFzaA', 100);"
        "INSERT INTO sessions (token_hash, account_id, expires_ms)"
        " VALUES ('tokenhash', 1, 9999999999999);");
  }
  if (version >= 2) {
    db.RunScript(
        "INSERT INTO game_tables (id, game, rules, seats, visibility, clock_ms, created_ms)"
        " VALUES (1, 'pilotta', 'cyprus', 4, 'public', 30000, 100);"
        "INSERT INTO matches (id, table_id, game, rules, players, first_dealer, rated, state,"
        " created_ms) VALUES (1, 1, 'pilotta', 'cyprus', 4, 0, 0, 'live', 100);"
        "INSERT INTO match_seats (match_id, seat, account_id, bot) VALUES (1, 0, 1, NULL),"
        " (1, 1, NULL, 'bot-1'), (1, 2, NULL, 'bot-2'), (1, 3, NULL, 'bot-3');"
        "INSERT INTO move_events VALUES (1, 1, 1, 1, 'pass', 200);"
        // A table between matches: no live match.
        "INSERT INTO game_tables (id, game, rules, seats, visibility, clock_ms, created_ms)"
        " VALUES (2, 'diloti', 'standard', 2, 'public', 30000, 150);");
  }
  if (version >= 4) {
    db.RunScript(
        "UPDATE game_tables SET public_id = 'a1b2c3d4e5', series_matches = 3 WHERE id = 1;");
  }
  if (version >= 5) {
    db.RunScript(
        "UPDATE match_seats SET bot_holding = 1, left_table = 1, timeouts = 2"
        " WHERE match_id = 1 AND seat = 0;");
  }
  if (version >= 6) {
    db.RunScript("INSERT INTO table_seats VALUES (2, 0, 1, NULL), (2, 1, NULL, 'bot');");
  }
}

TEST_CASE("every migration applies in order to an empty database", "[migrations]") {
  testing::TempDir dir;
  Connection db(dir.File("empty.db"), OpenMode::read_write_create);
  const auto all = EmbeddedMigrations();
  REQUIRE(all.size() >= 3);
  // Numbers rise from 1; a gap is a number reserved for another branch.
  CHECK(all[0].version == 1);
  for (std::size_t i = 1; i < all.size(); ++i) CHECK(all[i].version > all[i - 1].version);

  CHECK(SchemaVersion(db) == 0);
  CHECK(ApplyMigrations(db, all) == static_cast<int>(all.size()));
  CHECK(SchemaVersion(db) == all.back().version);
  CHECK(ApplyMigrations(db, all) == 0);  // a second start applies nothing

  auto& recorded = db.Prepare("SELECT version, name FROM schema_migrations ORDER BY version");
  for (const auto& migration : all) {
    REQUIRE(recorded.Step());
    CHECK(recorded.Int(0) == migration.version);
    CHECK(recorded.Text(1) == migration.name);
  }
  CHECK_FALSE(recorded.Step());

  const auto tables = TableNames(db);
  for (const char* table :
       {"accounts", "sessions", "game_tables", "series", "matches", "match_seats", "hand_seeds",
        "move_events", "hand_results", "match_results", "ratings", "rating_history", "table_seats",
        "schema_migrations"}) {
    CHECK(std::find(tables.begin(), tables.end(), table) != tables.end());
  }
  CHECK(db.PragmaText("integrity_check") == "ok");
}

TEST_CASE("a database made at each version upgrades and keeps its data", "[migrations]") {
  const auto all = EmbeddedMigrations();
  for (std::size_t made_at = 0; made_at <= all.size(); ++made_at) {
    DYNAMIC_SECTION("made at version " << made_at) {
      testing::TempDir dir;
      const std::string path = dir.File("old.db");
      {
        Connection db(path, OpenMode::read_write_create);
        ApplyMigrations(db, all.first(made_at));
        const int version = made_at == 0 ? 0 : all[made_at - 1].version;
        CHECK(SchemaVersion(db) == version);
        InsertDataOfVersion(db, version);
      }
      auto storage = OpenSqliteStorage(SqliteOptions{path});
      {
        Connection db(path, OpenMode::read_write_create);
        CHECK(SchemaVersion(db) == all.back().version);
        CHECK(db.PragmaText("integrity_check") == "ok");
        CHECK(db.PragmaText("foreign_key_check").empty());
      }
      if (made_at >= 1) {
        const auto account = storage->FindAccountByName("ELENI");
        REQUIRE(account);
        CHECK(account->id == 1);
        CHECK(storage->FindSession("tokenhash", 1000));
      }
      if (made_at >= 2) {
        const auto live = storage->LoadUnfinishedMatches();
        REQUIRE(live.size() == 1);
        CHECK(live[0].match.seats.size() == 4);
        REQUIRE(live[0].moves.size() == 1);
        CHECK(live[0].moves[0].move == "pass");
        // Tables from before version 4 have no public id; recovery names them afresh.
        const auto table = storage->FindTable(1);
        REQUIRE(table);
        // Seats of matches from before version 5 are held by their players.
        const storage::SeatHold hold = live[0].match.seats[0].hold;
        CHECK(hold == (made_at >= 5 ? storage::SeatHold{true, true, 2} : storage::SeatHold{}));
        CHECK(live[0].match.seats[1].hold == storage::SeatHold{});
        // Before version 6 a table's end was not stored: a table without a live match is
        // taken as closed when it is upgraded, one with a live match stays open.
        CHECK_FALSE(table->closed_ms);
        const auto waiting = storage->FindTable(2);
        REQUIRE(waiting);
        const auto open = storage->LoadOpenTables();
        if (made_at >= 6) {
          CHECK_FALSE(waiting->closed_ms);
          REQUIRE(open.size() == 1);
          CHECK(open[0].table.id == 2);
          CHECK(open[0].seats == std::vector<storage::TableSeat>{{0, 1}, {1, std::nullopt}});
        } else {
          CHECK(waiting->closed_ms == std::optional<std::int64_t>(150));
          CHECK(open.empty());
        }
        if (made_at >= 4) {
          CHECK(table->public_id == std::optional<std::string>("a1b2c3d4e5"));
          CHECK(table->series_matches == 3);
        } else {
          CHECK_FALSE(table->public_id);
          CHECK(table->series_matches == 0);
        }
      }
      storage->Close();
    }
  }
}

TEST_CASE("a schema newer than the program is refused and left alone", "[migrations]") {
  testing::TempDir dir;
  const std::string path = dir.File("future.db");
  const auto all = EmbeddedMigrations();
  const int future = all.back().version + 1;
  {
    Connection db(path, OpenMode::read_write_create);
    ApplyMigrations(db, all);
    db.Prepare("INSERT INTO schema_migrations (version, name, applied_ms) VALUES (?, 'future', 0)")
        .Bind(1, future)
        .Run();
    CHECK_THROWS_AS(ApplyMigrations(db, all), SchemaTooNewError);
  }
  CHECK_THROWS_AS(OpenSqliteStorage(SqliteOptions{path}), SchemaTooNewError);
  Connection db(path, OpenMode::read_write_create);
  CHECK(SchemaVersion(db) == future);
}

TEST_CASE("a failing migration is rolled back entirely", "[migrations]") {
  testing::TempDir dir;
  Connection db(dir.File("broken.db"), OpenMode::read_write_create);
  const auto all = EmbeddedMigrations();
  ApplyMigrations(db, all);
  const int next = all.back().version + 1;
  std::vector<Migration> with_broken(all.begin(), all.end());
  with_broken.push_back(Migration{
      next, "broken", "CREATE TABLE half_done (a INTEGER); INSERT INTO nowhere VALUES (1);"});
  CHECK_THROWS_AS(ApplyMigrations(db, with_broken), StorageError);
  CHECK(SchemaVersion(db) == all.back().version);
  const auto tables = TableNames(db);
  CHECK(std::find(tables.begin(), tables.end(), "half_done") == tables.end());
}

}  // namespace
}  // namespace kafenio::storage
