// Fencing by the database (migration 0007): a clustered node's writes to a table's events
// are refused unless it holds the table's unexpired lease, whatever the node believes.
#include <catch2/catch.hpp>

#include <algorithm>
#include <future>
#include <vector>

#include "server/storage/cluster_store.h"
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
  auto node_a = fixture.Open("a", 101);
  auto node_b = fixture.Open("b", 102);
  // The creating node holds the lease from the start, with its process's epoch.
  const auto created = CreateTableAndMatch(*node_a);
  pg::Connection admin(fixture.database->conninfo());
  const auto lease = admin.Run("SELECT node, epoch FROM table_leases WHERE table_id = $1",
                               pg::Params().Add(created.table));
  REQUIRE(lease.rows() == 1);
  CHECK(lease.Text(0, 0) == "a");
  CHECK(lease.Int(0, 1) == 101);
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

  // Node b takes it over with its epoch; a stays fenced, b writes.
  admin.Run(
      "UPDATE table_leases SET node = 'b', epoch = 102,"
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
  auto node_a = fixture.Open("a", 101);
  auto node_b = fixture.Open("b", 102);
  const auto created = CreateTableAndMatch(*node_a, "reopened");
  REQUIRE(Write(*node_a, [&](WriteTransaction& tx) { tx.CloseTable(created.table, 5); }).ok());
  REQUIRE(fixture.store->FindTable(created.table)->closed_ms);

  // Node a still holds the lease: b cannot take the table by reopening it.
  const auto refused = Write(*node_b, [&](WriteTransaction& tx) { tx.ReopenTable(created.table); });
  CHECK_FALSE(refused.ok());
  CHECK_THAT(refused.error, Catch::Contains("lease"));
  CHECK(fixture.store->FindTable(created.table)->closed_ms);

  // Once a's lease has passed, b reopens it with its epoch and writes its seats.
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
  CHECK(lease.Int(0, 1) == 102);
  // And a, fenced, cannot close it under b.
  CHECK_FALSE(Write(*node_a, [&](WriteTransaction& tx) { tx.CloseTable(created.table, 9); }).ok());
  node_a->Close();
  node_b->Close();
}

TEST_CASE("a newer process of a node's name fences the older one off by its epoch",
          "[postgres][cluster]") {
  // The old process is frozen or cut off, not dead; a new one starts as the same node and
  // takes the name's leases back, unexpired as they are (migration 0019).
  testing::StorageFixture fixture(testing::Backend::postgres);
  const LeaseHolder old_process{"n1", 101};
  const LeaseHolder new_process{"n1", 102};
  auto old_writer = fixture.Open(old_process.node, old_process.epoch);
  auto cluster = OpenPostgresClusterStore(fixture.database->conninfo());
  cluster->Announce(old_process, "ws://n1/ws", 1);
  const auto created = CreateTableAndMatch(*old_writer, "shared-name");
  const auto other = CreateTableAndMatch(*old_writer, "shared-name-2");
  REQUIRE(Write(*old_writer, [&](WriteTransaction& tx) {
            tx.AppendMove(Move(created.match, 1));
          }).ok());
  CHECK(cluster->Renew(old_process, 60000).tables.size() == 2);

  auto new_writer = fixture.Open(new_process.node, new_process.epoch);
  cluster->Announce(new_process, "ws://n1-again/ws", 2);
  auto taken = cluster->TakeBackOwnTables(new_process, 60000);
  std::sort(taken.begin(), taken.end());
  CHECK(taken == std::vector<std::int64_t>{created.table, other.table});
  pg::Connection admin(fixture.database->conninfo());
  CHECK(admin.Run("SELECT DISTINCT node, epoch FROM table_leases").Int(0, 1) == new_process.epoch);

  // The same name, an old epoch: every write of the old process is refused, one at a time
  // and moves of several tables in one statement alike.
  const auto stale =
      Write(*old_writer, [&](WriteTransaction& tx) { tx.AppendMove(Move(created.match, 2)); });
  CHECK_FALSE(stale.ok());
  CHECK_FALSE(stale.conflict);
  CHECK_THAT(stale.error, Catch::Contains("epoch 101"));
  std::promise<WriteStatus> batch;
  old_writer->Enqueue(
      [&](WriteTransaction& tx) {
        tx.AppendMove(Move(created.match, 2));
        tx.AppendMove(Move(other.match, 1));
      },
      [&](const WriteStatus& status) { batch.set_value(status); });
  CHECK_FALSE(batch.get_future().get().ok());
  CHECK_FALSE(Write(*old_writer, [&](WriteTransaction& tx) {
                tx.PutSeatHold(created.match, 0, SeatHold{true, false, 1});
              }).ok());
  CHECK_FALSE(
      Write(*old_writer, [&](WriteTransaction& tx) { tx.CloseTable(created.table, 5); }).ok());
  // Nor can it take a table back by reopening it.
  CHECK_FALSE(
      Write(*old_writer, [&](WriteTransaction& tx) { tx.ReopenTable(created.table); }).ok());
  CHECK(admin.Run("SELECT DISTINCT epoch FROM table_leases").Int(0, 0) == new_process.epoch);

  // Its lease round finds it replaced: it renews nothing, and its release at a clean stop
  // leaves the newer process's leases alone.
  const Renewal renewal = cluster->Renew(old_process, 60000);
  CHECK(renewal.replaced);
  CHECK(renewal.tables.empty());
  cluster->Release(old_process, {created.table, other.table});
  CHECK(cluster->ClaimExpired(LeaseHolder{"n2", 103}, 60000, 10).empty());
  CHECK(cluster->Renew(new_process, 60000).tables.size() == 2);

  // The newer process writes on from what is stored.
  REQUIRE(Write(*new_writer, [&](WriteTransaction& tx) {
            tx.AppendMove(Move(created.match, 2));
          }).ok());
  const auto moves = fixture.store->LoadMoves(created.match, 0);
  REQUIRE(moves.size() == 2);
  CHECK(fixture.store->LoadMoves(other.match, 0).empty());
  CHECK_FALSE(fixture.store->FindTable(created.table)->closed_ms);
  old_writer->Close();
  new_writer->Close();
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
