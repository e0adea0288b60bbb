#include "server/app/peer.h"
#include "server/app/results_requests.h"

namespace kafenio::server {

Reply AnswerMatchRecord(ResultsStore& store, const v1::GetMatchRecord& request,
                        const std::string& request_id) {
  const auto record = store.FinishedMatchRecord(request.match_id());
  if (!record) {
    return MakeError(request_id, v1::UNKNOWN_MATCH,
                     "no finished match " + std::to_string(request.match_id()));
  }
  auto reply = std::make_shared<v1::Envelope>();
  reply->set_request_id(request_id);
  reply->mutable_match_record()->set_match_id(request.match_id());
  reply->mutable_match_record()->set_record(*record);
  return reply;
}

}  // namespace kafenio::server
