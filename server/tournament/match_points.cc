#include "server/tournament/match_points.h"

namespace kafenio::tournament {

double ByeScoreValue(ByeScore score) {
  switch (score) {
    case ByeScore::kWin:
      return 1.0;
    case ByeScore::kHalf:
      return 0.5;
    case ByeScore::kNothing:
      return 0.0;
  }
  return 0.0;
}

bool Involves(const MatchResult& result, EntrantId entrant) {
  return result.first == entrant || (result.second && *result.second == entrant);
}

EntrantId OpponentOf(const MatchResult& result, EntrantId entrant) {
  return result.first == entrant ? result.second.value_or(entrant) : result.first;
}

Outcome OutcomeFor(const MatchResult& result, EntrantId entrant) {
  if (!result.winner) return Outcome::kDraw;
  return *result.winner == entrant ? Outcome::kWin : Outcome::kLoss;
}

double MatchPointsFor(const MatchResult& result, EntrantId entrant, const PointsRules& rules) {
  switch (result.kind) {
    case ResultKind::kBye:
      return ByeScoreValue(rules.bye);
    case ResultKind::kAbsent:
      return ByeScoreValue(rules.absent);
    case ResultKind::kPlayed:
    case ResultKind::kForfeit:
      switch (OutcomeFor(result, entrant)) {
        case Outcome::kWin:
          return 1.0;
        case Outcome::kDraw:
          return 0.5;
        case Outcome::kLoss:
          return 0.0;
      }
  }
  return 0.0;
}

double TotalMatchPoints(const std::vector<MatchResult>& results, EntrantId entrant,
                        const PointsRules& rules) {
  double total = 0;
  for (const auto& result : results) {
    if (Involves(result, entrant)) total += MatchPointsFor(result, entrant, rules);
  }
  return total;
}

}  // namespace kafenio::tournament
