#include "server/app/peer.h"
#include "server/app/results_requests.h"

namespace kafenio::server {

Reply AnswerProfile(AccountStore& accounts, ResultsStore& results, const v1::GetProfile& request,
                    std::int64_t self, const std::string& request_id) {
  const std::int64_t account_id = request.account_id() == 0 ? self : request.account_id();
  const auto account = accounts.FindAccount(account_id);
  if (!account) {
    return MakeError(request_id, v1::UNKNOWN_PLAYER, "no player " + std::to_string(account_id));
  }
  auto reply = std::make_shared<v1::Envelope>();
  reply->set_request_id(request_id);
  v1::Profile& profile = *reply->mutable_profile();
  profile.set_account_id(account->id);
  profile.set_name(account->name);
  profile.set_guest(account->guest);
  profile.set_created_unix_ms(account->created_unix_ms);
  for (const RatingRecord& rating : results.RatingsOf(account_id)) {
    FillPlayerRating(rating, *profile.add_ratings());
  }
  return reply;
}

}  // namespace kafenio::server
