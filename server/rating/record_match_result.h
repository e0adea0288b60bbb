#pragma once
// The write operation that ends a match: its result and, when the match is rated, every
// player's new Glicko-2 rating and history row, all in the same transaction.
#include "server/rating/glicko2.h"
#include "server/storage/storage.h"

namespace kafenio::rating {

// Whether a match counts for ratings: a rated table, a known mode and no bot in any seat.
bool IsRatedMatch(const storage::Match& match);

// Team 0's score for rating: 1 win, 0 loss, 0.5 when nobody won. A match abandoned by a
// seat is a loss for that seat's team, whatever the totals say.
double Team0Score(const storage::MatchResult& result);

// Reads the players' current ratings inside the transaction (new players start at
// 1500/350/0.06), so two matches ending in the same group commit are rated in order.
storage::WriteOp RecordMatchResult(storage::Match match, storage::MatchResult result,
                                   Glicko2Config config = {});

}  // namespace kafenio::rating
