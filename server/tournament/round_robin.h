#pragma once
// Round robin by Berger tables (the FIDE tables for all-play-all events): entrants are
// numbered 1..n by seed; with an odd n a dummy number n+1 makes the count even and whoever
// meets it has the bye. In round r (1-based) of N (even) numbers, i and j (both < N) meet
// when i + j = r + 1 (mod N - 1), and the lower number takes the first seat when i + j is
// odd; N meets the i with 2i = r + 1 (mod N - 1) and takes the first seat in even rounds.
// A double round robin repeats the cycle with the seats swapped.
#include <optional>
#include <vector>

#include "server/tournament/tournament_types.h"

namespace kafenio::tournament {

struct RoundRobinRound {
  std::vector<Pairing> tables;
  std::optional<EntrantId> bye;
};

// The rounds for `seeded` (top seed first) played `cycles` times (1 or 2).
std::vector<RoundRobinRound> BergerRounds(const std::vector<EntrantId>& seeded, int cycles);

// The number of rounds that takes.
int BergerRoundCount(int entrants, int cycles);

}  // namespace kafenio::tournament
