// The director's pause and resume of a running event (docs/protocol.md, "Tournaments:
// rounds, your table, results, pause"): answered once every table of the event shows it.
#include "server/app/hub.h"
#include "server/app/tournament/tournament_runner.h"

namespace kafenio::server {
namespace {

v1::ErrorCode CodeOf(TournamentRefusal refusal) {
  switch (refusal) {
    case TournamentRefusal::kNoSuchEvent:
      return v1::UNKNOWN_TOURNAMENT;
    case TournamentRefusal::kNotDirector:
      return v1::NOT_TOURNAMENT_DIRECTOR;
    case TournamentRefusal::kNotAllowed:
      return v1::TOURNAMENT_STATE;
    case TournamentRefusal::kUnavailable:
      return v1::STORAGE_UNAVAILABLE;
    default:
      return v1::BAD_REQUEST;
  }
}

}  // namespace

void Hub::TournamentRunRequest(ClientContext& client, const std::shared_ptr<Peer>& peer,
                               const v1::Envelope& request) {
  const std::string& rid = request.request_id();
  if (!tournament_runner_) return Refuse(peer, rid, v1::UNKNOWN_TOURNAMENT, "no such event");
  auto answer = [this, peer, rid](TournamentAnswer answer) {
    if (!answer.ok()) return Refuse(peer, rid, CodeOf(answer.refusal), answer.message);
    peer->Deliver(MakeOk(rid));
  };
  const std::int64_t by = client.who->account_id;
  if (request.has_pause_tournament()) {
    const auto& pause = request.pause_tournament();
    return tournament_runner_->Pause(by, pause.tournament_id(), pause.reason(), client.strand,
                                     answer);
  }
  tournament_runner_->Resume(by, request.resume_tournament().tournament_id(), client.strand,
                             answer);
}

void Hub::TellTournamentTables(std::int64_t account_id) {
  if (tournament_runner_) tournament_runner_->SignedIn(account_id);
}

}  // namespace kafenio::server
