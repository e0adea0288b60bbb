#include "server/rating/record_match_result.h"

#include <array>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "server/rating/rating_modes.h"
#include "server/rating/team_ratings.h"
#include "server/storage/storage_error.h"

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

std::vector<storage::Rating> RatingsAfterMatch(const storage::Match& match,
                                               const storage::MatchResult& result,
                                               const std::vector<storage::Rating>& before,
                                               const Glicko2Config& config) {
  // Seat s plays for team s % 2 (partners sit opposite); index the teams' members by seat.
  std::array<std::vector<Glicko2Rating>, 2> teams;
  std::array<std::vector<std::size_t>, 2> seats_of_team;
  for (std::size_t seat = 0; seat < match.seats.size(); ++seat) {
    const storage::Rating& current = before[seat];
    teams[seat % 2].push_back(Glicko2Rating{current.rating, current.rd, current.volatility});
    seats_of_team[seat % 2].push_back(seat);
  }
  const auto after = RateTeams(teams, Team0Score(result), config);
  std::vector<storage::Rating> updated(before);
  for (int team = 0; team < 2; ++team) {
    for (std::size_t i = 0; i < after[team].size(); ++i) {
      storage::Rating& rating = updated[seats_of_team[team][i]];
      rating.rating = after[team][i].rating;
      rating.rd = after[team][i].rd;
      rating.volatility = after[team][i].volatility;
      rating.matches += 1;
      rating.updated_ms = result.finished_ms;
    }
  }
  return updated;
}

storage::WriteOp RecordMatchResult(storage::MatchResult result, Glicko2Config config) {
  return [result = std::move(result), config](storage::WriteTransaction& transaction) {
    const std::optional<storage::Match> found = transaction.FindMatch(result.match_id);
    if (!found) throw storage::StorageError("no match " + std::to_string(result.match_id));
    const storage::Match& match = *found;
    transaction.FinishMatch(result);
    if (!IsRatedMatch(match)) return;
    // Voided by staff while it was played (server/app/admin/match_void.cc): it counts for
    // nothing, so it is never rated.
    if (!transaction.Staff().MatchVoids({result.match_id}).empty()) return;
    const std::string mode(*RatingMode(match.game, static_cast<int>(match.seats.size())));
    std::vector<storage::Rating> before;
    for (const auto& seat : match.seats) {
      const std::int64_t account = *seat.account_id;
      before.push_back(
          transaction.FindRating(account, mode).value_or(storage::Rating{account, mode}));
    }
    for (const storage::Rating& rating : RatingsAfterMatch(match, result, before, config)) {
      transaction.PutRating(rating, result.match_id);
    }
  };
}

}  // namespace kafenio::rating
