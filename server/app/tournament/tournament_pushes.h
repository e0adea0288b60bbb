#pragma once
// The pushes that tell an entrant's players about the event (docs/protocol.md,
// "Tournaments: rounds, your table, results, pause"), built from the event's state.
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "kafenio/v1/kafenio.pb.h"
#include "server/tournament/tournament_state.h"

namespace kafenio::server {

using Push = std::shared_ptr<const v1::Envelope>;

// `table`: the table's index in the round, -1 for a bye.
Push RoundStartedPush(std::int64_t id, const std::string& name,
                      const tournament::PublishedRound& round, int table,
                      tournament::EntrantId entrant, const std::string& table_id,
                      const tournament::TournamentState& state, std::int64_t deadline_ms,
                      std::int64_t no_show_ms, const std::vector<int>& seats);
Push ResultPush(std::int64_t id, const tournament::PublishedTable& table,
                tournament::EntrantId entrant, const tournament::TournamentState& state);
Push ByeResultPush(std::int64_t id, int round, tournament::EntrantId entrant,
                   const tournament::TournamentState& state);
Push FinishedPush(std::int64_t id, const std::string& name, tournament::EntrantId entrant,
                  const std::vector<tournament::StandingRow>& standings);
Push PausedPush(std::int64_t id, bool paused, const std::string& reason);

}  // namespace kafenio::server
