// An event's rounds run from one node at a time (migrations 0009 and 0018): only the holder
// of its unexpired lease opens its rounds' tables (table_opened), enforced by the database;
// a lease that has passed is claimed by another node with the next epoch, and the old
// holder is fenced. Requests and the tables' news may come from any node: the log's key
// lets one writer take each entry number, and a node that was behind gets a conflict.
#include <catch2/catch.hpp>

#include "server/storage/cluster_store.h"
#include "server/storage/postgres/connection.h"
#include "tests/storage/storage_fixture.h"

namespace kafenio::storage {
namespace {

using testing::Write;

std::int64_t CreateEvent(Storage& store, std::int64_t director, const std::string& state) {
  std::int64_t id = 0;
  REQUIRE(Write(store, [&](WriteTransaction& tx) {
            id = tx.CreateTournament(
                {0, "Πρωτάθλημα", director, "pilotta", "{}", 1, state, 1, std::nullopt});
          }).ok());
  return id;
}

// A table opened for the event: the runner's own entry, which the lease fences.
WriteStatus Append(Storage& store, std::int64_t id, std::int64_t entry,
                   const std::string& kind = "table_opened") {
  return Write(store, [&](WriteTransaction& tx) {
    tx.AppendTournamentLog({id, entry, kind, "{}", entry});
  });
}

TEST_CASE("only the holder of an event's lease writes its log, and a passed lease moves on",
          "[postgres][cluster][tournament]") {
  testing::StorageFixture fixture(testing::Backend::postgres);
  const auto director = fixture.CreateAccount("Γιάννης");
  const LeaseHolder a{"a", 101};
  const LeaseHolder b{"b", 102};
  auto node_a = fixture.Open(a.node, a.epoch);
  auto node_b = fixture.Open(b.node, b.epoch);
  auto cluster = OpenPostgresClusterStore(fixture.database->conninfo());
  pg::Connection admin(fixture.database->conninfo());
  auto lease = [&](std::int64_t id) {
    const auto row = admin.Run("SELECT node, epoch FROM tournament_leases WHERE tournament_id = $1",
                               pg::Params().Add(id));
    REQUIRE(row.rows() == 1);
    return std::pair{row.Text(0, 0), row.Int(0, 1)};
  };

  // The creating node holds the lease from the start.
  const auto id = CreateEvent(*node_a, director, "running");
  CHECK(lease(id) == std::pair<std::string, std::int64_t>{"a", a.epoch});
  REQUIRE(Append(*node_a, id, 1).ok());
  const auto intruder = Append(*node_b, id, 2);
  CHECK_FALSE(intruder.ok());
  CHECK_THAT(intruder.error, Catch::Contains("lease"));
  // A request asked on b (an entry, a withdrawal...) is written there, at the next number
  // only: one decided on an out-of-date log finds its number taken (a conflict).
  REQUIRE(Append(*node_b, id, 2, "entrant_added").ok());
  const auto behind = Append(*node_a, id, 2, "entrant_added");
  CHECK_FALSE(behind.ok());
  CHECK(behind.conflict);
  CHECK(Write(*node_b, [&](WriteTransaction& tx) { tx.SetTournamentState(id, "running"); }).ok());
  REQUIRE(Append(*node_a, id, 3).ok());
  CHECK(cluster->RenewTournaments(a, 60000) == std::vector<std::int64_t>{id});
  CHECK(cluster->ClaimTournaments(b, 60000, 10, false).empty());  // a holds it

  // a is paused past its lease: it can no longer write, and b takes the event over.
  admin.Run(
      "UPDATE tournament_leases SET expires_at = clock_timestamp() - INTERVAL '1 second'"
      " WHERE tournament_id = $1",
      pg::Params().Add(id));
  CHECK_FALSE(Append(*node_a, id, 4).ok());
  CHECK(cluster->RenewTournaments(a, 60000).empty());
  CHECK(cluster->ClaimTournaments(b, 60000, 10, false) == std::vector<std::int64_t>{id});
  CHECK(lease(id) == std::pair<std::string, std::int64_t>{"b", b.epoch});
  REQUIRE(Append(*node_b, id, 4).ok());
  CHECK_FALSE(Append(*node_a, id, 5).ok());
  CHECK(fixture.store->LoadTournamentLog(id).size() == 4);

  // A clean stop releases it; a restarted node takes its own back at once.
  cluster->ReleaseTournaments(b, {id});
  CHECK(cluster->ClaimTournaments(a, 60000, 10, false) == std::vector<std::int64_t>{id});
  CHECK(lease(id).second == a.epoch);
  // A new process of node a (a new epoch) takes a's events back at once, even unexpired
  // ones: the old process, frozen rather than dead, is fenced off by the epoch.
  const LeaseHolder a_again{"a", 103};
  auto node_a_again = fixture.Open(a_again.node, a_again.epoch);
  CHECK(cluster->ClaimTournaments(a_again, 60000, 10, true) == std::vector<std::int64_t>{id});
  CHECK(lease(id) == std::pair<std::string, std::int64_t>{"a", a_again.epoch});
  const auto stale = Append(*node_a, id, 5);
  CHECK_FALSE(stale.ok());
  CHECK_THAT(stale.error, Catch::Contains("epoch 101"));
  CHECK(cluster->RenewTournaments(a, 60000).empty());
  REQUIRE(Append(*node_a_again, id, 5).ok());

  // Finished events are not claimed; events made without a cluster get a lease to claim.
  const auto finished = CreateEvent(*fixture.store, director, "finished");
  const auto unleased = CreateEvent(*fixture.store, director, "registering");
  CHECK(cluster->ClaimTournaments(b, 60000, 10, false) == std::vector<std::int64_t>{unleased});
  CHECK(admin
            .Run("SELECT 1 FROM tournament_leases WHERE tournament_id = $1",
                 pg::Params().Add(finished))
            .empty());

  // Once an event it holds has finished, its node stops renewing that lease.
  CHECK(Write(*node_a, [&](WriteTransaction& tx) { tx.SetTournamentState(id, "finished"); }).ok());
  CHECK(cluster->RenewTournaments(a_again, 60000).empty());
  CHECK(cluster->RenewTournaments(b, 60000) == std::vector<std::int64_t>{unleased});
  node_a_again->Close();
  node_a->Close();
  node_b->Close();
}

}  // namespace
}  // namespace kafenio::storage
