// Glicko-2 against the worked example of Glickman's paper "Example of the Glicko-2 system".
#include <catch2/catch.hpp>

#include <vector>

#include "server/rating/glicko2.h"

namespace kafenio::rating {
namespace {

TEST_CASE("Glickman's worked example: 1500/200/0.06 against three opponents", "[glicko2]") {
  const Glicko2Rating player{1500, 200, 0.06};
  const std::vector<Glicko2Game> games{
      {{1400, 30, 0.06}, 1},
      {{1550, 100, 0.06}, 0},
      {{1700, 300, 0.06}, 0},
  };
  const auto updated = Glicko2Update(player, games, Glicko2Config{0.5});
  CHECK(updated.rating == Approx(1464.06).margin(0.005));
  CHECK(updated.rd == Approx(151.52).margin(0.005));
  // The paper prints σ' cut to five decimals; the exact value is 0.0599960.
  CHECK(updated.volatility == Approx(0.05999).margin(0.00001));
  CHECK(updated.volatility == Approx(0.059996).margin(0.0000005));
}

TEST_CASE("a period without games only widens the rating deviation", "[glicko2]") {
  const Glicko2Rating player{1600, 80, 0.06};
  const auto updated = Glicko2Update(player, {});
  CHECK(updated.rating == 1600);
  CHECK(updated.volatility == 0.06);
  // φ* = sqrt(φ² + σ²) on the Glicko-2 scale.
  const double phi = 80 / 173.7178;
  CHECK(updated.rd == Approx(std::sqrt(phi * phi + 0.06 * 0.06) * 173.7178));
}

TEST_CASE("winning raises and losing lowers the rating, and both shrink the RD", "[glicko2]") {
  const Glicko2Rating player{1500, 350, 0.06};
  const Glicko2Game win{{1500, 350, 0.06}, 1};
  const Glicko2Game loss{{1500, 350, 0.06}, 0};
  const auto after_win = Glicko2Update(player, std::span(&win, 1));
  const auto after_loss = Glicko2Update(player, std::span(&loss, 1));
  CHECK(after_win.rating > 1500);
  CHECK(after_loss.rating < 1500);
  CHECK(after_win.rating - 1500 == Approx(1500 - after_loss.rating));
  CHECK(after_win.rd < 350);
}

TEST_CASE("tau changes how far volatility moves on a surprising result", "[glicko2]") {
  const Glicko2Rating player{1500, 50, 0.06};
  const Glicko2Game upset{{2200, 50, 0.06}, 1};
  const auto low_tau = Glicko2Update(player, std::span(&upset, 1), Glicko2Config{0.3});
  const auto high_tau = Glicko2Update(player, std::span(&upset, 1), Glicko2Config{1.2});
  CHECK(low_tau.volatility > 0.06);
  CHECK(high_tau.volatility > low_tau.volatility);
}

}  // namespace
}  // namespace kafenio::rating
