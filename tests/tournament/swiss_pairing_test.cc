// Hand examples of the Swiss pairing rules (docs/tournaments.md, "Swiss pairing").
#include <catch2/catch.hpp>

#include "server/tournament/swiss_pairing.h"
#include "tests/tournament/field.h"

namespace kafenio::tournament {
namespace {

using testing::Seeds;
using testing::Win;

TEST_CASE("round one of seven: top half against bottom half, the bye to the last seed", "[swiss]") {
  const auto round = PairSwissRound(SwissInputFromResults(1, Seeds(7), {}, {}, {}));
  REQUIRE(round.bye == 7);
  CHECK(round.tables == std::vector<Pairing>{{1, 4}, {5, 2}, {3, 6}});
}

TEST_CASE("the bye goes to the lowest-ranked entrant who has not had one", "[swiss]") {
  // Round 1: 7 had the bye; 1, 5, 3 won. Round 2: the lowest on 0 points are 6, 4, 2 (by
  // rank 6 is lowest), and 6 has not had a bye.
  std::vector<MatchResult> results{Win(1, 1, 4), Win(1, 5, 2), Win(1, 3, 6)};
  results.push_back(ByeResult(1, 7));
  const auto round = PairSwissRound(SwissInputFromResults(2, Seeds(7), results, {}, {}));
  CHECK(round.bye == 6);
  // With 7's bye scored as nothing, 7 is on 0 but still not given a second bye.
  const auto nothing = PairSwissRound(
      SwissInputFromResults(2, Seeds(7), results, {}, PointsRules{.bye = ByeScore::kNothing}));
  CHECK(nothing.bye == 6);
}

TEST_CASE("a rematch is avoided by moving down the score group", "[swiss]") {
  // 1 beat 3 and 2 beat 4 in round 1; round 2 pairs {1,2} and {3,4}; then round 3 has 1 on
  // 2, {2, 3} on 1, 4 on 0... build a case where the natural pairing is a rematch.
  const std::vector<MatchResult> results{Win(1, 1, 3), Win(1, 2, 4)};
  // Forbid nothing; the natural round 2 is 1-2 and 3-4: no rematch.
  auto round = PairSwissRound(SwissInputFromResults(2, Seeds(4), results, {}, {}));
  CHECK(round.rematches == 0);
  std::set<std::pair<int, int>> pairs;
  for (const auto& table : round.tables) {
    pairs.insert(std::minmax(table.first, table.second));
  }
  CHECK(pairs == std::set<std::pair<int, int>>{{1, 2}, {3, 4}});
  // Had 1 and 2 already met, 1 takes the next one down who is new to them.
  const std::vector<MatchResult> met{Win(1, 1, 2), Win(1, 3, 4), Win(2, 1, 3), Win(2, 2, 4)};
  round = PairSwissRound(SwissInputFromResults(3, Seeds(4), met, {}, {}));
  CHECK(round.rematches == 0);
  pairs.clear();
  for (const auto& table : round.tables) pairs.insert(std::minmax(table.first, table.second));
  CHECK(pairs == std::set<std::pair<int, int>>{{1, 4}, {2, 3}});
}

TEST_CASE("forbidden pairs are honoured where possible, and only then broken", "[swiss]") {
  std::set<EntrantPair> forbidden{EntrantPair::Of(1, 3)};
  auto round = PairSwissRound(SwissInputFromResults(1, Seeds(4), {}, forbidden, {}));
  std::set<std::pair<int, int>> pairs;
  for (const auto& table : round.tables) pairs.insert(std::minmax(table.first, table.second));
  CHECK(pairs == std::set<std::pair<int, int>>{{1, 4}, {2, 3}});
  CHECK(round.forbidden_pairs == 0);
  // With two entrants the only pairing is forbidden: it is played, and reported.
  round = PairSwissRound(SwissInputFromResults(1, Seeds(2), {}, {EntrantPair::Of(1, 2)}, {}));
  REQUIRE(round.tables.size() == 1);
  CHECK(round.forbidden_pairs == 1);
}

TEST_CASE("an unavoidable rematch is made, and counted", "[swiss]") {
  const std::vector<MatchResult> results{Win(1, 1, 2)};
  const auto round = PairSwissRound(SwissInputFromResults(2, Seeds(2), results, {}, {}));
  REQUIRE(round.tables.size() == 1);
  CHECK(round.rematches == 1);
}

TEST_CASE("first seats balance over the rounds", "[swiss]") {
  std::vector<MatchResult> results;
  for (int round = 1; round <= 6; ++round) {
    const auto pairing = PairSwissRound(SwissInputFromResults(round, Seeds(8), results, {}, {}));
    for (const auto& table : pairing.tables) {
      // Alternate winners so that scores stay mixed.
      results.push_back(round % 2 ? Win(round, table.first, table.second)
                                  : Win(round, table.second, table.first));
      results.back().first = table.first;
      results.back().second = table.second;
    }
  }
  for (int id = 1; id <= 8; ++id) {
    int first = 0, second = 0;
    for (const auto& result : results) {
      if (result.first == id) ++first;
      if (result.second == id) ++second;
    }
    INFO("entrant " << id);
    CHECK(std::abs(first - second) <= 2);
  }
}

}  // namespace
}  // namespace kafenio::tournament
