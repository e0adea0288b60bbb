#pragma once
// An event as players and directors see it (v1::TournamentView): entrants, pending
// invitations, rounds with pairings and results, standings with every tie-break column
// and its explanation, and the bracket of a knockout stage.
#include <cstdint>

#include "kafenio/v1/kafenio.pb.h"
#include "server/app/tournament/stored_tournaments.h"

namespace kafenio::server {

void FillTournamentSummary(const TournamentSnapshot& event, v1::TournamentSummary& out);
void FillTournamentView(const TournamentSnapshot& event, std::int64_t now_ms,
                        v1::TournamentView& out);
void FillInvitation(const TournamentSnapshot& event, const PartnerInvite& invite,
                    v1::PartnerInvitation& out);

}  // namespace kafenio::server
