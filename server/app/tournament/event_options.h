#pragma once
// What an event is played as, beside what pairing and standings depend on
// (tournament::TournamentConfig): the game's preset and rule options, the match unit of
// each stage, the round time limit, duplicate deals, and the terms of entry (limit,
// ratings, check-in). Fixed at creation and stored in the event's settings column as its
// "event_options" member, which the core's settings decoder does not read (the core's own
// "play" member, tournament::TournamentPlay, is filled from these at creation).
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace kafenio::server {

// A match played to a target score, or for a fixed number of hands (0, 0: the rules'
// target).
struct MatchUnitSetting {
  int target = 0;
  int hands = 0;
};

struct EventOptions {
  std::string preset;                // "" takes the game's default
  std::vector<std::string> options;  // KEY=VALUE rule options, as for a table
  int seats = 2;                     // 4: entrants are fixed pairs
  MatchUnitSetting unit;             // the first stage's matches
  MatchUnitSetting knockout_unit;    // pools then knockout: the knockout's (0, 0: as unit)
  MatchUnitSetting final_unit;       // knockouts: the final's (0, 0: as the stage's)
  int round_time_limit_minutes = 0;  // 0: none
  bool duplicate_deals = false;
  bool rated = false;
  int turn_clock_ms = 0;  // 0: the server's default
  int registration_limit = 0;
  bool rated_only = false;
  int min_rating = 0;  // 0: no bound
  int max_rating = 0;
  int check_in_minutes = 0;  // 0: no check-in

  bool pairs() const { return seats == 4; }
};

std::string EncodeEventOptions(const EventOptions& options);
// The settings column's text with `options` as its "event_options" member.
std::string SettingsWithOptions(std::string_view settings_json, const EventOptions& options);
// The "event_options" member of a settings column; default options for an event stored without one.
std::optional<EventOptions> DecodeEventOptions(std::string_view settings_json);

}  // namespace kafenio::server
