// Brackets for every entrant count from 2 to 130, played out with random winners.
#include <catch2/catch.hpp>

#include <random>

#include "server/tournament/knockout_bracket.h"

namespace kafenio::tournament {
namespace {

void CheckBracket(const KnockoutBracket& bracket, int n, bool double_elimination,
                  std::mt19937& rng) {
  std::vector<EntrantId> seeded;
  for (int k = 1; k <= n; ++k) seeded.push_back(1000 + k);
  REQUIRE(bracket.size >= n);
  REQUIRE(bracket.size < 2 * n);
  // Round one: every entrant once; the byes are the top seeds' opponents.
  std::map<int, int> appearances;
  int byes = 0;
  for (const auto& match : bracket.matches) {
    if (match.stage != BracketStage::kMain || match.round != 1) continue;
    const int a = match.first.value, b = match.second.value;
    REQUIRE((a <= n || b <= n));  // never a bye against a bye
    for (const int seed : {a, b}) {
      if (seed <= n) ++appearances[seed];
    }
    if (a > n || b > n) {
      ++byes;
      REQUIRE(std::min(a, b) <= bracket.size - n);  // the bye goes to a top seed
    }
  }
  REQUIRE(byes == bracket.size - n);
  REQUIRE(static_cast<int>(appearances.size()) == n);
  for (const auto& [seed, count] : appearances) REQUIRE(count == 1);
  // Random winners to the end.
  std::map<int, EntrantId> winners;
  std::vector<ResolvedMatch> resolved;
  for (int guard = 0; guard < 1000; ++guard) {
    resolved = ResolveBracket(bracket, seeded, winners);
    const auto ready = ReadyMatches(resolved);
    if (ready.empty()) break;
    for (const int id : ready) {
      winners[id] = rng() % 2 ? *resolved[id].first : *resolved[id].second;
    }
  }
  REQUIRE(BracketFinished(resolved));
  std::map<EntrantId, int> losses;
  for (const auto& match : resolved) {
    if (match.status == ResolvedMatch::Status::kDecided) ++losses[*match.loser];
  }
  const auto places = KnockoutPlaces(bracket, resolved);
  REQUIRE(static_cast<int>(places.size()) == n);
  int champions = 0, runners_up = 0;
  for (const auto& [entrant, place] : places) {
    REQUIRE(place >= 1);
    REQUIRE(place <= n);
    champions += place == 1;
    runners_up += place == 2;
    const int lost = losses[entrant];
    if (!double_elimination) {
      // Single elimination: the champion never lost; everyone else lost once, or twice
      // when they lost a semi-final and then the third-place match.
      REQUIRE(lost <= 2);
      if (place == 1) REQUIRE(lost == 0);
    } else {
      // Double elimination: out after two defeats; the champion lost at most once, and the
      // runner-up of a grand final without a reset may have lost only that.
      if (place == 1) {
        REQUIRE(lost <= 1);
      } else if (place == 2) {
        REQUIRE((lost == 1 || lost == 2));
      } else {
        REQUIRE(lost == 2);
      }
    }
  }
  REQUIRE(champions == 1);
  REQUIRE(runners_up == 1);
}

TEST_CASE("single and double elimination for 2..130 entrants", "[knockout][property]") {
  std::mt19937 rng(130);
  for (int n = 2; n <= 130; ++n) {
    INFO(n << " entrants");
    for (int trial = 0; trial < 3; ++trial) {
      CheckBracket(SingleElimination(n, false), n, false, rng);
      CheckBracket(SingleElimination(n, true), n, false, rng);
      CheckBracket(DoubleElimination(n, true), n, true, rng);
      CheckBracket(DoubleElimination(n, false), n, true, rng);
    }
  }
}

}  // namespace
}  // namespace kafenio::tournament
