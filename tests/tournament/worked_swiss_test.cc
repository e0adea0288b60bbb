// The worked example of docs/tournaments.md: a Swiss of 8 entrants over 3 rounds, every
// pairing and every tie-break computed by hand below and checked against the code.
#include <catch2/catch.hpp>

#include "server/tournament/standings.h"
#include "server/tournament/swiss_pairing.h"
#include "tests/tournament/field.h"

namespace kafenio::tournament {
namespace {

MatchResult Played(int round, EntrantId first, EntrantId second, int first_score,
                   int second_score) {
  return PlayedResult(round, first, second, first_score, second_score);
}

std::vector<Entrant> EightSeeds() {
  return testing::Seeds(8);
}

SwissRound Pair(int round, const std::vector<MatchResult>& results) {
  return PairSwissRound(SwissInputFromResults(round, EightSeeds(), results, {}, {}));
}

// Round 1, all on 0: top half against bottom half, 1-5 2-6 3-7 4-8; the first seat goes
// to the higher seed on tables 1 and 3 and to the lower on tables 2 and 4.
const std::vector<MatchResult> kRound1{Played(1, 1, 5, 61, 40), Played(1, 6, 2, 30, 62),
                                       Played(1, 3, 7, 50, 63), Played(1, 8, 4, 45, 45)};
// Round 2. Score groups: {1, 2, 7} on 1, {4, 8} on 1/2, {3, 5, 6} on 0. In the group of
// three, 1 meets the middle (2); 7 floats down to the top of the next group (4); 8 floats
// to the top of the group on 0 (3); 5 and 6 remain. Seats: 2 and 5 had the second seat,
// so they take the first; 7 and 4 both had the second seat (table 2: the lower seed, 7,
// takes the first); 3 and 8 both had the first (table 3: the higher seed, 3).
const std::vector<MatchResult> kRound2{Played(2, 2, 1, 64, 50), Played(2, 7, 4, 61, 20),
                                       Played(2, 3, 8, 40, 40), Played(2, 5, 6, 35, 61)};
// Round 3. Groups: {2, 7} on 2, {1, 6, 8} on 1, {3, 4} on 1/2, {5} on 0. 2-7; 1 meets the
// middle of {1, 6, 8}, 6; 8 has met 4 and 3, so it floats past them to 5; 3-4 remain.
const std::vector<MatchResult> kRound3{Played(3, 2, 7, 62, 58), Played(3, 6, 1, 44, 61),
                                       Played(3, 8, 5, 61, 30), Played(3, 4, 3, 52, 61)};

std::vector<MatchResult> AllRounds() {
  std::vector<MatchResult> all = kRound1;
  all.insert(all.end(), kRound2.begin(), kRound2.end());
  all.insert(all.end(), kRound3.begin(), kRound3.end());
  return all;
}

std::vector<Pairing> PairingsOf(const std::vector<MatchResult>& round) {
  std::vector<Pairing> pairings;
  for (const auto& result : round) pairings.push_back({result.first, *result.second});
  return pairings;
}

TEST_CASE("worked Swiss: each round's pairing is the one worked out by hand", "[swiss]") {
  CHECK(Pair(1, {}).tables == PairingsOf(kRound1));
  CHECK(Pair(2, kRound1).tables == PairingsOf(kRound2));
  std::vector<MatchResult> two = kRound1;
  two.insert(two.end(), kRound2.begin(), kRound2.end());
  const auto round3 = Pair(3, two);
  CHECK(round3.tables == PairingsOf(kRound3));
  CHECK(round3.rematches == 0);
  CHECK_FALSE(round3.bye);
}

// Final points: 2: 3; 1, 7, 8: 2; 3: 1.5; 6: 1; 4: 0.5; 5: 0.
// Buchholz (sum of opponents' points):
//   1: 5(0) + 2(3) + 6(1) = 4     7: 3(1.5) + 4(0.5) + 2(3) = 5   8: 4(0.5) + 3(1.5) + 5(0) = 2
//   2: 6(1) + 1(2) + 7(2) = 5     3: 7(2) + 8(2) + 4(0.5) = 4.5   6: 2(3) + 5(0) + 1(2) = 5
//   4: 8(2) + 7(2) + 3(1.5) = 5.5 5: 1(2) + 6(1) + 8(2) = 5
// Buchholz cut-1 (without the weakest opponent): 1: 4, 7: 4.5, 8: 2, 2: 4, 3: 4, 6: 5, 4: 4, 5: 4.
// Sonneborn-Berger (points of those beaten, half of those drawn with):
//   1: 5(0) + 6(1) = 1   7: 3(1.5) + 4(0.5) = 2   8: 4(0.5)/2 + 3(1.5)/2 + 5(0) = 1
//   2: 1 + 2 + 2 = 5     3: 8(2)/2 + 4(0.5) = 1.5  6: 5(0) = 0   4: 8(2)/2 = 1   5: 0
// Score margin: 1: +21 -14 +17 = 24; 7: +13 +41 -4 = 50; 8: 0 + 0 + 31 = 31.
TEST_CASE("worked Swiss: standings with Buchholz and Sonneborn-Berger", "[swiss][standings]") {
  const auto standings = ComputeStandings(EightSeeds(), AllRounds(), DefaultTieBreakChain(), {});
  // The chain: points, Buchholz cut-1, Buchholz, SB, direct encounter, margin, matches won.
  // On 2 points, cut-1 orders 7 (4.5), 1 (4), 8 (2).
  const std::vector<std::pair<EntrantId, std::vector<double>>> expected{
      {2, {3, 4, 5, 5, 0, 32 + 14 + 4, 3}},
      {7, {2, 4.5, 5, 2, 0, 50, 2}},
      {1, {2, 4, 4, 1, 0, 24, 2}},
      {8, {2, 2, 2, 1, 0, 31, 1}},
      {3, {1.5, 4, 4.5, 1.5, 0, -13 + 0 + 9, 1}},
      {6, {1, 5, 5, 0, 0, -32 + 26 - 17, 1}},
      {4, {0.5, 4, 5.5, 1, 0, 0 - 41 - 9, 0}},
      {5, {0, 4, 5, 0, 0, -21 - 26 - 31, 0}},
  };
  REQUIRE(standings.size() == expected.size());
  for (std::size_t k = 0; k < expected.size(); ++k) {
    INFO("row " << k + 1);
    CHECK(standings[k].id == expected[k].first);
    CHECK(standings[k].place == static_cast<int>(k) + 1);
    CHECK(standings[k].values == expected[k].second);
  }
}

TEST_CASE("worked Swiss: other chains order the 2-point group differently", "[standings]") {
  auto order = [](const std::vector<TieBreak>& chain) {
    std::vector<std::pair<EntrantId, int>> rows;
    for (const auto& row : ComputeStandings(EightSeeds(), AllRounds(), chain, {})) {
      rows.emplace_back(row.id, row.place);
    }
    return std::vector(rows.begin() + 1, rows.begin() + 4);
  };
  using P = std::pair<EntrantId, int>;
  // SB: 7 (2) ahead of 1 and 8 (1 each), who never met: direct encounter leaves them tied,
  // sharing third place (listed by seed).
  CHECK(order({TieBreak::kMatchPoints, TieBreak::kSonnebornBerger, TieBreak::kDirectEncounter}) ==
        std::vector<P>{{7, 2}, {1, 3}, {8, 3}});
  CHECK(order({TieBreak::kMatchPoints, TieBreak::kScoreMargin}) ==
        std::vector<P>{{7, 2}, {8, 3}, {1, 4}});
  CHECK(order({TieBreak::kMatchPoints, TieBreak::kMatchesWon}) ==
        std::vector<P>{{1, 2}, {7, 2}, {8, 4}});
  CHECK(order({TieBreak::kMatchPoints, TieBreak::kBuchholz}) ==
        std::vector<P>{{7, 2}, {1, 3}, {8, 4}});
}

}  // namespace
}  // namespace kafenio::tournament
