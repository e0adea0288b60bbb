#include "server/tournament/standings.h"

#include <algorithm>
#include <array>
#include <map>

namespace kafenio::tournament {
namespace {

const std::array<TieBreakInfo, 7> kTieBreaks{{
    {TieBreak::kMatchPoints, "match_points", "Points",
     "Match points: 1 for a win, 1/2 for a draw, 0 for a loss; a bye scores as the event "
     "says."},
    {TieBreak::kBuchholz, "buchholz", "Buchholz",
     "The sum of the points of every opponent you played: how hard your draw was. A bye or "
     "a forfeit adds nothing."},
    {TieBreak::kBuchholzCut1, "buchholz_cut1", "Buchholz cut-1",
     "Buchholz without your weakest opponent's points (a bye or forfeit counts as the "
     "weakest), so one odd round matters less."},
    {TieBreak::kSonnebornBerger, "sonneborn_berger", "Sonneborn-Berger",
     "The points of the opponents you beat, plus half the points of those you drew with: "
     "wins against strong opponents count most."},
    {TieBreak::kDirectEncounter, "direct_encounter", "Direct encounter",
     "The points you scored against those tied with you on the columns before it."},
    {TieBreak::kScoreMargin, "score_margin", "Score margin",
     "Your card points minus your opponents' card points over your played matches (with "
     "duplicate deals, on identical cards)."},
    {TieBreak::kMatchesWon, "matches_won", "Matches won",
     "Matches won, played or by forfeit; a bye is not a match won."},
}};

struct EntrantTotals {
  double points = 0;
  std::vector<double> buchholz_parts;  // one per round the entrant was in
  double sonneborn_berger = 0;
  double margin = 0;
  int wins = 0, draws = 0, losses = 0, byes = 0, played = 0;
};

std::map<EntrantId, EntrantTotals> Totals(const std::vector<Entrant>& entrants,
                                          const std::vector<MatchResult>& results,
                                          const PointsRules& rules) {
  std::map<EntrantId, EntrantTotals> totals;
  for (const auto& entrant : entrants) totals[entrant.id];
  for (const auto& result : results) {
    for (const auto side : {std::optional<EntrantId>(result.first), result.second}) {
      if (!side || !totals.contains(*side)) continue;
      totals[*side].points += MatchPointsFor(result, *side, rules);
    }
  }
  for (const auto& result : results) {
    for (const auto side : {std::optional<EntrantId>(result.first), result.second}) {
      if (!side || !totals.contains(*side)) continue;
      auto& mine = totals[*side];
      if (result.kind == ResultKind::kBye) ++mine.byes;
      if (result.kind != ResultKind::kPlayed) {
        mine.buchholz_parts.push_back(0);
        if (result.kind == ResultKind::kForfeit && OutcomeFor(result, *side) == Outcome::kWin) {
          ++mine.wins;
        }
        continue;
      }
      const EntrantId opponent = OpponentOf(result, *side);
      const double opponent_points = totals.contains(opponent) ? totals[opponent].points : 0;
      mine.buchholz_parts.push_back(opponent_points);
      ++mine.played;
      const bool first = result.first == *side;
      mine.margin += first ? result.first_score - result.second_score
                           : result.second_score - result.first_score;
      switch (OutcomeFor(result, *side)) {
        case Outcome::kWin:
          ++mine.wins;
          mine.sonneborn_berger += opponent_points;
          break;
        case Outcome::kDraw:
          ++mine.draws;
          mine.sonneborn_berger += opponent_points / 2;
          break;
        case Outcome::kLoss:
          ++mine.losses;
          break;
      }
    }
  }
  return totals;
}

// Points scored by `entrant` against the members of `group`.
double DirectEncounter(EntrantId entrant, const std::vector<EntrantId>& group,
                       const std::vector<MatchResult>& results, const PointsRules& rules) {
  double points = 0;
  for (const auto& result : results) {
    if (result.kind != ResultKind::kPlayed || !Involves(result, entrant)) continue;
    const EntrantId opponent = OpponentOf(result, entrant);
    if (opponent == entrant || std::find(group.begin(), group.end(), opponent) == group.end()) {
      continue;
    }
    points += MatchPointsFor(result, entrant, rules);
  }
  return points;
}

double Value(TieBreak tie_break, const EntrantTotals& totals) {
  switch (tie_break) {
    case TieBreak::kMatchPoints:
      return totals.points;
    case TieBreak::kBuchholz: {
      double sum = 0;
      for (const double part : totals.buchholz_parts) sum += part;
      return sum;
    }
    case TieBreak::kBuchholzCut1: {
      if (totals.buchholz_parts.empty()) return 0;
      double sum = 0;
      for (const double part : totals.buchholz_parts) sum += part;
      return sum - *std::min_element(totals.buchholz_parts.begin(), totals.buchholz_parts.end());
    }
    case TieBreak::kSonnebornBerger:
      return totals.sonneborn_berger;
    case TieBreak::kScoreMargin:
      return totals.margin;
    case TieBreak::kMatchesWon:
      return totals.wins;
    case TieBreak::kDirectEncounter:
      return 0;  // depends on the tied group: computed by the caller
  }
  return 0;
}

}  // namespace

const TieBreakInfo& Describe(TieBreak tie_break) {
  return kTieBreaks[static_cast<std::size_t>(tie_break)];
}

std::optional<TieBreak> TieBreakFromKey(std::string_view key) {
  for (const auto& info : kTieBreaks) {
    if (info.key == key) return info.tie_break;
  }
  return std::nullopt;
}

const std::vector<TieBreak>& AllTieBreaks() {
  static const std::vector<TieBreak> all = [] {
    std::vector<TieBreak> list;
    for (const auto& info : kTieBreaks) list.push_back(info.tie_break);
    return list;
  }();
  return all;
}

std::vector<TieBreak> DefaultTieBreakChain() {
  return {TieBreak::kMatchPoints,     TieBreak::kBuchholzCut1,    TieBreak::kBuchholz,
          TieBreak::kSonnebornBerger, TieBreak::kDirectEncounter, TieBreak::kScoreMargin,
          TieBreak::kMatchesWon};
}

std::vector<StandingRow> ComputeStandings(const std::vector<Entrant>& entrants,
                                          const std::vector<MatchResult>& results,
                                          const std::vector<TieBreak>& chain,
                                          const PointsRules& rules) {
  const auto totals = Totals(entrants, results, rules);
  std::map<EntrantId, int> seed_rank;
  std::map<EntrantId, StandingRow> rows;
  for (const auto& entrant : entrants) {
    seed_rank[entrant.id] = entrant.seed_rank;
    const auto& mine = totals.at(entrant.id);
    rows[entrant.id] = StandingRow{.id = entrant.id,
                                   .values = std::vector<double>(chain.size(), 0),
                                   .played = mine.played,
                                   .wins = mine.wins,
                                   .draws = mine.draws,
                                   .losses = mine.losses,
                                   .byes = mine.byes};
  }
  // Split the field column by column: each group holds entrants equal on every column so
  // far; direct encounter is computed inside the group it has to split.
  std::vector<std::vector<EntrantId>> groups(1);
  for (const auto& entrant : entrants) groups[0].push_back(entrant.id);
  for (std::size_t column = 0; column < chain.size(); ++column) {
    std::vector<std::vector<EntrantId>> next;
    for (const auto& group : groups) {
      for (const EntrantId id : group) {
        rows[id].values[column] = chain[column] == TieBreak::kDirectEncounter
                                      ? DirectEncounter(id, group, results, rules)
                                      : Value(chain[column], totals.at(id));
      }
      std::vector<EntrantId> sorted = group;
      std::stable_sort(sorted.begin(), sorted.end(), [&](EntrantId a, EntrantId b) {
        return rows[a].values[column] > rows[b].values[column];
      });
      for (std::size_t k = 0; k < sorted.size(); ++k) {
        if (k == 0 || rows[sorted[k]].values[column] != rows[sorted[k - 1]].values[column]) {
          next.emplace_back();
        }
        next.back().push_back(sorted[k]);
      }
    }
    groups = std::move(next);
  }
  std::vector<StandingRow> standings;
  int place = 1;
  for (auto& group : groups) {
    std::sort(group.begin(), group.end(),
              [&](EntrantId a, EntrantId b) { return seed_rank[a] < seed_rank[b]; });
    for (const EntrantId id : group) {
      rows[id].place = place;
      standings.push_back(rows[id]);
    }
    place += static_cast<int>(group.size());
  }
  return standings;
}

}  // namespace kafenio::tournament
