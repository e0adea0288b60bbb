#pragma once
// What the tournament tests build events from: a field seeded 1..n (entrant k is seed k)
// and a match known by its winner alone.
#include <vector>

#include "server/tournament/tournament_types.h"

namespace kafenio::tournament::testing {

inline std::vector<Entrant> Seeds(int count) {
  std::vector<Entrant> entrants;
  for (int id = 1; id <= count; ++id) entrants.push_back({id, id});
  return entrants;
}

inline MatchResult Win(int round, EntrantId winner, EntrantId loser) {
  return WonBy(round, winner, loser, winner);
}

}  // namespace kafenio::tournament::testing
