#include "server/app/tournament/entry_rules.h"

namespace kafenio::server {

std::string EntryClosed(const tournament::TournamentState& state, const EventOptions& options) {
  if (options.registration_limit <= 0) return {};
  int active = 0;
  for (const auto& entrant : state.entrants) active += state.Active(entrant.id);
  if (active < options.registration_limit) return {};
  return "the event is full (" + std::to_string(options.registration_limit) + " entrants)";
}

std::string RatingRefused(const EventOptions& options, double rating, bool rated) {
  if (options.rated_only && !rated) return "the event is for players with a rating in its game";
  if (options.min_rating > 0 && rating < options.min_rating) {
    return "the event is for ratings of " + std::to_string(options.min_rating) + " or more";
  }
  if (options.max_rating > 0 && rating > options.max_rating) {
    return "the event is for ratings up to " + std::to_string(options.max_rating);
  }
  return {};
}

std::optional<std::int64_t> CheckInOpensMs(const storage::TournamentRow& row,
                                           const EventOptions& options) {
  if (options.check_in_minutes <= 0 || !row.starts_ms) return std::nullopt;
  return *row.starts_ms - std::int64_t{options.check_in_minutes} * 60 * 1000;
}

std::string CheckInNotYetOpen(const storage::TournamentRow& row, const EventOptions& options,
                              std::int64_t now_ms) {
  const auto opens = CheckInOpensMs(row, options);
  if (!opens || now_ms >= *opens) return {};
  return "check-in has not opened yet: it opens " + std::to_string(options.check_in_minutes) +
         " minutes before the start";
}

}  // namespace kafenio::server
