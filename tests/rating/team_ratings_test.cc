// Partnership games: each player is rated against the opposing team as one composite
// opponent (docs/ratings.md).
#include <catch2/catch.hpp>

#include <cmath>

#include "server/rating/team_ratings.h"

namespace kafenio::rating {
namespace {

TEST_CASE("the composite opponent is the mean rating with the RMS of the RDs", "[ratings]") {
  const auto composite = CompositeOpponent({{1400, 30, 0.06}, {1600, 90, 0.07}});
  CHECK(composite.rating == Approx(1500));
  CHECK(composite.rd == Approx(std::sqrt((30.0 * 30 + 90.0 * 90) / 2)));
}

TEST_CASE("a one-player team plays exactly the plain Glicko-2 game", "[ratings]") {
  const Glicko2Rating a{1500, 200, 0.06};
  const Glicko2Rating b{1400, 30, 0.06};
  const auto rated = RateTeams({{{a}, {b}}}, 1.0);
  const Glicko2Game a_game{b, 1};
  const Glicko2Game b_game{a, 0};
  const auto a_expected = Glicko2Update(a, std::span(&a_game, 1));
  const auto b_expected = Glicko2Update(b, std::span(&b_game, 1));
  CHECK(rated[0][0].rating == Approx(a_expected.rating));
  CHECK(rated[0][0].rd == Approx(a_expected.rd));
  CHECK(rated[1][0].rating == Approx(b_expected.rating));
}

TEST_CASE("partners share the result against the opposing composite", "[ratings]") {
  const Glicko2Rating strong{1700, 60, 0.06};
  const Glicko2Rating weak{1300, 60, 0.06};
  const Glicko2Rating average{1500, 60, 0.06};
  // Team 0 (strong + weak, composite 1500) beats team 1 (two average players).
  const auto rated = RateTeams({{{strong, weak}, {average, average}}}, 1.0);
  CHECK(rated[0][0].rating > 1700);
  CHECK(rated[0][1].rating > 1300);
  // The weak partner gains more: it beat a composite rated above it, which the strong one
  // was expected to do.
  CHECK(rated[0][1].rating - 1300 > rated[0][0].rating - 1700);
  CHECK(rated[1][0].rating < 1500);
  CHECK(rated[1][0].rating == Approx(rated[1][1].rating));
}

}  // namespace
}  // namespace kafenio::rating
