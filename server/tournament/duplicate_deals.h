#pragma once
// Duplicate deals: every table of a round plays the same seeded deals, and each pairing
// plays every deal twice, once from each side, so that luck of the cards cancels out and
// the score margin compares play on identical cards. The match unit is then a number of
// deals (each played twice), never a target.
#include <cstdint>
#include <vector>

namespace kafenio::tournament {

// One hand of a duplicate match.
struct DuplicateHand {
  int hand = 0;  // 0-based within the match
  int deal = 0;  // 0-based deal of the round: hands 2d and 2d+1 play deal d
  std::uint64_t deal_seed = 0;
  int dealer_seat = 0;  // the same for both plays of a deal, so each seat gets the same cards
  // Whether the pairing's first entrant sits in the first side's seats (Pilotta seats 0
  // and 2, Diloti seat 0) for this hand; the second play of a deal swaps the sides.
  bool first_entrant_on_first_side = true;
};

// The seed of deal `deal` of round `round`, the same at every table: a function of the
// event's published seed alone, so anyone can re-deal it (docs/shuffle.md).
std::uint64_t DuplicateDealSeed(std::uint64_t event_seed, int round, int deal);

// The hands of a match of `deals` deals in round `round`, for a game of `seat_count` seats.
std::vector<DuplicateHand> DuplicateSchedule(std::uint64_t event_seed, int round, int deals,
                                             int seat_count);

}  // namespace kafenio::tournament
