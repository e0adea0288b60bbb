// Tie-breaks by hand: byes scored win, half or nothing; forfeits; cut-1 with a bye; direct
// encounter inside a three-way tie; every column explained.
#include <catch2/catch.hpp>

#include "server/tournament/standings.h"
#include "tests/tournament/field.h"

namespace kafenio::tournament {
namespace {

using testing::Seeds;
using testing::Win;

double ValueOf(const std::vector<StandingRow>& rows, EntrantId id, std::size_t column) {
  for (const auto& row : rows) {
    if (row.id == id) return row.values[column];
  }
  FAIL("no row");
  return 0;
}

TEST_CASE("a bye scores as configured and adds nothing to Buchholz", "[standings]") {
  const std::vector<MatchResult> results{ByeResult(1, 3), Win(1, 1, 2), Win(2, 3, 1),
                                         ByeResult(2, 2)};
  const std::vector<TieBreak> chain{TieBreak::kMatchPoints, TieBreak::kBuchholz,
                                    TieBreak::kBuchholzCut1, TieBreak::kMatchesWon};
  for (const auto& [bye, value] : {std::pair{ByeScore::kWin, 1.0}, std::pair{ByeScore::kHalf, 0.5},
                                   std::pair{ByeScore::kNothing, 0.0}}) {
    const auto rows = ComputeStandings(Seeds(3), results, chain, PointsRules{.bye = bye});
    CHECK(ValueOf(rows, 3, 0) == 1 + value);  // the bye and a win over 1
    CHECK(ValueOf(rows, 2, 0) == value);
    // 3's Buchholz: only 1 (1 point); the bye adds nothing, and cut-1 drops it.
    CHECK(ValueOf(rows, 3, 1) == 1);
    CHECK(ValueOf(rows, 3, 2) == 1);
    // 1 played 2 and 3: Buchholz = value + (1 + value); cut-1 drops 2's.
    CHECK(ValueOf(rows, 1, 1) == 1 + 2 * value);
    CHECK(ValueOf(rows, 1, 2) == 1 + value);
    CHECK(ValueOf(rows, 3, 3) == 1);  // a bye is not a match won
  }
}

TEST_CASE("a forfeit win counts as a match won but not as an opponent", "[standings]") {
  const std::vector<MatchResult> results{ForfeitResult(1, 1, 2, 1)};
  const auto rows = ComputeStandings(Seeds(2), results,
                                     {TieBreak::kMatchPoints, TieBreak::kBuchholz,
                                      TieBreak::kSonnebornBerger, TieBreak::kMatchesWon},
                                     {});
  CHECK(rows[0].id == 1);
  CHECK(rows[0].values == std::vector<double>{1, 0, 0, 1});
  CHECK(rows[0].played == 0);
  CHECK(rows[1].values == std::vector<double>{0, 0, 0, 0});
}

TEST_CASE("direct encounter splits a three-way tie by the games among the three", "[standings]") {
  // 1 beat 2, 2 beat 3, 3 beat 1: a cycle; 1 beat 4, 2 beat 4, 3 lost to 4. On points:
  // 1 and 2 have 2, 3 and 4 have 1. Inside {1, 2}: 1 beat 2, so 1 is ahead. Inside {3, 4}:
  // 4 beat 3.
  const std::vector<MatchResult> results{Win(1, 1, 2), Win(1, 4, 3), Win(2, 2, 3),
                                         Win(2, 1, 4), Win(3, 3, 1), Win(3, 2, 4)};
  const auto rows =
      ComputeStandings(Seeds(4), results, {TieBreak::kMatchPoints, TieBreak::kDirectEncounter}, {});
  std::vector<EntrantId> order;
  for (const auto& row : rows) order.push_back(row.id);
  CHECK(order == std::vector<EntrantId>{1, 2, 4, 3});
  CHECK(rows[0].values[1] == 1);
  CHECK(rows[1].values[1] == 0);
}

TEST_CASE("every tie-break has a key, a name and an explanation", "[standings]") {
  for (const auto tie_break : AllTieBreaks()) {
    const auto& info = Describe(tie_break);
    CHECK(info.tie_break == tie_break);
    CHECK(TieBreakFromKey(info.key) == tie_break);
    CHECK_FALSE(info.name.empty());
    CHECK(info.explanation.size() > 20);
  }
  CHECK_FALSE(TieBreakFromKey("coin_toss"));
}

}  // namespace
}  // namespace kafenio::tournament
