// Berger tables: hand examples (FIDE's published tables) and properties for 2..24 entrants.
#include <catch2/catch.hpp>

#include <map>
#include <set>

#include "server/tournament/round_robin.h"

namespace kafenio::tournament {
namespace {

std::vector<EntrantId> Numbers(int count) {
  std::vector<EntrantId> ids;
  for (int id = 1; id <= count; ++id) ids.push_back(id);
  return ids;
}

TEST_CASE("Berger table for 4: 1-4 2-3 | 4-3 1-2 | 2-4 3-1", "[round_robin]") {
  const auto rounds = BergerRounds(Numbers(4), 1);
  REQUIRE(rounds.size() == 3);
  CHECK(rounds[0].tables == std::vector<Pairing>{{1, 4}, {2, 3}});
  CHECK(rounds[1].tables == std::vector<Pairing>{{4, 3}, {1, 2}});
  CHECK(rounds[2].tables == std::vector<Pairing>{{2, 4}, {3, 1}});
}

TEST_CASE("Berger table for 6, round by round as FIDE prints it", "[round_robin]") {
  // FIDE C.05 Annex 1: 1-6 2-5 3-4 | 6-4 5-3 1-2 | 2-6 3-1 4-5 | 6-5 1-4 2-3 | 3-6 4-2 5-1.
  const auto rounds = BergerRounds(Numbers(6), 1);
  auto as_set = [](const std::vector<Pairing>& tables) {
    std::set<std::pair<int, int>> set;
    for (const auto& t : tables) set.insert({t.first, t.second});
    return set;
  };
  using S = std::set<std::pair<int, int>>;
  CHECK(as_set(rounds[0].tables) == S{{1, 6}, {2, 5}, {3, 4}});
  CHECK(as_set(rounds[1].tables) == S{{6, 4}, {5, 3}, {1, 2}});
  CHECK(as_set(rounds[2].tables) == S{{2, 6}, {3, 1}, {4, 5}});
  CHECK(as_set(rounds[3].tables) == S{{6, 5}, {1, 4}, {2, 3}});
  CHECK(as_set(rounds[4].tables) == S{{3, 6}, {4, 2}, {5, 1}});
}

TEST_CASE("five entrants: the dummy sixth gives each one bye", "[round_robin]") {
  const auto rounds = BergerRounds(Numbers(5), 1);
  REQUIRE(rounds.size() == 5);
  std::vector<EntrantId> byes;
  for (const auto& round : rounds) byes.push_back(round.bye.value());
  CHECK(byes == std::vector<EntrantId>{1, 4, 2, 5, 3});
}

TEST_CASE("every pair meets once per cycle, seats balanced, for 2..24 entrants",
          "[round_robin][property]") {
  for (int n = 2; n <= 24; ++n) {
    for (int cycles = 1; cycles <= 2; ++cycles) {
      INFO(n << " entrants, " << cycles << " cycles");
      const auto rounds = BergerRounds(Numbers(n), cycles);
      REQUIRE(static_cast<int>(rounds.size()) == BergerRoundCount(n, cycles));
      std::map<std::pair<int, int>, int> meetings;  // ordered (first, second)
      std::map<int, int> first_seats, second_seats, byes;
      for (const auto& round : rounds) {
        std::set<int> seen;
        for (const auto& t : round.tables) {
          REQUIRE(seen.insert(t.first).second);
          REQUIRE(seen.insert(t.second).second);
          ++meetings[{t.first, t.second}];
          ++first_seats[t.first];
          ++second_seats[t.second];
        }
        if (round.bye) {
          REQUIRE(seen.insert(*round.bye).second);
          ++byes[*round.bye];
        }
        REQUIRE(static_cast<int>(seen.size()) == n);
      }
      for (int a = 1; a <= n; ++a) {
        for (int b = a + 1; b <= n; ++b) {
          const int ab = meetings[{a, b}], ba = meetings[{b, a}];
          REQUIRE(ab + ba == cycles);
          if (cycles == 2) REQUIRE(ab == 1);  // the second cycle swaps the seats
        }
        REQUIRE(std::abs(first_seats[a] - second_seats[a]) <= 1 * cycles);
        REQUIRE(byes[a] == (n % 2 == 1 ? cycles : 0));
      }
    }
  }
}

}  // namespace
}  // namespace kafenio::tournament
