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

TEST_CASE("the fast 128-bit product equals the portable one", "[rng]") {
  // Below's results, and so every deal, must not depend on which form a compiler uses.
  const std::array<std::uint64_t, 8> edges = {0,
                                              1,
                                              2,
                                              0xFFFFFFFFULL,
                                              0x100000000ULL,
                                              0x8000000000000000ULL,
                                              0xFFFFFFFFFFFFFFFEULL,
                                              0xFFFFFFFFFFFFFFFFULL};
  SplitMix64 words(99);
  for (int i = 0; i < 20000; ++i) {
    const std::uint64_t a = i < 64 ? edges[static_cast<std::size_t>(i % 8)] : words.Next();
    const std::uint64_t b =
        i < 64 ? edges[static_cast<std::size_t>(i / 8)] : words.Next() >> (i % 64);
    std::uint64_t fast_low = 0, portable_low = 0;
    const std::uint64_t fast_high = DealRng::MultiplyFull(a, b, fast_low);
    const std::uint64_t portable_high = DealRng::MultiplyFullPortable(a, b, portable_low);
    REQUIRE(fast_high == portable_high);
    REQUIRE(fast_low == portable_low);
  }
  std::uint64_t low = 0;
  CHECK(DealRng::MultiplyFull(0xFFFFFFFFFFFFFFFFULL, 0xFFFFFFFFFFFFFFFFULL, low) ==
        0xFFFFFFFFFFFFFFFEULL);
  CHECK(low == 1);
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
