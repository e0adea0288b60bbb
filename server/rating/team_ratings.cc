#include "server/rating/team_ratings.h"

#include <cmath>

namespace kafenio::rating {

Glicko2Rating CompositeOpponent(const std::vector<Glicko2Rating>& team) {
  double rating_sum = 0;
  double variance_sum = 0;
  for (const auto& member : team) {
    rating_sum += member.rating;
    variance_sum += member.rd * member.rd;
  }
  const auto size = static_cast<double>(team.size());
  // The composite's volatility takes no part in its opponents' update.
  return Glicko2Rating{rating_sum / size, std::sqrt(variance_sum / size), 0.06};
}

std::array<std::vector<Glicko2Rating>, 2> RateTeams(
    const std::array<std::vector<Glicko2Rating>, 2>& teams, double team0_score,
    const Glicko2Config& config) {
  // Both composites come from the ratings before the match, so the order in which
  // players are updated does not matter.
  const std::array<Glicko2Rating, 2> composite{CompositeOpponent(teams[0]),
                                               CompositeOpponent(teams[1])};
  const std::array<double, 2> score{team0_score, 1 - team0_score};
  std::array<std::vector<Glicko2Rating>, 2> updated;
  for (int team = 0; team < 2; ++team) {
    const Glicko2Game game{composite[1 - team], score[team]};
    for (const auto& player : teams[team]) {
      updated[team].push_back(Glicko2Update(player, std::span(&game, 1), config));
    }
  }
  return updated;
}

}  // namespace kafenio::rating
