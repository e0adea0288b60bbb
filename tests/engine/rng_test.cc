// The deal PRNG and shuffle are a public contract (docs/shuffle.md): these values must
// never change, on any platform or build.
#include <array>
#include <numeric>

#include <catch2/catch.hpp>

#include "engine/core/rng.h"

namespace kafenio {
namespace {

TEST_CASE("SplitMix64 matches the reference outputs", "[rng]") {
  // Reference: Vigna's splitmix64.c, seed 1234567.
  SplitMix64 mix(1234567);
  CHECK(mix.Next() == 6457827717110365317ULL);
  CHECK(mix.Next() == 3203168211198807973ULL);
  CHECK(mix.Next() == 9817491932198370423ULL);
}

TEST_CASE("Below stays in range and reaches every value", "[rng]") {
  DealRng rng(42);
  std::array<int, 7> seen{};
  for (int i = 0; i < 7000; ++i) {
    const auto value = rng.Below(7);
    REQUIRE(value < 7);
    ++seen[value];
  }
  for (int count : seen) CHECK(count > 800);
}

TEST_CASE("the shuffle is a permutation and is reproducible", "[rng]") {
  std::array<int, 52> a{};
  std::iota(a.begin(), a.end(), 0);
  auto b = a;
  DealRng first(7), second(7);
  ShuffleInPlace(std::span<int>(a), first);
  ShuffleInPlace(std::span<int>(b), second);
  CHECK(a == b);
  auto sorted = a;
  std::sort(sorted.begin(), sorted.end());
  for (int i = 0; i < 52; ++i) CHECK(sorted[static_cast<std::size_t>(i)] == i);
}

}  // namespace
}  // namespace kafenio
