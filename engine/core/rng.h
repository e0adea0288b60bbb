#pragma once
// The deal PRNG. Deals must be identical on every platform, build and standard library,
// so nothing here uses std::shuffle or the std distributions (their algorithms are not
// specified). docs/shuffle.md specifies every step so a client can re-deal a revealed seed.
#include <cstdint>
#include <span>
#include <utility>

namespace kafenio {

// SplitMix64 (Steele, Lea, Flood 2014): expands one 64-bit seed into well-mixed words.
class SplitMix64 {
 public:
  explicit constexpr SplitMix64(std::uint64_t seed) : state_(seed) {}
  constexpr std::uint64_t Next() {
    std::uint64_t z = (state_ += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
  }

 private:
  std::uint64_t state_;
};

// xoshiro256** 1.0 (Blackman, Vigna 2018), its state filled by four SplitMix64 outputs.
class DealRng {
 public:
  explicit constexpr DealRng(std::uint64_t seed) {
    SplitMix64 mix(seed);
    for (auto& word : s_) word = mix.Next();
  }

  constexpr std::uint64_t Next() {
    const std::uint64_t result = Rotl(s_[1] * 5, 7) * 9;
    const std::uint64_t t = s_[1] << 17;
    s_[2] ^= s_[0];
    s_[3] ^= s_[1];
    s_[1] ^= s_[2];
    s_[0] ^= s_[3];
    s_[2] ^= t;
    s_[3] = Rotl(s_[3], 45);
    return result;
  }

  // Uniform in [0, bound) without modulo bias: words below 2^64 mod bound are rejected,
  // so every residue has exactly the same number of accepted words.
  constexpr std::uint64_t Below(std::uint64_t bound) {
    const std::uint64_t threshold = (0 - bound) % bound;
    for (;;) {
      std::uint64_t word = Next();
      if (word >= threshold) return word % bound;
    }
  }

 private:
  static constexpr std::uint64_t Rotl(std::uint64_t x, int k) {
    return (x << k) | (x >> (64 - k));
  }
  std::uint64_t s_[4]{};
};

// Fisher-Yates from the last position down: for i = n-1 .. 1, swap a[i] with a[Below(i+1)].
template <class T>
constexpr void ShuffleInPlace(std::span<T> items, DealRng& rng) {
  for (std::size_t i = items.size(); i > 1; --i) {
    std::size_t j = static_cast<std::size_t>(rng.Below(i));
    std::swap(items[i - 1], items[j]);
  }
}

}  // namespace kafenio
