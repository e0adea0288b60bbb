#include <catch2/catch.hpp>

#include <set>

#include "server/tournament/duplicate_deals.h"

namespace kafenio::tournament {
namespace {

TEST_CASE("duplicate deals: each deal twice, sides swapped, same dealer", "[duplicate]") {
  const auto hands = DuplicateSchedule(99, 3, 4, 4);
  REQUIRE(hands.size() == 8);
  std::set<std::uint64_t> seeds;
  for (int deal = 0; deal < 4; ++deal) {
    const auto& a = hands[2 * deal];
    const auto& b = hands[2 * deal + 1];
    CHECK(a.deal == deal);
    CHECK(a.deal_seed == b.deal_seed);
    CHECK(a.dealer_seat == b.dealer_seat);
    CHECK(a.first_entrant_on_first_side);
    CHECK_FALSE(b.first_entrant_on_first_side);
    seeds.insert(a.deal_seed);
  }
  CHECK(seeds.size() == 4);
}

TEST_CASE("every table of a round gets the same deals, and rounds differ", "[duplicate]") {
  // The schedule depends on (event seed, round) alone, so every table computes the same.
  CHECK(DuplicateSchedule(7, 1, 3, 2)[4].deal_seed == DuplicateSchedule(7, 1, 3, 2)[4].deal_seed);
  CHECK(DuplicateDealSeed(7, 1, 0) != DuplicateDealSeed(7, 2, 0));
  CHECK(DuplicateDealSeed(7, 1, 0) != DuplicateDealSeed(8, 1, 0));
  CHECK(DuplicateDealSeed(7, 1, 0) != DuplicateDealSeed(7, 1, 1));
}

}  // namespace
}  // namespace kafenio::tournament
