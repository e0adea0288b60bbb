// PostgreSQL's connection handling: a lost writer connection fails only what was not
// committed (never acknowledging it) and the next write reconnects; a COMMIT whose answer
// was lost is looked up, so a committed batch is acknowledged once and never written twice;
// while the database cannot be reached every write fails with an error, and afterwards
// writing goes on.
#include <catch2/catch.hpp>

#include "server/storage/postgres/connection.h"
#include "server/storage/postgres_storage.h"
#include "tests/postgres/cutting_proxy.h"
#include "tests/storage/storage_fixture.h"

namespace kafenio::storage {
namespace {

using testing::Write;

MoveEvent Move(std::int64_t match, std::int64_t sequence) {
  return MoveEvent{match, sequence, 1, static_cast<int>(sequence % 4), "pass", sequence};
}

// Ends every session of the test's database but the admin's own.
void TerminateSessions(const testing::TestDatabase& database) {
  pg::Connection admin(testing::TestPostgresServer());
  admin.Run(
      "SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
      " WHERE datname = $1 AND pid <> pg_backend_pid()",
      pg::Params().Add(database.name()));
}

void AllowConnections(const testing::TestDatabase& database, bool allow) {
  pg::Connection admin(testing::TestPostgresServer());
  admin.Command("ALTER DATABASE " + database.name() + " ALLOW_CONNECTIONS " +
                (allow ? "true" : "false"));
}

TEST_CASE("a lost PostgreSQL connection is opened again for the next write", "[postgres]") {
  testing::StorageFixture fixture(testing::Backend::postgres);
  const auto match = fixture.CreateMatch(testing::BotMatch("pilotta", 4));
  REQUIRE(Write(*fixture.store, [&](WriteTransaction& tx) { tx.AppendMove(Move(match, 1)); }).ok());
  TerminateSessions(*fixture.database);
  // The writer finds its connection gone and reconnects; nothing is lost or doubled.
  REQUIRE(Write(*fixture.store, [&](WriteTransaction& tx) { tx.AppendMove(Move(match, 2)); }).ok());
  const auto moves = fixture.store->LoadMoves(match, 0);  // readers reconnect too
  REQUIRE(moves.size() == 2);
  CHECK(moves[1].sequence == 2);
}

TEST_CASE("while PostgreSQL cannot be reached writes fail, and nothing failed is stored",
          "[postgres]") {
  testing::StorageFixture fixture(testing::Backend::postgres);
  const auto match = fixture.CreateMatch(testing::BotMatch("diloti", 2));
  AllowConnections(*fixture.database, false);
  TerminateSessions(*fixture.database);
  const auto failed =
      Write(*fixture.store, [&](WriteTransaction& tx) { tx.AppendMove(Move(match, 1)); });
  CHECK_FALSE(failed.ok());
  CHECK_FALSE(failed.conflict);  // unavailable: the tables retry
  CHECK_THROWS_AS(fixture.store->LoadMoves(match, 0), StorageError);
  AllowConnections(*fixture.database, true);
  REQUIRE(Write(*fixture.store, [&](WriteTransaction& tx) { tx.AppendMove(Move(match, 2)); }).ok());
  const auto moves = fixture.store->LoadMoves(match, 0);
  REQUIRE(moves.size() == 1);
  CHECK(moves[0].sequence == 2);
}

// A store writing through a proxy that can cut its connection, with one match to write to.
struct ProxiedStore {
  testing::TestDatabase database;
  testing::CuttingProxy proxy{database.conninfo()};
  std::unique_ptr<Storage> store = OpenPostgresStorage({proxy.conninfo()});
  std::int64_t match = testing::StorageFixture::CreateMatchIn(*store);

  WriteStatus AppendMove(std::int64_t sequence) {
    return testing::Write(*store,
                          [&](WriteTransaction& tx) { tx.AppendMove(Move(match, sequence)); });
  }
  // How many moves of the match are stored, read past the proxy.
  std::int64_t StoredMoves() const {
    pg::Connection db(database.conninfo());
    return db.Run("SELECT COUNT(*) FROM move_events WHERE match_id = $1", pg::Params().Add(match))
        .Int(0, 0);
  }
};

TEST_CASE("a COMMIT whose answer is lost is looked up: committed, acknowledged, not doubled",
          "[postgres]") {
  ProxiedStore db;
  db.proxy.Arm(testing::CuttingProxy::Cut::after_answer, "COMMIT");
  const auto lost_answer = db.AppendMove(1);
  REQUIRE(db.proxy.done());
  CHECK(lost_answer.ok());  // it did commit: acknowledged
  CHECK(db.StoredMoves() == 1);
  REQUIRE(db.AppendMove(2).ok());
  CHECK(db.StoredMoves() == 2);  // once each: the batch was not run again
  db.store->Close();
}

TEST_CASE("a COMMIT lost before the server saw it is reported failed, and nothing is stored",
          "[postgres]") {
  ProxiedStore db;
  db.proxy.Arm(testing::CuttingProxy::Cut::before, "COMMIT");
  const auto lost = db.AppendMove(1);
  REQUIRE(db.proxy.done());
  CHECK_FALSE(lost.ok());  // never acknowledged
  CHECK_FALSE(lost.conflict);
  CHECK(db.StoredMoves() == 0);
  // The table plays the move again; it is stored once.
  REQUIRE(db.AppendMove(1).ok());
  CHECK(db.StoredMoves() == 1);
  db.store->Close();
}

TEST_CASE("an operation failing in a PostgreSQL batch fails alone", "[postgres]") {
  testing::StorageFixture fixture(testing::Backend::postgres);
  const auto taken = fixture.CreateAccount("Νίκος");
  CHECK(taken > 0);
  const auto duplicate = Write(*fixture.store, [](WriteTransaction& tx) {
    tx.CreateAccount(Account{0, "νίκος", std::nullopt, 2, {}});  // the same name, lower case
  });
  CHECK_FALSE(duplicate.ok());
  CHECK(duplicate.conflict);
}

}  // namespace
}  // namespace kafenio::storage
