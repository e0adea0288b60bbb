#include "server/rating/record_match_result.h"

#include <array>
#include <utility>
#include <vector>

#include "server/rating/rating_modes.h"
#include "server/rating/team_ratings.h"

namespace kafenio::rating {

bool IsRatedMatch(const storage::Match& match) {
  if (!match.rated) return false;
  if (!RatingMode(match.game, static_cast<int>(match.seats.size()))) return false;
  for (const auto& seat : match.seats) {
    if (seat.IsBot()) return false;
  }
  return true;
}

double Team0Score(const storage::MatchResult& result) {
  if (result.abandoned_by) return *result.abandoned_by % 2 == 0 ? 0.0 : 1.0;
  if (result.winner) return *result.winner == 0 ? 1.0 : 0.0;
  return 0.5;
}

storage::WriteOp RecordMatchResult(storage::Match match, storage::MatchResult result,
                                   Glicko2Config config) {
  return [match = std::move(match), result = std::move(result),
          config](storage::WriteTransaction& transaction) {
    transaction.FinishMatch(result);
    if (!IsRatedMatch(match)) return;
    const std::string mode(*RatingMode(match.game, static_cast<int>(match.seats.size())));

    std::array<std::vector<storage::Rating>, 2> before;
    std::array<std::vector<Glicko2Rating>, 2> teams;
    for (std::size_t seat = 0; seat < match.seats.size(); ++seat) {
      const std::int64_t account = *match.seats[seat].account_id;
      storage::Rating current =
          transaction.FindRating(account, mode).value_or(storage::Rating{account, mode});
      teams[seat % 2].push_back(Glicko2Rating{current.rating, current.rd, current.volatility});
      before[seat % 2].push_back(std::move(current));
    }
    const auto after = RateTeams(teams, Team0Score(result), config);
    for (int team = 0; team < 2; ++team) {
      for (std::size_t i = 0; i < after[team].size(); ++i) {
        storage::Rating updated = before[team][i];
        updated.rating = after[team][i].rating;
        updated.rd = after[team][i].rd;
        updated.volatility = after[team][i].volatility;
        updated.matches += 1;
        updated.updated_ms = result.finished_ms;
        transaction.PutRating(updated, result.match_id);
      }
    }
  };
}

}  // namespace kafenio::rating
