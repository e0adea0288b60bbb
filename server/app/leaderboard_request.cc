#include "server/app/peer.h"
#include "server/app/results_requests.h"
#include "server/rating/rating_modes.h"

namespace kafenio::server {

void FillPlayerRating(const RatingRecord& rating, v1::PlayerRating& out) {
  out.set_account_id(rating.account_id);
  out.set_name(rating.name);
  out.set_mode(rating.mode);
  out.set_rating(rating.rating);
  out.set_rd(rating.rd);
  out.set_volatility(rating.volatility);
  out.set_matches(rating.matches);
  out.set_updated_unix_ms(rating.updated_unix_ms);
}

Reply AnswerLeaderboard(ResultsStore& store, const v1::GetLeaderboard& request,
                        const std::string& request_id) {
  const std::string& mode = request.mode();
  if (!rating::IsRatingMode(mode)) {
    return MakeError(request_id, v1::BAD_REQUEST,
                     "mode must be diloti-1v1, diloti-2v2 or pilotta, not '" + mode + "'");
  }
  const int limit = PageLimit(request.limit());
  if (limit < 0) return PageLimitError(request_id);
  auto reply = std::make_shared<v1::Envelope>();
  reply->set_request_id(request_id);
  v1::Leaderboard& board = *reply->mutable_leaderboard();
  board.set_mode(mode);
  for (const RatingRecord& entry : store.Leaderboard(mode, limit)) {
    FillPlayerRating(entry, *board.add_entries());
  }
  return reply;
}

}  // namespace kafenio::server
