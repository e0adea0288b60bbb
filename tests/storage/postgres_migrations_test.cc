// PostgreSQL's migrations: the same numbers and names as SQLite's, all applied to an empty
// database, a database made at each earlier version upgrades with its data, several nodes
// starting at once apply each migration exactly once, and a newer schema is refused.
#include <catch2/catch.hpp>

#include <string>
#include <thread>
#include <vector>

#include "server/storage/migrations.h"
#include "server/storage/postgres_migrations.h"
#include "server/storage/postgres_storage.h"
#include "server/storage/storage_error.h"
#include "tests/postgres/test_database.h"

namespace kafenio::storage {
namespace {

// Rows valid in the schema of `version`, as that version's program wrote them.
void InsertDataOfVersion(pg::Connection& db, int version) {
  if (version >= 1) {
    db.Script(
        "INSERT INTO accounts (id, name, password_hash, created_ms) VALUES (1, 'Ελένη', NULL, 100);"
        "INSERT INTO sessions (token_hash, account_id, expires_ms)"
        " VALUES ('tokenhash', 1, 9999999999999);");
  }
  if (version >= 2) {
    db.Script(
        "INSERT INTO game_tables (id, game, rules, seats, visibility, clock_ms, created_ms)"
        " VALUES (1, 'pilotta', 'cyprus', 4, 'public', 30000, 100);"
        "INSERT INTO matches (id, table_id, game, rules, players, first_dealer, rated, state,"
        " created_ms) VALUES (1, 1, 'pilotta', 'cyprus', 4, 0, FALSE, 'live', 100);"
        "INSERT INTO match_seats (match_id, seat, account_id, bot) VALUES (1, 0, 1, NULL),"
        " (1, 1, NULL, 'bot-1'), (1, 2, NULL, 'bot-2'), (1, 3, NULL, 'bot-3');"
        "INSERT INTO move_events VALUES (1, 1, 1, 1, 'pass', 200);"
        "INSERT INTO game_tables (id, game, rules, seats, visibility, clock_ms, created_ms)"
        " VALUES (2, 'diloti', 'standard', 2, 'public', 30000, 150);");
  }
  if (version >= 4) {
    db.Script("UPDATE game_tables SET public_id = 'a1b2c3d4e5', series_matches = 3 WHERE id = 1;");
  }
  if (version >= 5) {
    db.Script(
        "UPDATE match_seats SET bot_holding = TRUE, left_table = TRUE, timeouts = 2"
        " WHERE match_id = 1 AND seat = 0;");
  }
  if (version >= 6) {
    db.Script("INSERT INTO table_seats VALUES (2, 0, 1, NULL), (2, 1, NULL, 'bot');");
  }
}

TEST_CASE("PostgreSQL has every migration, under SQLite's numbers and names",
          "[migrations][postgres]") {
  const auto sqlite = EmbeddedMigrations();
  const auto postgres = EmbeddedPostgresMigrations();
  REQUIRE(postgres.size() == sqlite.size());
  for (std::size_t i = 0; i < sqlite.size(); ++i) {
    CHECK(postgres[i].version == sqlite[i].version);
    CHECK(std::string(postgres[i].name) == sqlite[i].name);
  }
  testing::TestDatabase database;
  pg::Connection db(database.conninfo());
  CHECK(SchemaVersion(db) == 0);
  CHECK(ApplyMigrations(db, postgres) == static_cast<int>(postgres.size()));
  CHECK(SchemaVersion(db) == postgres.back().version);
  CHECK(ApplyMigrations(db, postgres) == 0);
}

TEST_CASE("a PostgreSQL database made at each version upgrades and keeps its data",
          "[migrations][postgres]") {
  const auto all = EmbeddedPostgresMigrations();
  for (std::size_t made_at = 0; made_at <= all.size(); ++made_at) {
    DYNAMIC_SECTION("made at version " << made_at) {
      testing::TestDatabase database;
      {
        pg::Connection db(database.conninfo());
        ApplyMigrations(db, all.first(made_at));
        InsertDataOfVersion(db, static_cast<int>(made_at));
      }
      auto storage = OpenPostgresStorage({database.conninfo()});
      CHECK(PostgresSchemaVersion(database.conninfo()) == all.back().version);
      if (made_at >= 1) {
        const auto account = storage->FindAccountByName("ΕΛΈΝΗ");  // case folds in Greek too
        REQUIRE(account);
        CHECK(account->id == 1);
        CHECK(storage->FindSession("tokenhash", 1000));
      }
      if (made_at >= 2) {
        const auto live = storage->LoadUnfinishedMatches();
        REQUIRE(live.size() == 1);
        CHECK(live[0].match.seats.size() == 4);
        REQUIRE(live[0].moves.size() == 1);
        CHECK(live[0].match.seats[0].hold == (made_at >= 5 ? SeatHold{true, true, 2} : SeatHold{}));
        const auto open = storage->LoadOpenTables();
        if (made_at >= 6) {
          REQUIRE(open.size() == 1);
          CHECK(open[0].seats == std::vector<TableSeat>{{0, 1}, {1, std::nullopt}});
        } else {
          CHECK(open.empty());
        }
        CHECK(storage->FindTable(1)->public_id ==
              (made_at >= 4 ? std::optional<std::string>("a1b2c3d4e5") : std::nullopt));
      }
      storage->Close();
    }
  }
}

TEST_CASE("nodes starting at once apply each migration exactly once", "[migrations][postgres]") {
  testing::TestDatabase database;
  constexpr int kNodes = 4;
  std::vector<std::thread> nodes;
  std::vector<std::string> errors(kNodes);
  for (int i = 0; i < kNodes; ++i) {
    nodes.emplace_back([&, i] {
      try {
        OpenPostgresStorage({database.conninfo(), "node-" + std::to_string(i)})->Close();
      } catch (const std::exception& error) {
        errors[i] = error.what();
      }
    });
  }
  for (auto& node : nodes) node.join();
  for (const auto& error : errors) CHECK(error.empty());
  pg::Connection db(database.conninfo());
  const pg::Result applied =
      db.Run("SELECT COUNT(*), COUNT(DISTINCT version), MAX(version) FROM schema_migrations");
  CHECK(applied.Int(0, 0) == static_cast<std::int64_t>(EmbeddedPostgresMigrations().size()));
  CHECK(applied.Int(0, 1) == applied.Int(0, 0));
}

TEST_CASE("a PostgreSQL schema newer than the program is refused and left alone",
          "[migrations][postgres]") {
  testing::TestDatabase database;
  const int future = EmbeddedPostgresMigrations().back().version + 1;
  OpenPostgresStorage({database.conninfo()})->Close();
  {
    pg::Connection db(database.conninfo());
    db.Run("INSERT INTO schema_migrations (version, name, applied_ms) VALUES ($1, 'future', 0)",
           pg::Params().Add(future));
  }
  CHECK_THROWS_AS(OpenPostgresStorage({database.conninfo()}), SchemaTooNewError);
  CHECK(PostgresSchemaVersion(database.conninfo()) == future);
}

TEST_CASE("a failing PostgreSQL migration is rolled back entirely", "[migrations][postgres]") {
  testing::TestDatabase database;
  pg::Connection db(database.conninfo());
  const auto all = EmbeddedPostgresMigrations();
  ApplyMigrations(db, all);
  std::vector<Migration> with_broken(all.begin(), all.end());
  with_broken.push_back(
      Migration{all.back().version + 1, "broken",
                "CREATE TABLE half_done (a INTEGER); INSERT INTO nowhere VALUES (1);"});
  CHECK_THROWS_AS(ApplyMigrations(db, with_broken), StorageError);
  CHECK(SchemaVersion(db) == all.back().version);
  CHECK(db.Run("SELECT to_regclass('half_done') IS NULL").Bool(0, 0));
}

}  // namespace
}  // namespace kafenio::storage
