// Voiding a match's storage (StaffSql, migration 0015) on both backends: the void's row,
// how a finished match ended, and the rating rows the console's replay reads and rewrites.
#include <catch2/catch.hpp>

#include "tests/storage/storage_fixture.h"

namespace kafenio::testing {
namespace {

using storage::StaffSql;
using storage::WriteTransaction;

TEST_CASE("match voids and rating rows work alike on SQLite and PostgreSQL",
          "[storage][staff][postgres]") {
  StorageFixture fixture(GENERATE(KAFENIO_BACKENDS));
  storage::Storage& store = *fixture.store;
  const std::int64_t anna = fixture.CreateAccount("Άννα");
  const std::int64_t petros = fixture.CreateAccount("petros");
  const auto rated_match = [&] {
    storage::Match match = BotMatch("diloti", 2);
    match.seats = {{anna, "", {}}, {petros, "", {}}};
    match.rated = true;
    return fixture.CreateMatch(match);
  };
  const std::int64_t first = rated_match();
  const std::int64_t second = rated_match();
  const std::int64_t live = rated_match();
  const auto finish = [&](std::int64_t match, int winner, double anna_rating) {
    REQUIRE(
        Write(store, [&](WriteTransaction& tx) {
          tx.FinishMatch({match, winner, {11, 3}, std::nullopt, "game diloti\n", match * 10});
          tx.PutRating({anna, "diloti-1v1", anna_rating, 300, 0.06, 1, match * 10}, match);
          tx.PutRating({petros, "diloti-1v1", 3000 - anna_rating, 300, 0.06, 1, match * 10}, match);
        }).ok());
  };
  finish(first, 0, 1600);
  finish(second, 1, 1550);

  std::vector<storage::RatingHistoryRow> rows;
  store.ReadStaff([&](StaffSql& sql) {
    const auto outcome = sql.MatchOutcome(first);
    REQUIRE(outcome);
    CHECK(outcome->winner == std::optional<int>(0));
    CHECK(outcome->total == std::array<int, 2>{11, 3});
    CHECK_FALSE(outcome->abandoned_by);
    CHECK(outcome->finished_ms == first * 10);
    CHECK_FALSE(sql.MatchOutcome(live));
    rows = sql.RatingRowsFrom("diloti-1v1", second);
    CHECK(sql.RatingRowsFrom("diloti-1v1", live).empty());
    CHECK(sql.RatingRowsFrom("pilotta", first).empty());
    CHECK(sql.RatingRowsFrom("diloti-1v1", first).size() == 4);
  });
  REQUIRE(rows.size() == 2);
  CHECK(rows[0].match_id == second);
  CHECK(rows[0].account_id == anna);
  CHECK(rows[0].rating == 1550);
  CHECK(rows[1].rating == 1450);
  store.ReadStaff([&](StaffSql& sql) {
    const auto before = sql.RatingRowBefore(anna, "diloti-1v1", rows[0].id);
    REQUIRE(before);
    CHECK(before->match_id == first);
    CHECK(before->rating == 1600);
    CHECK_FALSE(sql.RatingRowBefore(anna, "diloti-1v1", before->id));
  });

  // The replay's writes: a row re-rated, a match's rows gone, current ratings set or gone.
  storage::RatingHistoryRow changed = rows[0];
  changed.rating = 1512.345678901234;
  changed.rd = 290.5;
  changed.volatility = 0.0599;
  REQUIRE(
      Write(store, [&](WriteTransaction& tx) {
        tx.Staff().PutMatchVoid({first, "collusion", "elena", 77});
        tx.Staff().SetRatingRow(changed);
        tx.Staff().DeleteRatingRowsOf(first);
        tx.Staff().SetCurrentRating({anna, "diloti-1v1", 1512.345678901234, 290.5, 0.0599, 1, 20});
        tx.Staff().DeleteCurrentRating(petros, "diloti-1v1");
      }).ok());
  const auto again = Write(store, [&](WriteTransaction& tx) {
    tx.Staff().PutMatchVoid({first, "twice", "elena", 78});
  });
  CHECK_FALSE(again.ok());
  CHECK(again.conflict);
  CHECK_FALSE(Write(store, [&](WriteTransaction& tx) {
                storage::RatingHistoryRow missing = changed;
                missing.id = 999999;
                tx.Staff().SetRatingRow(missing);
              }).ok());
  store.ReadStaff([&](StaffSql& sql) {
    const auto voids = sql.MatchVoids({first, second, live});
    REQUIRE(voids.size() == 1);
    CHECK(voids[0].match_id == first);
    CHECK(voids[0].reason == "collusion");
    CHECK(voids[0].staff == "elena");
    CHECK(voids[0].voided_ms == 77);
    const auto left = sql.RatingRowsFrom("diloti-1v1", second);
    REQUIRE(left.size() == 2);
    CHECK(left[0].rating == 1512.345678901234);  // every bit of the double kept
    CHECK(left[0].rd == 290.5);
    CHECK_FALSE(sql.RatingRowBefore(anna, "diloti-1v1", left[0].id));
  });
  const auto rating = store.FindRating(anna, "diloti-1v1");
  REQUIRE(rating);
  CHECK(rating->rating == 1512.345678901234);
  CHECK(rating->updated_ms == 20);
  CHECK_FALSE(store.FindRating(petros, "diloti-1v1"));
}

}  // namespace
}  // namespace kafenio::testing
