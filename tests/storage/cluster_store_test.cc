// What the nodes of a cluster agree on through PostgreSQL (server/storage/cluster_store.h):
// leases taken, renewed, lost and claimed by the database's clock; and the advisory lock
// that lets one node at a time run something (tournament rounds), freed when it dies.
#include <catch2/catch.hpp>

#include <chrono>
#include <thread>

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

TEST_CASE("one node at a time holds an advisory lock, until it releases it or dies",
          "[postgres][cluster]") {
  testing::TestDatabase database;
  auto node_a = OpenPostgresClusterStore(database.conninfo());
  auto node_b = OpenPostgresClusterStore(database.conninfo());
  constexpr std::int64_t kRounds = 42;
  CHECK(node_a->TryLock(kRounds));
  CHECK_FALSE(node_b->TryLock(kRounds));
  node_a->Unlock(kRounds);
  CHECK(node_b->TryLock(kRounds));
  CHECK_FALSE(node_a->TryLock(kRounds));
  node_b.reset();  // its connection closes, as when its process dies
  // The database frees the lock once the closed session's backend has ended.
  bool taken = false;
  for (int attempt = 0; attempt < 500 && !taken; ++attempt) {
    taken = node_a->TryLock(kRounds);
    if (!taken) std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  CHECK(taken);
}

}  // namespace
}  // namespace kafenio::storage
