// Knockout brackets by hand: the seeded order, byes to the top seeds, the third-place
// match, double elimination's losers' bracket and the grand-final reset.
#include <catch2/catch.hpp>

#include "server/tournament/knockout_bracket.h"

namespace kafenio::tournament {
namespace {

std::vector<EntrantId> Seeds(int count) {
  std::vector<EntrantId> ids;
  for (int id = 1; id <= count; ++id) ids.push_back(id * 10);  // entrant ids 10, 20, ...
  return ids;
}

// Plays every ready match with `pick` choosing the winner, until the bracket is decided.
template <class Pick>
std::vector<ResolvedMatch> PlayOut(const KnockoutBracket& bracket,
                                   const std::vector<EntrantId>& seeded, Pick pick,
                                   std::map<int, EntrantId>& winners) {
  for (;;) {
    const auto resolved = ResolveBracket(bracket, seeded, winners);
    const auto ready = ReadyMatches(resolved);
    if (ready.empty()) return resolved;
    for (const int id : ready) winners[id] = pick(resolved[id]);
  }
}

EntrantId LowerId(const ResolvedMatch& m) {
  return std::min(*m.first, *m.second);
}

TEST_CASE("the seeded slot order", "[knockout]") {
  CHECK(SeededSlotOrder(2) == std::vector<int>{1, 2});
  CHECK(SeededSlotOrder(8) == std::vector<int>{1, 8, 4, 5, 2, 7, 3, 6});
  CHECK(SeededSlotOrder(16) ==
        std::vector<int>{1, 16, 8, 9, 4, 13, 5, 12, 2, 15, 7, 10, 3, 14, 6, 11});
}

TEST_CASE("five entrants: seeds 1, 2 and 3 have byes, and 4 meets 5", "[knockout]") {
  const auto bracket = SingleElimination(5, false);
  CHECK(bracket.size == 8);
  const auto resolved = ResolveBracket(bracket, Seeds(5), {});
  using S = ResolvedMatch::Status;
  // Round 1: 1-bye, 4-5, 2-bye, 3-bye.
  CHECK(resolved[0].status == S::kWalkover);
  CHECK(resolved[0].winner == 10);
  CHECK(resolved[1].status == S::kReady);
  CHECK(resolved[1].first == 40);
  CHECK(resolved[1].second == 50);
  CHECK(resolved[2].winner == 20);
  CHECK(resolved[3].winner == 30);
  // Semi-final 2 (2 v 3) is ready at once; semi-final 1 waits for 4-5.
  CHECK(resolved[4].status == S::kWaiting);
  CHECK(resolved[5].status == S::kReady);
  CHECK(ReadyMatches(resolved) == std::vector<int>{1, 5});
  CHECK(MatchLabel(bracket, bracket.matches[5]) == "Semi-final 2");
  CHECK(MatchLabel(bracket, bracket.matches[6]) == "Final");
}

TEST_CASE("sixteen with a third-place match: the favourites' places", "[knockout]") {
  const auto bracket = SingleElimination(16, true);
  std::map<int, EntrantId> winners;
  const auto resolved = PlayOut(bracket, Seeds(16), LowerId, winners);
  REQUIRE(BracketFinished(resolved));
  const auto places = KnockoutPlaces(bracket, resolved);
  CHECK(places.at(10) == 1);
  CHECK(places.at(20) == 2);
  CHECK(places.at(30) == 3);  // seeds 3 and 4 lost the semi-finals; 3 wins the match for third
  CHECK(places.at(40) == 4);
  for (int seed = 5; seed <= 8; ++seed) CHECK(places.at(seed * 10) == 5);
  for (int seed = 9; seed <= 16; ++seed) CHECK(places.at(seed * 10) == 9);
  CHECK(MatchLabel(bracket, bracket.matches.back()) == "Third-place match");
}

TEST_CASE("without a third-place match the semi-final losers share third", "[knockout]") {
  const auto bracket = SingleElimination(4, false);
  std::map<int, EntrantId> winners;
  const auto places = KnockoutPlaces(bracket, PlayOut(bracket, Seeds(4), LowerId, winners));
  CHECK(places == std::map<EntrantId, int>{{10, 1}, {20, 2}, {30, 3}, {40, 3}});
}

TEST_CASE("double elimination of four: the losers' bracket and the reset", "[knockout]") {
  const auto bracket = DoubleElimination(4, true);
  // W1: 1-4, 2-3; W2: final; L1: losers of W1; L2: L1's winner v W2's loser; GF; reset.
  REQUIRE(bracket.matches.size() == 7);
  CHECK(bracket.matches[3].stage == BracketStage::kLosers);
  CHECK(bracket.matches[4].stage == BracketStage::kLosers);
  CHECK(bracket.matches[5].stage == BracketStage::kGrandFinal);
  CHECK(bracket.matches[6].stage == BracketStage::kGrandFinalReset);
  // 1 beats 4 and 2; 3 beats 4, then 2 (who dropped from the winners' final), then wins the
  // grand final against 1: the reset is played, and 1 wins it.
  std::map<int, EntrantId> winners{{0, 10}, {1, 20}, {2, 10}, {3, 30}, {4, 30}, {5, 30}};
  auto resolved = ResolveBracket(bracket, Seeds(4), winners);
  CHECK(resolved[6].status == ResolvedMatch::Status::kReady);
  CHECK(KnockoutPlaces(bracket, resolved).count(10) == 0);  // not decided before the reset
  winners[6] = 10;
  resolved = ResolveBracket(bracket, Seeds(4), winners);
  REQUIRE(BracketFinished(resolved));
  CHECK(KnockoutPlaces(bracket, resolved) ==
        std::map<EntrantId, int>{{10, 1}, {30, 2}, {20, 3}, {40, 4}});
  // Had 1 won the grand final, there is no reset.
  winners.erase(6);
  winners[5] = 10;
  resolved = ResolveBracket(bracket, Seeds(4), winners);
  CHECK(resolved[6].status == ResolvedMatch::Status::kNotNeeded);
  CHECK(BracketFinished(resolved));
  CHECK(KnockoutPlaces(bracket, resolved).at(10) == 1);
}

TEST_CASE("a bracket of two", "[knockout]") {
  const auto single = SingleElimination(2, true);
  CHECK(single.matches.size() == 1);  // no semi-finals, so no third-place match
  const auto twice = DoubleElimination(2, true);
  // The winners' final, then a grand final against its loser (and perhaps the reset).
  CHECK(twice.matches.size() == 3);
}

// The final plays the event's final unit (docs/tournaments.md, "Running the rounds").
TEST_CASE("the final is the last main match, or the grand final and its reset", "[knockout]") {
  auto finals = [](const KnockoutBracket& bracket) {
    std::vector<std::string> labels;
    for (const auto& match : bracket.matches) {
      if (IsFinal(bracket, match)) labels.push_back(MatchLabel(bracket, match));
    }
    return labels;
  };
  CHECK(finals(SingleElimination(8, true)) == std::vector<std::string>{"Final"});
  CHECK(finals(SingleElimination(5, false)) == std::vector<std::string>{"Final"});
  CHECK(finals(SingleElimination(2, false)) == std::vector<std::string>{"Final"});
  CHECK(finals(DoubleElimination(8, true)) ==
        std::vector<std::string>{"Grand final", "Grand final, deciding match"});
  CHECK(finals(DoubleElimination(6, false)) == std::vector<std::string>{"Grand final"});
}

}  // namespace
}  // namespace kafenio::tournament
