#pragma once
// An event's standings for people and programs: CSV (one header row, then one row per
// entrant: place, entrant, name, points and every tie-break column of the event's chain,
// then played/won/drawn/lost/byes) and JSON (the same, with each column's explanation).
// The command line prints them, and the HTTP routes serve the same text. The results the
// same ways: one row per table of every published round (and per bye), with the match's
// id for its record.
#include <string>

#include "server/tournament/tournament_state.h"

namespace kafenio::server {

std::string StandingsCsv(const tournament::TournamentState& state);
std::string StandingsJson(const tournament::TournamentState& state);
std::string ResultsCsv(const tournament::TournamentState& state);
std::string ResultsJson(const tournament::TournamentState& state);

}  // namespace kafenio::server
