#pragma once
// Standings: entrants ordered by an event's tie-break chain, each column explained.
#include <optional>
#include <string_view>
#include <vector>

#include "server/tournament/match_points.h"
#include "server/tournament/tournament_types.h"

namespace kafenio::tournament {

enum class TieBreak : std::uint8_t {
  kMatchPoints,
  kBuchholz,
  kBuchholzCut1,
  kSonnebornBerger,
  kDirectEncounter,
  kScoreMargin,
  kMatchesWon,
};

struct TieBreakInfo {
  TieBreak tie_break;
  std::string_view key;  // as stored and sent: "buchholz_cut1"
  std::string_view name;
  std::string_view explanation;
};

const TieBreakInfo& Describe(TieBreak tie_break);
std::optional<TieBreak> TieBreakFromKey(std::string_view key);
const std::vector<TieBreak>& AllTieBreaks();

// The chain most Swiss events use: match points, Buchholz cut-1, Buchholz,
// Sonneborn-Berger, direct encounter, score margin, matches won.
std::vector<TieBreak> DefaultTieBreakChain();

struct StandingRow {
  EntrantId id = 0;
  int place = 0;               // entrants equal on every column share a place
  std::vector<double> values;  // one per column of the chain
  int played = 0, wins = 0, draws = 0, losses = 0, byes = 0;
};

// Standings over `results` for `entrants` (all who took part, withdrawn and disqualified
// included: their results stay in the event), sorted by place, then by seed rank.
std::vector<StandingRow> ComputeStandings(const std::vector<Entrant>& entrants,
                                          const std::vector<MatchResult>& results,
                                          const std::vector<TieBreak>& chain,
                                          const PointsRules& rules);

}  // namespace kafenio::tournament
