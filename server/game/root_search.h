#pragma once
// The search both strong bots share: perfect-information Monte Carlo with UCB1 at the
// root (docs/bots.md). Each iteration draws a fresh determinization (a full state that
// agrees with everything the seat knows), picks a root move by UCB1 over the statistics
// gathered so far, plays it in that determinization and rolls the rest of the hand out
// with a playout policy. The move played most often wins. The legal moves depend only
// on the seat's own view, so they are the same in every determinization.
#include <cmath>
#include <cstdint>
#include <vector>

#include "engine/core/rng.h"

namespace kafenio::server {

// A mix of a seed with one more word (SplitMix64's finaliser), to derive a decision's
// seed from public facts of the position.
constexpr std::uint64_t MixSeed(std::uint64_t seed, std::uint64_t word) {
  std::uint64_t z = seed ^ (word + 0x9E3779B97F4A7C15ULL + (seed << 6) + (seed >> 2));
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}

// `determinize(rng)` returns a State; `playout(state, move, rng)` applies the root move
// to it, plays to the end of the hand and returns the result for the searching side,
// scaled to about [-1, 1]. Returns the index of the chosen move in 0..move_count-1.
template <class Determinize, class Playout>
int SearchRoot(int move_count, int iterations, DealRng& rng, Determinize&& determinize,
               Playout&& playout) {
  if (move_count <= 1) return 0;
  // A little exploration: results are noisy (hidden cards, random playouts), so the
  // constant is below UCB1's textbook sqrt(2) for rewards in [-1, 1].
  constexpr double kExploration = 0.6;
  std::vector<double> total(static_cast<std::size_t>(move_count), 0.0);
  std::vector<int> visits(static_cast<std::size_t>(move_count), 0);
  const int rounds = iterations < move_count ? move_count : iterations;
  for (int i = 0; i < rounds; ++i) {
    int pick = 0;
    if (i < move_count) {
      pick = i;  // every move once first
    } else {
      const double log_n = std::log(static_cast<double>(i));
      double best = -1e300;
      for (int m = 0; m < move_count; ++m) {
        const auto k = static_cast<std::size_t>(m);
        const double n = visits[k];
        const double score = total[k] / n + kExploration * std::sqrt(log_n / n);
        if (score > best) {
          best = score;
          pick = m;
        }
      }
    }
    auto state = determinize(rng);
    total[static_cast<std::size_t>(pick)] += playout(state, pick, rng);
    ++visits[static_cast<std::size_t>(pick)];
  }
  int chosen = 0;
  for (int m = 1; m < move_count; ++m) {
    const auto k = static_cast<std::size_t>(m);
    const auto c = static_cast<std::size_t>(chosen);
    // Most visited; ties (few iterations) go to the better mean.
    if (visits[k] > visits[c] ||
        (visits[k] == visits[c] && total[k] / visits[k] > total[c] / visits[c])) {
      chosen = m;
    }
  }
  return chosen;
}

}  // namespace kafenio::server
