// Fencing by the database (migration 0007): a clustered node's writes to a table's events
// are refused unless it holds the table's unexpired lease, whatever the node believes.
#include <catch2/catch.hpp>

#include <future>
#include <vector>

#include "server/storage/postgres/connection.h"
#include "tests/storage/storage_fixture.h"

namespace kafenio::storage {
namespace {

using testing::Write;

struct ClusterTable {
  std::int64_t table = 0;
  std::int64_t match = 0;
};

ClusterTable CreateTableAndMatch(Storage& store, const std::string& public_id = "fenced") {
  ClusterTable created;
  REQUIRE(Write(store, [&](WriteTransaction& tx) {
            GameTable table;
            table.game = "pilotta";
            table.rules = "cyprus";
            table.public_id = public_id;
            created.table = tx.CreateTable(table);
            Match match = testing::BotMatch("pilotta", 4);
            match.table_id = created.table;
            created.match = tx.CreateMatch(match);
          }).ok());
  return created;
}

MoveEvent Move(std::int64_t match, std::int64_t sequence) {
  return MoveEvent{match, sequence, 1, 0, "pass", sequence};
}

TEST_CASE("a node writes a table's events only while it holds the table's lease",
          "[postgres][cluster]") {
  testing::StorageFixture fixture(testing::Backend::postgres);
  auto node_a = fixture.Open("a");
  auto node_b = fixture.Open("b");
  // The creating node holds the lease from the start.
  const auto created = CreateTableAndMatch(*node_a);
  pg::Connection admin(fixture.database->conninfo());
  const auto lease = admin.Run("SELECT node, epoch FROM table_leases WHERE table_id = $1",
                               pg::Params().Add(created.table));
  REQUIRE(lease.rows() == 1);
  CHECK(lease.Text(0, 0) == "a");
  CHECK(lease.Int(0, 1) == 1);
  REQUIRE(
      Write(*node_a, [&](WriteTransaction& tx) { tx.AppendMove(Move(created.match, 1)); }).ok());

  // Another node cannot write it.
  const auto intruder =
      Write(*node_b, [&](WriteTransaction& tx) { tx.AppendMove(Move(created.match, 2)); });
  CHECK_FALSE(intruder.ok());
  CHECK_THAT(intruder.error, Catch::Contains("lease"));

  // Once the lease has passed, not even its holder can (a node paused past its lease).
  admin.Run(
      "UPDATE table_leases SET expires_at = clock_timestamp() - INTERVAL '1 second'"
      " WHERE table_id = $1",
      pg::Params().Add(created.table));
  const auto late =
      Write(*node_a, [&](WriteTransaction& tx) { tx.AppendMove(Move(created.match, 2)); });
  CHECK_FALSE(late.ok());
  CHECK_FALSE(late.conflict);

  // Node b takes it over with the next epoch; a stays fenced, b writes.
  admin.Run(
      "UPDATE table_leases SET node = 'b', epoch = epoch + 1,"
      " expires_at = clock_timestamp() + INTERVAL '1 minute' WHERE table_id = $1",
      pg::Params().Add(created.table));
  CHECK_FALSE(Write(*node_a, [&](WriteTransaction& tx) {
                tx.PutSeatHold(created.match, 0, SeatHold{true, false, 1});
              }).ok());
  CHECK_FALSE(Write(*node_a, [&](WriteTransaction& tx) { tx.CloseTable(created.table, 5); }).ok());
  REQUIRE(
      Write(*node_b, [&](WriteTransaction& tx) { tx.AppendMove(Move(created.match, 2)); }).ok());

  const auto moves = fixture.store->LoadMoves(created.match, 0);
  REQUIRE(moves.size() == 2);
  CHECK(moves[1].sequence == 2);
  CHECK_FALSE(fixture.store->FindTable(created.table)->closed_ms);
  node_a->Close();
  node_b->Close();
}

TEST_CASE("moves written together fail only for the tables whose lease is lost",
          "[postgres][cluster]") {
  testing::StorageFixture fixture(testing::Backend::postgres);
  auto node = fixture.Open("a");
  const auto kept = CreateTableAndMatch(*node, "kept");
  const auto lost = CreateTableAndMatch(*node, "lost");
  pg::Connection admin(fixture.database->conninfo());
  admin.Run(
      "UPDATE table_leases SET expires_at = clock_timestamp() - INTERVAL '1 second'"
      " WHERE table_id = $1",
      pg::Params().Add(lost.table));
  // Queued back to back, so that most go in one batch: its moves are sent as one INSERT,
  // which the database refuses as a whole; each is then tried alone.
  std::vector<std::promise<WriteStatus>> results(20);
  for (int i = 0; i < 20; ++i) {
    const ClusterTable& at = i % 2 ? lost : kept;
    node->Enqueue([at, i](WriteTransaction& tx) { tx.AppendMove(Move(at.match, i / 2 + 1)); },
                  [&results, i](const WriteStatus& status) { results[i].set_value(status); });
  }
  for (int i = 0; i < 20; ++i) {
    const WriteStatus status = results[i].get_future().get();
    INFO("move " << i << ": " << status.error);
    CHECK(status.ok() == (i % 2 == 0));
  }
  CHECK(fixture.store->LoadMoves(kept.match, 0).size() == 10);
  CHECK(fixture.store->LoadMoves(lost.match, 0).empty());
  node->Close();
}

TEST_CASE("a closed table is opened again only by a node that can take its lease",
          "[postgres][cluster]") {
  // A tournament's table closed before its match began is opened again under its id
  // (tournament_runner.cc): the reopening node leases it to itself, unless another holds it.
  testing::StorageFixture fixture(testing::Backend::postgres);
  auto node_a = fixture.Open("a");
  auto node_b = fixture.Open("b");
  const auto created = CreateTableAndMatch(*node_a, "reopened");
  REQUIRE(Write(*node_a, [&](WriteTransaction& tx) { tx.CloseTable(created.table, 5); }).ok());
  REQUIRE(fixture.store->FindTable(created.table)->closed_ms);

  // Node a still holds the lease: b cannot take the table by reopening it.
  const auto refused = Write(*node_b, [&](WriteTransaction& tx) { tx.ReopenTable(created.table); });
  CHECK_FALSE(refused.ok());
  CHECK_THAT(refused.error, Catch::Contains("lease"));
  CHECK(fixture.store->FindTable(created.table)->closed_ms);

  // Once a's lease has passed, b reopens it with the next epoch and writes its seats.
  pg::Connection admin(fixture.database->conninfo());
  admin.Run(
      "UPDATE table_leases SET expires_at = clock_timestamp() - INTERVAL '1 second'"
      " WHERE table_id = $1",
      pg::Params().Add(created.table));
  REQUIRE(Write(*node_b, [&](WriteTransaction& tx) {
            tx.ReopenTable(created.table);
            tx.PutTableSeats(created.table, {TableSeat{0, std::nullopt, "bot"}});
          }).ok());
  CHECK_FALSE(fixture.store->FindTable(created.table)->closed_ms);
  const auto lease = admin.Run("SELECT node, epoch FROM table_leases WHERE table_id = $1",
                               pg::Params().Add(created.table));
  REQUIRE(lease.rows() == 1);
  CHECK(lease.Text(0, 0) == "b");
  CHECK(lease.Int(0, 1) == 2);
  // And a, fenced, cannot close it under b.
  CHECK_FALSE(Write(*node_a, [&](WriteTransaction& tx) { tx.CloseTable(created.table, 9); }).ok());
  node_a->Close();
  node_b->Close();
}

TEST_CASE("a server that is not clustered writes without leases", "[postgres][cluster]") {
  testing::StorageFixture fixture(testing::Backend::postgres);
  const auto created = CreateTableAndMatch(*fixture.store);
  CHECK(Write(*fixture.store, [&](WriteTransaction& tx) {
          tx.AppendMove(Move(created.match, 1));
        }).ok());
}

}  // namespace
}  // namespace kafenio::storage
