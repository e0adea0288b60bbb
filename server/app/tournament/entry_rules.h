#pragma once
// The terms of entry of an event (docs/tournaments.md, "Registration"): its limit, its
// rating bounds and its check-in window. Each returns why not (a sentence for people), or
// nothing when the entry or check-in may go ahead.
#include <cstdint>
#include <optional>
#include <string>

#include "server/app/tournament/event_options.h"
#include "server/storage/tournament_rows.h"
#include "server/tournament/tournament_state.h"

namespace kafenio::server {

// The field is full (active entrants at the limit).
std::string EntryClosed(const tournament::TournamentState& state, const EventOptions& options);
// A player (or a pair, with the team's rating) outside the event's rating terms. `rated`:
// the player has played the event's mode rated (a new player is at 1500 but unrated).
std::string RatingRefused(const EventOptions& options, double rating, bool rated);
// When check-in opens (none: the event has no check-in).
std::optional<std::int64_t> CheckInOpensMs(const storage::TournamentRow& row,
                                           const EventOptions& options);
// The director may not start before the check-in window opens: nobody could be present.
std::string CheckInNotYetOpen(const storage::TournamentRow& row, const EventOptions& options,
                              std::int64_t now_ms);

}  // namespace kafenio::server
