#pragma once
// The read-only requests about finished matches and ratings (docs/protocol.md, "Results
// and ratings"): each takes the request and returns the reply to send, the answer or a
// typed Error. They only read storage, which blocks: the hub runs them on its read pool
// (BlockingWork), never on an I/O thread.
#include <cstdint>
#include <memory>
#include <string>

#include "kafenio/v1/kafenio.pb.h"
#include "server/storage/account_store.h"
#include "server/storage/results_store.h"

namespace kafenio::server {

using Reply = std::shared_ptr<const v1::Envelope>;

// The game record of a finished match (UNKNOWN_MATCH for a live or unknown one).
Reply AnswerMatchRecord(ResultsStore& store, const v1::GetMatchRecord& request,
                        const std::string& request_id);
// A page of a player's match history; account 0 is `self`, the signed-in player.
Reply AnswerMatchHistory(AccountStore& accounts, ResultsStore& results,
                         const v1::GetMatchHistory& request, std::int64_t self,
                         const std::string& request_id);
// The best-rated players of one mode.
Reply AnswerLeaderboard(ResultsStore& store, const v1::GetLeaderboard& request,
                        const std::string& request_id);
// A player's account and ratings; account 0 is `self`.
Reply AnswerProfile(AccountStore& accounts, ResultsStore& results, const v1::GetProfile& request,
                    std::int64_t self, const std::string& request_id);

// A player's rating in one mode after each rated match, oldest first; account 0 is `self`.
Reply AnswerRatingHistory(AccountStore& accounts, ResultsStore& results,
                          const v1::GetRatingHistory& request, std::int64_t self,
                          const std::string& request_id);

// Shared by the readers above: a page size from a request (0 takes the default), or -1
// when it is out of range; and the error that refuses such a request.
int PageLimit(int requested);
Reply PageLimitError(const std::string& request_id);
void FillPlayerRating(const RatingRecord& rating, v1::PlayerRating& out);

}  // namespace kafenio::server
