#include <catch2/catch.hpp>

#include <algorithm>

#include "server/tournament/seeding.h"

namespace kafenio::tournament {
namespace {

TEST_CASE("seeding by rating, ties to the first registered", "[seeding]") {
  const std::vector<SeedCandidate> field{{1, 1500}, {2, 1700}, {3, 1500}, {4, 1900}};
  CHECK(SeedOrder(field, SeedingMethod::kRating, 0) == std::vector<EntrantId>{4, 2, 1, 3});
}

TEST_CASE("seeding by hand, entrants without a rank last", "[seeding]") {
  const std::vector<SeedCandidate> field{{1, 0, 3}, {2, 0, 1}, {3, 0, 0}, {4, 0, 2}};
  CHECK(SeedOrder(field, SeedingMethod::kManual, 0) == std::vector<EntrantId>{2, 4, 1, 3});
}

TEST_CASE("random seeding is a function of the published seed", "[seeding]") {
  std::vector<SeedCandidate> field;
  for (int id = 1; id <= 20; ++id) field.push_back({id});
  const auto a = SeedOrder(field, SeedingMethod::kRandom, 42);
  std::vector<SeedCandidate> reversed(field.rbegin(), field.rend());
  CHECK(SeedOrder(reversed, SeedingMethod::kRandom, 42) == a);  // registration order aside
  CHECK(SeedOrder(field, SeedingMethod::kRandom, 43) != a);
  auto sorted = a;
  std::sort(sorted.begin(), sorted.end());
  CHECK(sorted.front() == 1);
  CHECK(sorted.back() == 20);
  CHECK(SeededEntrants(a).front().seed_rank == 1);
  CHECK(SeededEntrants(a).front().id == a.front());
}

}  // namespace
}  // namespace kafenio::tournament
