#include "server/tournament/duplicate_deals.h"

#include "engine/core/rng.h"

namespace kafenio::tournament {

std::uint64_t DuplicateDealSeed(std::uint64_t event_seed, int round, int deal) {
  // Three SplitMix64 steps fold the event seed, the round and the deal into one word; the
  // constants keep (round, deal) pairs apart for any realistic event.
  SplitMix64 mix(event_seed ^ (static_cast<std::uint64_t>(round) << 32) ^
                 static_cast<std::uint64_t>(deal));
  mix.Next();
  return mix.Next();
}

std::vector<DuplicateHand> DuplicateSchedule(std::uint64_t event_seed, int round, int deals,
                                             int seat_count) {
  std::vector<DuplicateHand> hands;
  for (int deal = 0; deal < deals; ++deal) {
    const std::uint64_t seed = DuplicateDealSeed(event_seed, round, deal);
    for (int side = 0; side < 2; ++side) {
      hands.push_back({.hand = 2 * deal + side,
                       .deal = deal,
                       .deal_seed = seed,
                       .dealer_seat = deal % seat_count,
                       .first_entrant_on_first_side = side == 0});
    }
  }
  return hands;
}

}  // namespace kafenio::tournament
