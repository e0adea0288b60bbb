#pragma once
// The seed order of an event's entrants: by rating (a pair's team rating), at random from
// the event's published seed, or as the director set it by hand.
#include <cstdint>
#include <vector>

#include "server/tournament/tournament_types.h"

namespace kafenio::tournament {

enum class SeedingMethod : std::uint8_t { kRating, kRandom, kManual };

struct SeedCandidate {
  EntrantId id = 0;
  double rating = 0;
  int manual_rank = 0;  // the director's order (1 first); 0 when not set
};

// The entrants in seed order (seed 1 first). Ties (equal rating, no manual rank) go to the
// one registered first (lower id), so the order is a function of the stored state alone.
// Random seeding shuffles by the engine's deal PRNG (docs/shuffle.md) from `seed`.
std::vector<EntrantId> SeedOrder(std::vector<SeedCandidate> candidates, SeedingMethod method,
                                 std::uint64_t seed);

// Entrants numbered 1.. in seed order.
std::vector<Entrant> SeededEntrants(const std::vector<EntrantId>& order);

}  // namespace kafenio::tournament
