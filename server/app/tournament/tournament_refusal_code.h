#pragma once
// The wire's error code for a refused tournament change (docs/protocol.md), one mapping for
// every handler that answers one: the players' and directors' requests and pause/resume.
#include "kafenio/v1/kafenio.pb.h"
#include "server/app/tournament/tournament_director.h"

namespace kafenio::server {

inline v1::ErrorCode TournamentErrorCode(TournamentRefusal refusal) {
  switch (refusal) {
    case TournamentRefusal::kNoSuchEvent:
      return v1::UNKNOWN_TOURNAMENT;
    case TournamentRefusal::kNotDirector:
      return v1::NOT_TOURNAMENT_DIRECTOR;
    case TournamentRefusal::kNotAllowed:
      return v1::TOURNAMENT_STATE;
    case TournamentRefusal::kEntryRefused:
      return v1::ENTRY_REFUSED;
    case TournamentRefusal::kNoSuchInvitation:
      return v1::UNKNOWN_INVITATION;
    case TournamentRefusal::kUnavailable:
      return v1::STORAGE_UNAVAILABLE;
    default:
      return v1::BAD_REQUEST;
  }
}

}  // namespace kafenio::server
