#include <catch2/catch.hpp>

#include "server/tournament/pools.h"

namespace kafenio::tournament {
namespace {

TEST_CASE("snake seeding into pools", "[pools]") {
  const std::vector<EntrantId> seeded{1, 2, 3, 4, 5, 6, 7, 8, 9, 10};
  CHECK(SnakePools(seeded, 2) ==
        std::vector<std::vector<EntrantId>>{{1, 4, 5, 8, 9}, {2, 3, 6, 7, 10}});
  CHECK(SnakePools(seeded, 3) ==
        std::vector<std::vector<EntrantId>>{{1, 6, 7}, {2, 5, 8}, {3, 4, 9, 10}});
}

TEST_CASE("knockout seeds: pool winners first, then runners-up", "[pools]") {
  auto rows = [](std::vector<EntrantId> ids) {
    std::vector<StandingRow> standings;
    for (const auto id : ids) {
      StandingRow row;
      row.id = id;
      standings.push_back(row);
    }
    return standings;
  };
  const std::vector<std::vector<StandingRow>> pools{rows({4, 1, 8}), rows({2, 6, 3}),
                                                    rows({7, 5, 9}), rows({10, 11, 12})};
  CHECK(KnockoutSeedsFromPools(pools, 2) == std::vector<EntrantId>{4, 2, 7, 10, 1, 6, 5, 11});
}

}  // namespace
}  // namespace kafenio::tournament
