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

  // Uniform in [0, bound), bound >= 1, exactly unbiased (Lemire 2019, "Fast random integer
  // generation in an interval"): the 128-bit product word * bound is split into a high
  // word (the result) and a low word; a low word below 2^64 mod bound is rejected and a new
  // word drawn, so every result has the same number of accepted words. The division that
  // computes 2^64 mod bound runs only when the low word is below bound, which is rare.
  constexpr std::uint64_t Below(std::uint64_t bound) {
    std::uint64_t low = 0;
    std::uint64_t high = MultiplyFull(Next(), bound, low);
    if (low < bound) {
      const std::uint64_t threshold = (0 - bound) % bound;
      while (low < threshold) high = MultiplyFull(Next(), bound, low);
    }
    return high;
  }

  // The full 128-bit product of a and b: returns the high word and stores the low word.
  // Written with 32-bit halves so it needs no compiler extension.
  static constexpr std::uint64_t MultiplyFullPortable(std::uint64_t a, std::uint64_t b,
                                                      std::uint64_t& low) {
    const std::uint64_t a_lo = a & 0xFFFFFFFFULL, a_hi = a >> 32;
    const std::uint64_t b_lo = b & 0xFFFFFFFFULL, b_hi = b >> 32;
    const std::uint64_t lo_lo = a_lo * b_lo;
    const std::uint64_t hi_lo = a_hi * b_lo;
    const std::uint64_t lo_hi = a_lo * b_hi;
    const std::uint64_t cross = (lo_lo >> 32) + (hi_lo & 0xFFFFFFFFULL) + lo_hi;
    low = (cross << 32) | (lo_lo & 0xFFFFFFFFULL);
    return a_hi * b_hi + (hi_lo >> 32) + (cross >> 32);
  }

  // The same product with the compiler's 128-bit integer where it has one: one multiply
  // instruction instead of four and their carries, on the path of every draw (a random
  // Pilotta deal draws about 70 times). The portable form is the fallback and the
  // reference the tests compare against.
  static constexpr std::uint64_t MultiplyFull(std::uint64_t a, std::uint64_t b,
                                              std::uint64_t& low) {
#ifdef __SIZEOF_INT128__
    __extension__ typedef unsigned __int128 Wide;
    const Wide product = static_cast<Wide>(a) * b;
    low = static_cast<std::uint64_t>(product);
    return static_cast<std::uint64_t>(product >> 64);
#else
    return MultiplyFullPortable(a, b, low);
#endif
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
