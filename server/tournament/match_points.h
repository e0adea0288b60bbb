#pragma once
// Match points: what one result is worth to one entrant. A win is 1, a draw 1/2, a loss 0
// (the chess convention, so that Buchholz and Sonneborn-Berger read as players of Swiss
// events expect). A bye and a round missed score as the event configures.
#include <vector>

#include "server/tournament/tournament_types.h"

namespace kafenio::tournament {

enum class ByeScore : std::uint8_t { kWin, kHalf, kNothing };

struct PointsRules {
  ByeScore bye = ByeScore::kWin;
  // A round the entrant was not in (late entry, not checked in): nothing unless the event
  // grants a half point, as some clubs do for late entrants.
  ByeScore absent = ByeScore::kNothing;
};

double ByeScoreValue(ByeScore score);

// Whether `result` concerns `entrant` (as either side).
bool Involves(const MatchResult& result, EntrantId entrant);

// The opponent of `entrant` in a result with two sides.
EntrantId OpponentOf(const MatchResult& result, EntrantId entrant);

// The win/draw/loss of `entrant` in a played or forfeited match.
Outcome OutcomeFor(const MatchResult& result, EntrantId entrant);

// The match points `entrant` earned from `result` (which must involve them).
double MatchPointsFor(const MatchResult& result, EntrantId entrant, const PointsRules& rules);

// The sum of match points of `entrant` over `results`.
double TotalMatchPoints(const std::vector<MatchResult>& results, EntrantId entrant,
                        const PointsRules& rules);

}  // namespace kafenio::tournament
