#pragma once
// Matches played with uniformly random legal moves, reproducibly from one seed: used by
// `kafenio simulate`, the property tests and the benchmarks.
#include <cstdint>

#include "engine/pilotta/record.h"

namespace kafenio::pilotta {

struct RandomMatch {
  MatchLog log;
  State final_state;
  long moves = 0;
};

// The match seed drives two streams: SplitMix64(seed) gives each hand's deal seed in
// turn, and a DealRng seeded with that stream's first word picks the first dealer and
// every move (State::SampleLegalMove).
RandomMatch PlayRandomMatch(const Rules& rules, std::uint64_t seed);

}  // namespace kafenio::pilotta
