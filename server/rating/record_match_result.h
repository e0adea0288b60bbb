#pragma once
// The write operation that ends a match: its result and, when the match is rated, every
// player's new Glicko-2 rating and history row, all in the same transaction.
#include <vector>

#include "server/rating/glicko2.h"
#include "server/storage/storage.h"

namespace kafenio::rating {

// Whether a match counts for ratings: a rated table, a known mode and no bot in any seat.
bool IsRatedMatch(const storage::Match& match);

// Team 0's score for rating: 1 win, 0 loss, 0.5 when nobody won. A match abandoned by a
// seat is a loss for that seat's team, whatever the totals say.
double Team0Score(const storage::MatchResult& result);

// Every seat's rating after a rated match, by seat, from the ratings before it (`before`,
// by seat; a new player's is Rating{account, mode}). Each carries one more match and the
// result's time. The caller has checked IsRatedMatch.
std::vector<storage::Rating> RatingsAfterMatch(const storage::Match& match,
                                               const storage::MatchResult& result,
                                               const std::vector<storage::Rating>& before,
                                               const Glicko2Config& config = {});

// Reads the match and the players' current ratings inside the transaction (new players
// start at 1500/350/0.06), so two matches ending in the same group commit are rated in
// order. Throws (the write fails) when there is no such match.
storage::WriteOp RecordMatchResult(storage::MatchResult result, Glicko2Config config = {});

}  // namespace kafenio::rating
