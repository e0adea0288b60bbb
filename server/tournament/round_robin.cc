#include "server/tournament/round_robin.h"

#include <algorithm>

namespace kafenio::tournament {

int BergerRoundCount(int entrants, int cycles) {
  if (entrants < 2) return 0;
  const int even = entrants + entrants % 2;
  return (even - 1) * cycles;
}

std::vector<RoundRobinRound> BergerRounds(const std::vector<EntrantId>& seeded, int cycles) {
  const int n = static_cast<int>(seeded.size());
  std::vector<RoundRobinRound> rounds;
  if (n < 2) return rounds;
  const int big = n + n % 2;  // N; number N is the dummy when n is odd
  const int modulus = big - 1;
  auto entrant = [&](int number) -> std::optional<EntrantId> {
    if (number > n) return std::nullopt;
    return seeded[number - 1];
  };
  for (int cycle = 0; cycle < cycles; ++cycle) {
    for (int r = 1; r <= modulus; ++r) {
      RoundRobinRound round;
      std::vector<std::pair<int, int>> numbers;  // (first seat, second seat)
      // N's opponent: 2i = r + 1 (mod N - 1).
      for (int i = 1; i < big; ++i) {
        if ((2 * i) % modulus == (r + 1) % modulus) {
          numbers.push_back(r % 2 == 0 ? std::pair{big, i} : std::pair{i, big});
        }
      }
      for (int i = 1; i < big; ++i) {
        for (int j = i + 1; j < big; ++j) {
          if ((i + j) % modulus != (r + 1) % modulus) continue;
          numbers.push_back((i + j) % 2 == 1 ? std::pair{i, j} : std::pair{j, i});
        }
      }
      for (auto [a, b] : numbers) {
        if (cycle % 2 == 1) std::swap(a, b);
        const auto first = entrant(a), second = entrant(b);
        if (!first || !second) {
          round.bye = first ? first : second;
          continue;
        }
        round.tables.push_back({*first, *second});
      }
      rounds.push_back(std::move(round));
    }
  }
  return rounds;
}

}  // namespace kafenio::tournament
