#pragma once
// How an event's settings and log entries are stored: one JSON object per row (RapidJSON,
// as the rest of the server's JSON), with the entry's kind in its own column. Decoding
// refuses anything it does not fully understand, so a verify never folds a guess.
#include <optional>
#include <string>
#include <string_view>

#include "server/storage/tournament_rows.h"
#include "server/tournament/tournament_config.h"
#include "server/tournament/tournament_state.h"

namespace kafenio::server {

std::string EncodeTournamentSettings(const tournament::TournamentConfig& config);
// The settings of a stored event; the seed comes from its own column.
std::optional<tournament::TournamentConfig> DecodeTournamentSettings(std::string_view json,
                                                                     std::uint64_t seed);

// The names the settings are stored (and sent) with.
std::string_view FormatName(tournament::Format format);
std::optional<tournament::Format> FormatNamed(std::string_view name);
std::string_view SeedingName(tournament::SeedingMethod seeding);
std::optional<tournament::SeedingMethod> SeedingNamed(std::string_view name);
std::string_view ByeScoreName(tournament::ByeScore score);
std::optional<tournament::ByeScore> ByeScoreNamed(std::string_view name);

std::string_view TournamentEventKind(tournament::TournamentEvent::Kind kind);
// played, forfeit, bye, absent: as results are stored and shown.
std::string_view ResultKindName(tournament::ResultKind kind);
std::string EncodeTournamentEvent(const tournament::TournamentEvent& event);
std::optional<tournament::TournamentEvent> DecodeTournamentEvent(std::string_view kind,
                                                                 std::string_view payload);

}  // namespace kafenio::server
