// Moving between backends: an SQLite database copied into PostgreSQL (kafenio migrate-db)
// reads back the same through Storage, new rows follow the copied ids, a non-empty target
// is refused, and a PostgreSQL backup (an SQLite file) restores into a new database.
#include <catch2/catch.hpp>

#include <algorithm>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "server/storage/copy_database.h"
#include "server/storage/postgres/connection.h"
#include "server/storage/storage_error.h"
#include "tests/storage/storage_fixture.h"

namespace kafenio::storage {
namespace {

using testing::Write;

// A rating deviation as Glicko-2 leaves it: 17 significant digits.
constexpr double kRd = 260.4887625445967;

struct Filled {
  std::int64_t account = 0;
  std::int64_t table = 0;
  std::int64_t match = 0;
};

Filled Fill(testing::StorageFixture& fixture) {
  Filled filled;
  filled.account = fixture.CreateAccount("Γιώργος");
  REQUIRE(Write(*fixture.store, [&](WriteTransaction& tx) {
            tx.PutSession(Session{"hash", filled.account, 99999});
            GameTable table;
            table.game = "pilotta";
            table.rules = "cyprus";
            table.rated = true;
            table.public_id = "copied";
            filled.table = tx.CreateTable(table);
            Match match = testing::BotMatch("pilotta", 4);
            match.table_id = filled.table;
            match.seats[0] = SeatHolder{filled.account, "", {}};
            filled.match = tx.CreateMatch(match);
            tx.PutSeatHold(filled.match, 0, SeatHold{true, false, 1});
            tx.PutHandSeed(HandSeed{filled.match, 1, 0, 0xfedcba9876543210ull, "aa", "bb", false});
            for (int seq = 1; seq <= 5; ++seq) {
              tx.AppendMove(MoveEvent{filled.match, seq, 1, seq % 4, "pass", 100 + seq});
            }
            tx.PutRating(Rating{filled.account, "pilotta", 1612.5, kRd, 0.06, 3, 7}, filled.match);
          }).ok());
  return filled;
}

void CheckSame(Storage& copy, const Filled& filled) {
  const auto account = copy.FindAccountByName("Γιώργος");
  REQUIRE(account);
  CHECK(account->id == filled.account);
  CHECK(copy.FindSession("hash", 1));
  const auto live = copy.LoadUnfinishedMatches();
  REQUIRE(live.size() == 1);
  CHECK(live[0].match.id == filled.match);
  CHECK(live[0].match.seats[0].hold == SeatHold{true, false, 1});
  REQUIRE(live[0].hands.size() == 1);
  CHECK(live[0].hands[0].seed == 0xfedcba9876543210ull);
  CHECK(live[0].moves.size() == 5);
  CHECK(copy.FindTable(filled.table)->rated);
  const auto rating = copy.FindRating(filled.account, "pilotta");
  REQUIRE(rating);
  CHECK(rating->rating == 1612.5);
  CHECK(rating->rd == kRd);  // every bit, not SQLite's 15 digits of text
  CHECK(copy.RatingHistory(filled.account, "pilotta").size() == 1);
}

TEST_CASE("an SQLite database migrates into PostgreSQL and back as a backup", "[postgres][copy]") {
  testing::StorageFixture sqlite(testing::Backend::sqlite);
  const Filled filled = Fill(sqlite);
  sqlite.store->Close();

  testing::TestDatabase target;
  const auto copied = CopySqliteToPostgres(sqlite.path, target.conninfo());
  CHECK(copied.rows > 10);
  auto postgres = OpenPostgresStorage({target.conninfo()});
  CheckSame(*postgres, filled);
  CHECK(postgres->FindAccountByName("ΓΙΏΡΓΟΣ"));  // PostgreSQL folds Greek case too
  // New rows are numbered after the copied ones.
  std::int64_t next = 0;
  REQUIRE(Write(*postgres, [&](WriteTransaction& tx) {
            next = tx.CreateAccount(Account{0, "Μαρία", std::nullopt, 5, {}});
          }).ok());
  CHECK(next > filled.account);

  // A second migration into the same database is refused and changes nothing.
  CHECK_THROWS_AS(CopySqliteToPostgres(sqlite.path, target.conninfo()), StorageError);
  CHECK(postgres->FindAccountByName("Μαρία"));

  // Backup of PostgreSQL: an SQLite file with everything, which restores into a new database.
  testing::TempDir dir;
  const std::string backup = dir.File("backup.db");
  CopyPostgresToSqlite(target.conninfo(), backup);
  auto from_backup = OpenSqliteStorage(SqliteOptions{backup});
  CheckSame(*from_backup, filled);
  CHECK(from_backup->FindAccountByName("Μαρία"));
  from_backup->Close();
  testing::TestDatabase restored;
  CopySqliteToPostgres(backup, restored.conninfo());
  auto again = OpenPostgresStorage({restored.conninfo()});
  CheckSame(*again, filled);
  postgres->Close();
  again->Close();
}

TEST_CASE("a copy carries every column of every table of the game's data", "[postgres][copy]") {
  // A migration that adds a table or a column must add it to the copy too, or
  // migrate-db, backup and restore would silently drop it.
  testing::TestDatabase database;
  OpenPostgresStorage({database.conninfo()})->Close();
  pg::Connection db(database.conninfo());
  const auto schema = db.Run(
      "SELECT table_name, string_agg(column_name, ', ' ORDER BY column_name)"
      " FROM information_schema.columns WHERE table_schema = current_schema()"
      " AND table_name NOT IN ('schema_migrations', 'cluster_nodes', 'table_leases',"
      " 'lobby_tables', 'tournament_leases')"  // the running nodes', not the game's
      " GROUP BY table_name ORDER BY table_name");
  std::map<std::string, std::string> expected;
  for (int row = 0; row < schema.rows(); ++row) expected[schema.Text(row, 0)] = schema.Text(row, 1);
  std::map<std::string, std::string> copied;
  for (const auto& [table, columns] : CopiedColumns()) {
    std::vector<std::string> names;
    std::stringstream list(columns);
    for (std::string name; std::getline(list, name, ',');) {
      names.push_back(name.substr(name.find_first_not_of(' ')));
    }
    std::sort(names.begin(), names.end());
    std::string sorted;
    for (const auto& name : names) sorted += (sorted.empty() ? "" : ", ") + name;
    copied[table] = sorted;
  }
  CHECK(copied == expected);
}

}  // namespace
}  // namespace kafenio::storage
