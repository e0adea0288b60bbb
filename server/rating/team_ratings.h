#pragma once
// Rating a match between two teams (one player each, or two partners) with Glicko-2:
// each player plays one game against a composite opponent made from the opposing team
// (docs/ratings.md).
#include <array>
#include <vector>

#include "server/rating/glicko2.h"

namespace kafenio::rating {

// Composite of a team: mean rating, and RD = sqrt(mean of RD²) so the opponent is as
// uncertain as its members are on average.
Glicko2Rating CompositeOpponent(const std::vector<Glicko2Rating>& team);

// New ratings for both teams' players; team_score[0] is team 0's score (1, 0.5 or 0),
// team 1 scores 1 - team_score[0].
std::array<std::vector<Glicko2Rating>, 2> RateTeams(
    const std::array<std::vector<Glicko2Rating>, 2>& teams, double team0_score,
    const Glicko2Config& config = {});

}  // namespace kafenio::rating
