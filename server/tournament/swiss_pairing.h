#pragma once
// One round of a Swiss event, as a pure function of the standings so far.
//
// Rules, in order of priority (docs/tournaments.md explains them with examples):
//  1. every entrant in the round is paired exactly once, or has the one bye (odd count);
//  2. the bye goes to an entrant who has not had one while such an entrant exists;
//  3. no rematch while a pairing without one exists;
//  4. no forbidden pair (club mates, partners' relatives) while a pairing without one exists;
//  5. entrants meet others of their own score group: within a group of m (in rank order)
//     the top half meets the bottom half (1 v m/2+1, 2 v m/2+2, ...), which in round one
//     is top half against bottom half by seed; an odd one out floats down to the next group;
//  6. the bye goes to the lowest-ranked entrant allowed to have it;
//  7. first seats (Pilotta's first pair, Diloti's dealer) are balanced over the rounds.
#include <cstddef>
#include <optional>
#include <set>
#include <vector>

#include "server/tournament/match_points.h"
#include "server/tournament/tournament_types.h"

namespace kafenio::tournament {

// What the pairing needs to know of one entrant.
struct SwissStanding {
  EntrantId id = 0;
  int seed_rank = 0;
  double points = 0;
  bool had_bye = false;
  int first_seats = 0;   // rounds played from the first seat
  int second_seats = 0;  // rounds played from the second seat
  std::optional<bool> last_seat_first;
};

struct SwissRoundInput {
  int round = 1;
  std::vector<SwissStanding> entrants;  // those to pair this round, in any order
  std::set<EntrantPair> met;
  std::set<EntrantPair> forbidden;
  // How many candidate pairings the ordered search may try before it falls back to the
  // blossom matching (which finds a pairing without rematch whenever one exists).
  std::size_t search_budget = 100000;
};

struct SwissRound {
  std::vector<Pairing> tables;  // table 1 first (the highest scores)
  std::optional<EntrantId> bye;
  int rematches = 0;        // rematches that could not be avoided
  int forbidden_pairs = 0;  // forbidden pairs that could not be avoided
};

SwissRound PairSwissRound(const SwissRoundInput& input);

// The pairing input for round `round` from the results of the earlier rounds: points,
// byes, who met whom, and seat history. `active` are the entrants to pair.
SwissRoundInput SwissInputFromResults(int round, const std::vector<Entrant>& active,
                                      const std::vector<MatchResult>& results,
                                      const std::set<EntrantPair>& forbidden,
                                      const PointsRules& rules);

}  // namespace kafenio::tournament
