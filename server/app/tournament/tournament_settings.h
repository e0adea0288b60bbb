#pragma once
// An event's settings on the wire (v1::TournamentSettings) and in the server: the checked
// conversion of a CreateTournament's settings, and the settings of an event as shown.
#include <cstdint>
#include <string>

#include "kafenio/v1/kafenio.pb.h"
#include "server/app/tournament/stored_tournaments.h"
#include "server/config/server_config.h"

namespace kafenio::server {

struct SettingsCheck {
  NewTournament event;
  v1::ErrorCode code = v1::ERROR_UNSPECIFIED;  // set when refused
  std::string error;
};

// Defaults for what is left out (Swiss of 5 rounds, seeding by rating, the default
// tie-break chain, byes won); a refusal (BAD_RULES or BAD_REQUEST) for anything out of
// range. The seed is drawn here and published with the event.
SettingsCheck CheckTournamentSettings(const v1::TournamentSettings& settings,
                                      const ServerConfig& config, std::int64_t now_ms);

void FillTournamentSettings(const TournamentSnapshot& event, v1::TournamentSettings& out);

}  // namespace kafenio::server
