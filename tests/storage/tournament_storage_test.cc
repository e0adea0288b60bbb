// Tournament rows on both backends: an event and its append-only log, listed by state,
// each log entry stored once, the state changed, and a restart keeps everything.
#include <catch2/catch.hpp>

#include "tests/storage/storage_fixture.h"

namespace kafenio::storage {
namespace {

using testing::StorageFixture;
using testing::Write;

TEST_CASE("a tournament and its log are stored, listed and read back in order",
          "[storage][tournament]") {
  StorageFixture fixture(GENERATE(KAFENIO_BACKENDS));
  const auto director = fixture.CreateAccount("Ελένη");
  std::int64_t id = 0;
  REQUIRE(Write(*fixture.store, [&](WriteTransaction& tx) {
            id = tx.CreateTournament({0, "Κύπελλο Λεμεσού", director, "pilotta",
                                      R"({"format":"swiss"})", -42, "registering", 1000, 5000});
          }).ok());
  for (int entry = 1; entry <= 3; ++entry) {
    REQUIRE(Write(*fixture.store, [&](WriteTransaction& tx) {
              tx.AppendTournamentLog({id, entry, "entrant_added",
                                      R"({"entrant":)" + std::to_string(entry) + "}",
                                      1000 + entry});
            }).ok());
  }
  // An entry is stored once: a second writer of a number gets a conflict (its view of the
  // log was behind; it reads the log again).
  const auto taken = Write(*fixture.store, [&](WriteTransaction& tx) {
    tx.AppendTournamentLog({id, 2, "entrant_added", "{}", 9});
  });
  CHECK_FALSE(taken.ok());
  CHECK(taken.conflict);
  // Nor with a gap before it.
  CHECK_FALSE(Write(*fixture.store, [&](WriteTransaction& tx) {
                tx.AppendTournamentLog({id, 5, "entrant_added", "{}", 9});
              }).ok());
  CHECK_FALSE(Write(*fixture.store, [&](WriteTransaction& tx) {
                tx.SetTournamentState(id + 99, "running");
              }).ok());

  fixture.Reopen();
  const auto found = fixture.store->FindTournament(id);
  REQUIRE(found);
  CHECK(found->name == "Κύπελλο Λεμεσού");
  CHECK(found->director_id == director);
  CHECK(found->game == "pilotta");
  CHECK(found->seed == -42);
  CHECK(found->starts_ms == 5000);
  CHECK(found->state == "registering");
  const auto log = fixture.store->LoadTournamentLog(id);
  REQUIRE(log.size() == 3);
  for (int k = 0; k < 3; ++k) {
    CHECK(log[k].entry == k + 1);
    CHECK(log[k].payload == R"({"entrant":)" + std::to_string(k + 1) + "}");
  }
  CHECK(fixture.store->ListTournaments("registering", 10).size() == 1);
  CHECK(fixture.store->ListTournaments("running", 10).empty());
  REQUIRE(Write(*fixture.store, [&](WriteTransaction& tx) {
            tx.SetTournamentState(id, "running");
          }).ok());
  CHECK(fixture.store->ListTournaments("running", 10).front().id == id);
  CHECK_FALSE(fixture.store->FindTournament(id + 1));
}

}  // namespace
}  // namespace kafenio::storage
