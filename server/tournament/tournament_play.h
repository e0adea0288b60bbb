#pragma once
// How an event's matches are played, beside what pairing and standings depend on: the
// game's preset and options (the target), a fixed number of hands instead, the clocks,
// the round's time limit and the grace before a no-show is forfeited. The server opens
// every table of a round from these (server/app/tournament/tournament_runner.h).
#include <cstdint>
#include <string>
#include <vector>

namespace kafenio::tournament {

struct TournamentPlay {
  std::string preset;                // "" takes the game's default
  std::vector<std::string> options;  // KEY=VALUE, e.g. "target=151"
  // Knockout stages (the knockout after pools, and every knockout round) may play another
  // unit: `knockout_options` and `knockout_hands` replace `options` and `hands` there when
  // either is set (empty and 0 keep the first stage's).
  std::vector<std::string> knockout_options;
  int knockout_hands = 0;
  // The final (single elimination's last match, double elimination's grand final and its
  // deciding match) may differ again: these replace the knockout's when either is set.
  std::vector<std::string> final_options;
  int final_hands = 0;
  int hands = 0;          // > 0: a match is this many hands (then the target is not used)
  int players = 0;        // seats at a table: 0 as the game has it (Diloti 2, Pilotta 4)
  bool rated = false;     // tournament matches change ratings (pairs: team ratings)
  int turn_clock_ms = 0;  // 0: the server's default
  // The round's time limit from its start (0: none): at the limit the hand in play
  // finishes, the side ahead wins; level sides play one more hand.
  std::int64_t round_time_limit_ms = 0;
  // A reserved seat whose player has not come within this long after the round starts
  // forfeits the match (0: never; the match simply waits, bots stand in once it starts).
  std::int64_t no_show_grace_ms = 0;
  std::string bot_level = "easy";  // bot entrants: easy or strong
  // Duplicate deals (Swiss and round robin): > 0 plays this many deals per match, each
  // twice (once from each side), the same at every table of the round; the match is then
  // 2 x duplicate_deals hands and `hands` is not used.
  int duplicate_deals = 0;
};

// Which stage a match belongs to, for its unit.
enum class MatchStage : std::uint8_t { kFirst, kKnockout, kFinal };

// The rule options and the fixed number of hands (0: to the target) of a stage's matches:
// the final falls back to the knockout's unit, the knockout to the first stage's.
struct StageUnit {
  std::vector<std::string> options;
  int hands = 0;
};

inline StageUnit UnitOfStage(const TournamentPlay& play, MatchStage stage) {
  if (stage == MatchStage::kFinal && (!play.final_options.empty() || play.final_hands > 0)) {
    return {play.final_options, play.final_hands};
  }
  if (stage != MatchStage::kFirst && (!play.knockout_options.empty() || play.knockout_hands > 0)) {
    return {play.knockout_options, play.knockout_hands};
  }
  return {play.options, play.hands};
}

}  // namespace kafenio::tournament
