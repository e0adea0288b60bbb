#include "server/app/tournament/tournament_settings.h"

#include <cstring>
#include <set>

#include "server/app/crypto.h"
#include "server/app/tournament/tournament_log_codec.h"
#include "server/game/game.h"

namespace kafenio::server {
namespace {

using tournament::Format;

constexpr int kLongestName = 80;
constexpr int kHighestTarget = 10000;
constexpr int kMostHands = 100;

std::string CheckUnit(const v1::MatchUnit& unit, const char* what, MatchUnitSetting& out) {
  if (unit.target() < 0 || unit.target() > kHighestTarget || unit.hands() < 0 ||
      unit.hands() > kMostHands) {
    return std::string(what) + ": a target of 1 to " + std::to_string(kHighestTarget) +
           " or 1 to " + std::to_string(kMostHands) + " hands";
  }
  if (unit.target() > 0 && unit.hands() > 0) {
    return std::string(what) + ": a target or a number of hands, not both";
  }
  out = {unit.target(), unit.hands()};
  return {};
}

// A range check: the value, or `fallback` when 0.
bool InRange(int value, int low, int high, int fallback, int& out) {
  out = value == 0 ? fallback : value;
  return out >= low && out <= high;
}

std::uint64_t RandomSeed() {
  const std::string hex = RandomToken(8);
  return std::stoull(hex, nullptr, 16);
}

void FillUnit(const MatchUnitSetting& unit, v1::MatchUnit& out) {
  out.set_target(unit.target);
  out.set_hands(unit.hands);
}

// How the server opens the event's tables (tournament::TournamentPlay, read by the
// runner) from what the creator chose: the unit's target or hands, the knockout unit of
// pools then knockout, and the final's unit of every knockout. Every match of single and
// double elimination is a knockout match; a Swiss or round robin has no final.
tournament::TournamentPlay PlayOf(Format format, const EventOptions& options,
                                  int no_show_grace_minutes, std::string bot_level) {
  tournament::TournamentPlay play;
  play.preset = options.preset;
  play.options = options.options;
  if (options.unit.target > 0)
    play.options.push_back("target=" + std::to_string(options.unit.target));
  play.hands = options.unit.hands;
  // A stage's unit when it is set: its target as an option, or its number of hands.
  auto stage = [&options](const MatchUnitSetting& unit, std::vector<std::string>& stage_options,
                          int& stage_hands) {
    if (unit.target == 0 && unit.hands == 0) return;
    stage_options = options.options;
    if (unit.target > 0) stage_options.push_back("target=" + std::to_string(unit.target));
    stage_hands = unit.hands;
  };
  if (format == Format::kPoolsKnockout) {
    stage(options.knockout_unit, play.knockout_options, play.knockout_hands);
  }
  if (format == Format::kSingleElimination || format == Format::kDoubleElimination ||
      format == Format::kPoolsKnockout) {
    stage(options.final_unit, play.final_options, play.final_hands);
  }
  play.players = options.seats;
  play.rated = options.rated;
  play.turn_clock_ms = options.turn_clock_ms;
  play.round_time_limit_ms = std::int64_t{options.round_time_limit_minutes} * 60'000;
  play.no_show_grace_ms = std::int64_t{no_show_grace_minutes} * 60'000;
  play.bot_level = std::move(bot_level);
  if (options.duplicate_deals) play.duplicate_deals = options.unit.hands / 2;
  return play;
}

}  // namespace

SettingsCheck CheckTournamentSettings(const v1::TournamentSettings& in, const ServerConfig& config,
                                      std::int64_t now_ms) {
  SettingsCheck check;
  auto refuse = [&check](v1::ErrorCode code, std::string error) {
    check.code = code;
    check.error = std::move(error);
    return check;
  };
  NewTournament& event = check.event;
  EventOptions& options = event.options;
  tournament::TournamentConfig& core = event.config;
  if (in.name().empty() || in.name().size() > kLongestName) {
    return refuse(v1::BAD_REQUEST, "an event needs a name of at most 80 bytes");
  }
  event.name = in.name();
  if (in.game() != "diloti" && in.game() != "pilotta") {
    return refuse(v1::BAD_REQUEST, "the game is diloti or pilotta");
  }
  event.game = in.game();
  for (const auto& [unit, what, out] :
       {std::tuple{&in.unit(), "unit", &options.unit},
        std::tuple{&in.knockout_unit(), "knockout_unit", &options.knockout_unit},
        std::tuple{&in.final_unit(), "final_unit", &options.final_unit}}) {
    if (auto error = CheckUnit(*unit, what, *out); !error.empty()) {
      return refuse(v1::BAD_REQUEST, error);
    }
  }
  // The rules as a table of the event would have them: the target is the unit's.
  options.preset = in.preset();
  for (const auto& option : in.options()) {
    if (option.rfind("target=", 0) == 0) {
      return refuse(v1::BAD_RULES, "the target is set by the match unit, not an option");
    }
    options.options.push_back(option);
  }
  MatchSpec spec{event.game, options.preset, options.options, 0, in.seats()};
  if (options.unit.target > 0)
    spec.options.push_back("target=" + std::to_string(options.unit.target));
  const SeatCount rules = CheckRules(spec);
  if (!rules.error.empty()) return refuse(v1::BAD_RULES, rules.error);
  options.seats = rules.seats;
  for (const auto* unit : {&options.knockout_unit, &options.final_unit}) {
    if (unit->target == 0) continue;
    MatchSpec other = spec;
    other.options = options.options;
    other.options.push_back("target=" + std::to_string(unit->target));
    if (const SeatCount later = CheckRules(other); !later.error.empty()) {
      return refuse(v1::BAD_RULES, later.error);
    }
  }

  const auto format =
      in.format().empty() ? std::optional(Format::kSwiss) : FormatNamed(in.format());
  if (!format) {
    return refuse(v1::BAD_REQUEST,
                  "the format is swiss, round_robin, single_elimination, double_elimination or "
                  "pools_knockout");
  }
  core.format = *format;
  if (!InRange(in.swiss_rounds(), 1, 30, 5, core.swiss_rounds)) {
    return refuse(v1::BAD_REQUEST, "a Swiss has 1 to 30 rounds");
  }
  if (!InRange(in.round_robin_cycles(), 1, 2, 1, core.round_robin_cycles)) {
    return refuse(v1::BAD_REQUEST, "a round robin is played once or twice");
  }
  if (!InRange(in.pool_count(), 1, 32, 2, core.pool_count) ||
      !InRange(in.pool_qualifiers(), 1, 16, 2, core.pool_qualifiers)) {
    return refuse(v1::BAD_REQUEST, "1 to 32 pools, and 1 to 16 qualifiers from each");
  }
  core.third_place_match = in.third_place_match();
  core.grand_final_reset = in.grand_final_reset();
  const auto seeding = in.seeding().empty() ? std::optional(tournament::SeedingMethod::kRating)
                                            : SeedingNamed(in.seeding());
  if (!seeding) return refuse(v1::BAD_REQUEST, "seeding is rating, random or manual");
  core.seeding = *seeding;
  if (in.tie_breaks_size() > 0) {
    core.tie_breaks.clear();
    std::set<std::string> seen;
    for (const auto& key : in.tie_breaks()) {
      const auto tie_break = tournament::TieBreakFromKey(key);
      if (!tie_break || !seen.insert(key).second) {
        return refuse(v1::BAD_REQUEST, "unknown or repeated tie-break '" + key + "'");
      }
      core.tie_breaks.push_back(*tie_break);
    }
  }
  const auto bye = in.bye_score().empty() ? std::optional(tournament::ByeScore::kWin)
                                          : ByeScoreNamed(in.bye_score());
  const auto absent = in.absent_score().empty() ? std::optional(tournament::ByeScore::kNothing)
                                                : ByeScoreNamed(in.absent_score());
  if (!bye || !absent)
    return refuse(v1::BAD_REQUEST, "a bye or absence scores win, half or nothing");
  core.points.bye = *bye;
  core.points.absent = *absent;
  if (in.late_entry_until_round() < 0 ||
      (in.late_entry_until_round() > 0 && core.format != Format::kSwiss)) {
    return refuse(v1::BAD_REQUEST, "late entry is for Swiss events (until round N)");
  }
  core.late_entry_until_round = in.late_entry_until_round();
  for (const auto& pair : in.forbidden()) {
    if (pair.first() < 1 || pair.second() < 1 || pair.first() == pair.second()) {
      return refuse(v1::BAD_REQUEST, "a forbidden pair names two different entrant numbers");
    }
    core.forbidden.insert(tournament::EntrantPair::Of(pair.first(), pair.second()));
  }
  if (!core.forbidden.empty() && core.format != Format::kSwiss) {
    return refuse(v1::BAD_REQUEST, "forbidden pairs are for Swiss events");
  }
  options.duplicate_deals = in.duplicate_deals();
  if (options.duplicate_deals && core.format != Format::kSwiss &&
      core.format != Format::kRoundRobin) {
    return refuse(v1::BAD_REQUEST, "duplicate deals are for Swiss and round robin events");
  }
  // Each deal is played once from each side, so a duplicate match is an even number of hands.
  if (options.duplicate_deals && (options.unit.hands < 2 || options.unit.hands % 2 != 0)) {
    return refuse(v1::BAD_REQUEST,
                  "duplicate deals need matches of a fixed, even number of hands (each deal is "
                  "played from both sides)");
  }
  if (in.round_time_limit_minutes() < 0 || in.round_time_limit_minutes() > 600) {
    return refuse(v1::BAD_REQUEST, "a round's time limit is 0 (none) to 600 minutes");
  }
  options.round_time_limit_minutes = in.round_time_limit_minutes();
  if (in.turn_clock_ms() != 0 && (in.turn_clock_ms() < config.min_turn_clock_ms ||
                                  in.turn_clock_ms() > config.max_turn_clock_ms)) {
    return refuse(v1::BAD_REQUEST, "the turn clock must be between " +
                                       std::to_string(config.min_turn_clock_ms) + " and " +
                                       std::to_string(config.max_turn_clock_ms) + " ms");
  }
  options.turn_clock_ms = in.turn_clock_ms();
  if (in.registration_limit() < 0 || in.registration_limit() == 1 ||
      in.registration_limit() > 4096) {
    return refuse(v1::BAD_REQUEST, "the registration limit is 0 (none) or 2 to 4096");
  }
  options.registration_limit = in.registration_limit();
  if (in.min_rating() < 0 || in.max_rating() < 0 ||
      (in.max_rating() > 0 && in.min_rating() > in.max_rating())) {
    return refuse(v1::BAD_REQUEST, "rating bounds: 0 (none) or a minimum up to the maximum");
  }
  options.rated = in.rated();
  options.rated_only = in.rated_only();
  options.min_rating = in.min_rating();
  options.max_rating = in.max_rating();
  if (in.starts_unix_ms() != 0) {
    if (in.starts_unix_ms() <= now_ms) return refuse(v1::BAD_REQUEST, "the start is in the past");
    event.starts_ms = in.starts_unix_ms();
  }
  if (in.check_in_minutes() < 0 || in.check_in_minutes() > 1440) {
    return refuse(v1::BAD_REQUEST, "the check-in window is 0 (none) to 1440 minutes");
  }
  if (in.check_in_minutes() > 0 && !event.starts_ms) {
    return refuse(v1::BAD_REQUEST, "check-in needs a start time (starts_unix_ms)");
  }
  options.check_in_minutes = in.check_in_minutes();
  if (in.no_show_grace_minutes() < 0 || in.no_show_grace_minutes() > 120) {
    return refuse(v1::BAD_REQUEST, "the no-show grace is 0 (the seat waits) to 120 minutes");
  }
  if (!in.bot_level().empty() && in.bot_level() != "easy" && in.bot_level() != "strong") {
    return refuse(v1::UNKNOWN_BOT_LEVEL, "bot entrants are easy or strong");
  }
  core.play = PlayOf(core.format, options, in.no_show_grace_minutes(),
                     in.bot_level().empty() ? "easy" : in.bot_level());
  core.seed = RandomSeed();
  return check;
}

void FillTournamentSettings(const TournamentSnapshot& event, v1::TournamentSettings& out) {
  const auto& core = event.state.config;
  const auto& options = event.options;
  out.set_name(event.row.name);
  out.set_game(event.row.game);
  out.set_preset(options.preset);
  for (const auto& option : options.options) out.add_options(option);
  out.set_seats(options.seats);
  out.set_format(std::string(FormatName(core.format)));
  out.set_swiss_rounds(core.swiss_rounds);
  out.set_round_robin_cycles(core.round_robin_cycles);
  out.set_third_place_match(core.third_place_match);
  out.set_grand_final_reset(core.grand_final_reset);
  out.set_pool_count(core.pool_count);
  out.set_pool_qualifiers(core.pool_qualifiers);
  FillUnit(options.unit, *out.mutable_unit());
  FillUnit(options.knockout_unit, *out.mutable_knockout_unit());
  FillUnit(options.final_unit, *out.mutable_final_unit());
  out.set_round_time_limit_minutes(options.round_time_limit_minutes);
  out.set_duplicate_deals(options.duplicate_deals);
  out.set_seeding(std::string(SeedingName(core.seeding)));
  for (const auto tie_break : core.tie_breaks) {
    out.add_tie_breaks(std::string(tournament::Describe(tie_break).key));
  }
  out.set_bye_score(std::string(ByeScoreName(core.points.bye)));
  out.set_absent_score(std::string(ByeScoreName(core.points.absent)));
  out.set_registration_limit(options.registration_limit);
  out.set_rated(options.rated);
  out.set_rated_only(options.rated_only);
  out.set_min_rating(options.min_rating);
  out.set_max_rating(options.max_rating);
  out.set_check_in_minutes(options.check_in_minutes);
  out.set_late_entry_until_round(core.late_entry_until_round);
  for (const auto& pair : core.forbidden) {
    auto* forbidden = out.add_forbidden();
    forbidden->set_first(pair.low);
    forbidden->set_second(pair.high);
  }
  out.set_starts_unix_ms(event.row.starts_ms.value_or(0));
  out.set_no_show_grace_minutes(static_cast<int>(core.play.no_show_grace_ms / 60'000));
  out.set_bot_level(core.play.bot_level);
  out.set_turn_clock_ms(options.turn_clock_ms);
  out.set_seed(core.seed);
}

}  // namespace kafenio::server
