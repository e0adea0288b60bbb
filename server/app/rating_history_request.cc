// get_rating_history (docs/protocol.md, "Results and ratings"): a player's Glicko-2 rating
// in one mode after each rated match, as stored, for the profile's graph.
#include <algorithm>

#include "server/app/peer.h"
#include "server/app/results_requests.h"
#include "server/rating/rating_modes.h"

namespace kafenio::server {
namespace {

constexpr int kDefaultPoints = 200;
constexpr int kMaxPoints = 1000;

}  // namespace

Reply AnswerRatingHistory(AccountStore& accounts, ResultsStore& results,
                          const v1::GetRatingHistory& request, std::int64_t self,
                          const std::string& request_id) {
  const std::string& mode = request.mode();
  if (!rating::IsRatingMode(mode)) {
    return MakeError(request_id, v1::BAD_REQUEST,
                     "mode must be diloti-1v1, diloti-2v2 or pilotta, not '" + mode + "'");
  }
  const int limit = request.limit() == 0 ? kDefaultPoints : request.limit();
  if (limit < 1 || limit > kMaxPoints) {
    return MakeError(request_id, v1::BAD_REQUEST,
                     "limit must be between 1 and " + std::to_string(kMaxPoints));
  }
  const std::int64_t account_id = request.account_id() == 0 ? self : request.account_id();
  if (!accounts.FindAccount(account_id)) {
    return MakeError(request_id, v1::UNKNOWN_PLAYER, "no player " + std::to_string(account_id));
  }
  const auto points = results.RatingHistoryOf(account_id, mode);
  auto reply = std::make_shared<v1::Envelope>();
  reply->set_request_id(request_id);
  v1::RatingHistory& history = *reply->mutable_rating_history();
  history.set_account_id(account_id);
  history.set_mode(mode);
  history.set_total(static_cast<int>(points.size()));
  // The newest `limit` points, still oldest first.
  const std::size_t first = points.size() - std::min(points.size(), std::size_t(limit));
  for (std::size_t i = first; i < points.size(); ++i) {
    v1::RatingPoint& out = *history.add_points();
    out.set_match_id(points[i].match_id);
    out.set_rating(points[i].rating);
    out.set_rd(points[i].rd);
    out.set_volatility(points[i].volatility);
    out.set_time_unix_ms(points[i].time_unix_ms);
  }
  return reply;
}

}  // namespace kafenio::server
