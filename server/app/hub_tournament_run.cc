// The director's pause and resume of a running event (docs/protocol.md, "Tournaments:
// rounds, your table, results, pause"): answered once every table of the event shows it.
#include "server/app/hub.h"
#include "server/app/tournament/tournament_refusal_code.h"
#include "server/app/tournament/tournament_runner.h"

namespace kafenio::server {

void Hub::TournamentRunRequest(ClientContext& client, const std::shared_ptr<Peer>& peer,
                               const v1::Envelope& request) {
  const std::string& rid = request.request_id();
  if (!tournament_runner_) return Refuse(peer, rid, v1::UNKNOWN_TOURNAMENT, "no such event");
  auto answer = [this, peer, rid](TournamentAnswer outcome) {
    if (!outcome.ok()) {
      return Refuse(peer, rid, TournamentErrorCode(outcome.refusal), outcome.message);
    }
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
