// What the nodes of a cluster agree on through PostgreSQL (server/storage/cluster_store.h):
// leases taken, renewed, lost and claimed by the database's clock. (Tournament rounds run
// on a lease too, not an advisory lock: docs/scaling.md, "Tournaments in a cluster".)
#include <catch2/catch.hpp>

#include "server/storage/cluster_store.h"
#include "server/storage/postgres/connection.h"
#include "tests/storage/storage_fixture.h"

namespace kafenio::storage {
namespace {

std::int64_t CreateTable(Storage& store, const std::string& public_id) {
  std::int64_t id = 0;
  REQUIRE(testing::Write(store, [&](WriteTransaction& tx) {
            GameTable table;
            table.game = "diloti";
            table.rules = "standard";
            table.public_id = public_id;
            id = tx.CreateTable(table);
          }).ok());
  return id;
}

TEST_CASE("a lease is renewed by its node, and claimed by another once it has passed",
          "[postgres][cluster]") {
  testing::StorageFixture fixture(testing::Backend::postgres);
  const LeaseHolder a{"a", 101};
  const LeaseHolder b{"b", 102};
  auto node_a = fixture.Open(a.node, a.epoch);
  const std::int64_t table = CreateTable(*node_a, "leased");
  auto cluster = OpenPostgresClusterStore(fixture.database->conninfo());
  cluster->Announce(a, "ws://a/ws", 1);
  cluster->Announce(b, "ws://b/ws", 1);

  CHECK(cluster->Renew(a, 60000).tables == std::vector<std::int64_t>{table});
  CHECK_FALSE(cluster->Renew(a, 60000).replaced);
  CHECK(cluster->ClaimExpired(b, 60000, 10).empty());  // a holds it
  const auto where = cluster->Locate("leased");
  REQUIRE(where);
  CHECK(where->node == "a");
  CHECK(where->address == "ws://a/ws");
  CHECK(where->held);

  pg::Connection admin(fixture.database->conninfo());
  admin.Command("UPDATE table_leases SET expires_at = clock_timestamp() - INTERVAL '1 second'");
  CHECK(cluster->Renew(a, 60000).tables.empty());  // too late: a must drop it
  CHECK_FALSE(cluster->Locate("leased")->held);
  CHECK(cluster->ClaimExpired(b, 60000, 10) == std::vector<std::int64_t>{table});
  CHECK(admin.Run("SELECT node, epoch FROM table_leases").Text(0, 0) == "b");
  CHECK(admin.Run("SELECT epoch FROM table_leases").Int(0, 0) == b.epoch);  // b's token
  CHECK(cluster->Locate("leased")->node == "b");
  // A clean stop ends b's lease at once; a takes the table back with its own epoch.
  cluster->Release(b, {table});
  CHECK(cluster->ClaimExpired(a, 60000, 10) == std::vector<std::int64_t>{table});
  CHECK(admin.Run("SELECT epoch FROM table_leases").Int(0, 0) == a.epoch);
  node_a->Close();
}

TEST_CASE("each process of a node draws a new epoch, greater than any before",
          "[postgres][cluster]") {
  testing::TestDatabase database;
  const std::int64_t first = NewLeaseEpoch(database.conninfo());
  const std::int64_t second = NewLeaseEpoch(database.conninfo());
  CHECK(first > 0);
  CHECK(second > first);
}

}  // namespace
}  // namespace kafenio::storage
