#pragma once
// Glicko-2 (Mark Glickman, "Example of the Glicko-2 system", 2013): one rating period's
// update of one player from the games they played in it. Ratings are on the Glicko scale
// (1500 / 350 / 0.06 for a new player); the algorithm works on the Glicko-2 scale inside.
#include <span>

namespace kafenio::rating {

struct Glicko2Rating {
  double rating = 1500;
  double rd = 350;
  double volatility = 0.06;
};

struct Glicko2Game {
  Glicko2Rating opponent;
  double score = 0;  // 1 win, 0.5 draw, 0 loss
};

struct Glicko2Config {
  // τ constrains how fast volatility changes; Glickman suggests 0.3 to 1.2.
  double tau = 0.5;
  // Convergence tolerance of the volatility iteration (step 5).
  double epsilon = 0.000001;
};

// The player's rating after a period with these games. With no games only the rating
// deviation grows (step 6 alone), as the paper prescribes.
Glicko2Rating Glicko2Update(const Glicko2Rating& player, std::span<const Glicko2Game> games,
                            const Glicko2Config& config = {});

}  // namespace kafenio::rating
