// The blossom matching against a brute-force maximum matching on random small graphs.
#include <catch2/catch.hpp>

#include <random>

#include "server/tournament/maximum_matching.h"

namespace kafenio::tournament {
namespace {

int BruteForceMaximum(const std::vector<std::vector<bool>>& edge, std::vector<bool>& used,
                      std::size_t from) {
  while (from < used.size() && used[from]) ++from;
  if (from >= used.size()) return 0;
  used[from] = true;
  int best = BruteForceMaximum(edge, used, from + 1);  // leave `from` unmatched
  for (std::size_t to = from + 1; to < used.size(); ++to) {
    if (used[to] || !edge[from][to]) continue;
    used[to] = true;
    best = std::max(best, 1 + BruteForceMaximum(edge, used, from + 1));
    used[to] = false;
  }
  used[from] = false;
  return best;
}

TEST_CASE("blossom matching finds a maximum matching of random graphs", "[matching]") {
  std::mt19937 rng(17);
  for (int trial = 0; trial < 2000; ++trial) {
    const int n = 1 + static_cast<int>(rng() % 12);
    const auto density = static_cast<unsigned>(rng() % 100);
    std::vector<std::vector<bool>> edge(n, std::vector<bool>(n));
    std::vector<std::vector<int>> allowed(n);
    for (int a = 0; a < n; ++a) {
      for (int b = a + 1; b < n; ++b) {
        if (rng() % 100 < density) {
          edge[a][b] = edge[b][a] = true;
          allowed[a].push_back(b);
          allowed[b].push_back(a);
        }
      }
    }
    const auto mate = MaximumMatching(allowed, std::vector<int>(n, -1));
    int matched = 0;
    for (int v = 0; v < n; ++v) {
      if (mate[v] < 0) continue;
      REQUIRE(mate[mate[v]] == v);
      REQUIRE(edge[v][mate[v]]);
      ++matched;
    }
    std::vector<bool> used(n);
    INFO("trial " << trial);
    REQUIRE(matched / 2 == BruteForceMaximum(edge, used, 0));
  }
}

}  // namespace
}  // namespace kafenio::tournament
