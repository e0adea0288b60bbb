#pragma once
// Knockout brackets (single and double elimination) as a fixed graph of matches whose
// sides are seeds or the winner or loser of an earlier match, and the resolution of that
// graph from the winners decided so far. The bracket size is the next power of two; the
// missing seeds are byes, and the standard seeded order (1 v 16, 8 v 9, 4 v 13, ...) puts
// them against the top seeds. A match against a bye is a walkover: its entrant goes on
// without playing.
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "server/tournament/tournament_types.h"

namespace kafenio::tournament {

enum class BracketStage : std::uint8_t {
  kMain,             // single elimination, or the winners' bracket of double elimination
  kLosers,           // double elimination's losers' bracket
  kThirdPlace,       // single elimination: the semi-final losers
  kGrandFinal,       // double elimination: winners' champion v losers' champion
  kGrandFinalReset,  // played only when the losers' champion wins the grand final
};

struct SlotSource {
  enum class Kind : std::uint8_t { kSeed, kWinnerOf, kLoserOf };
  Kind kind = Kind::kSeed;
  int value = 0;  // the seed (1-based), or the id of the earlier match
};

struct KnockoutMatch {
  int id = 0;  // index in KnockoutBracket::matches; sources always have smaller ids
  BracketStage stage = BracketStage::kMain;
  int round = 1;  // 1-based within its stage
  SlotSource first, second;
};

struct KnockoutBracket {
  int entrants = 0;
  int size = 0;  // the next power of two
  std::vector<KnockoutMatch> matches;
};

// The seed order of the first round's slots for a bracket of `size` (a power of two):
// slot pairs (0,1), (2,3), ... meet. For 8: 1 8 4 5 2 7 3 6.
std::vector<int> SeededSlotOrder(int size);

KnockoutBracket SingleElimination(int entrants, bool third_place_match);
KnockoutBracket DoubleElimination(int entrants, bool grand_final_reset);

// One match of a bracket as far as the results so far decide it.
struct ResolvedMatch {
  enum class Status : std::uint8_t {
    kWaiting,    // a side is not known yet
    kReady,      // both sides known entrants: to be played
    kDecided,    // played (or forfeited): winner and loser known
    kWalkover,   // one side is a bye: the other goes on without playing
    kEmpty,      // both sides are byes
    kNotNeeded,  // a grand-final reset after the winners' champion won the grand final
  };
  int id = 0;
  Status status = Status::kWaiting;
  std::optional<EntrantId> first, second;  // empty for a bye or a side not known yet
  std::optional<EntrantId> winner, loser;
};

// `seeded` lists the entrants by seed (seed 1 first); `winners` maps a played match's id
// to its winner, who must be one of its sides.
std::vector<ResolvedMatch> ResolveBracket(const KnockoutBracket& bracket,
                                          const std::vector<EntrantId>& seeded,
                                          const std::map<int, EntrantId>& winners);

// The matches to be played now.
std::vector<int> ReadyMatches(const std::vector<ResolvedMatch>& resolved);

// Whether the bracket is decided (no match waiting or ready).
bool BracketFinished(const std::vector<ResolvedMatch>& resolved);

// The final places (1 = champion; entrants eliminated in the same round share a place,
// the lowest of the places they span: quarter-final losers of a bracket of 8 are 5th).
// Entrants still in the event have no place yet.
std::map<EntrantId, int> KnockoutPlaces(const KnockoutBracket& bracket,
                                        const std::vector<ResolvedMatch>& resolved);

// Whether the match is the final: single elimination's last match, or double
// elimination's grand final and its deciding match (the winners' final is not).
bool IsFinal(const KnockoutBracket& bracket, const KnockoutMatch& match);

// A short name of a match for people: "Final", "Semi-final 2", "Losers' round 3, match 1".
std::string MatchLabel(const KnockoutBracket& bracket, const KnockoutMatch& match);

}  // namespace kafenio::tournament
