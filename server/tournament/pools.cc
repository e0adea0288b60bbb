#include "server/tournament/pools.h"

namespace kafenio::tournament {

std::vector<std::vector<EntrantId>> SnakePools(const std::vector<EntrantId>& seeded,
                                               int pool_count) {
  std::vector<std::vector<EntrantId>> pools(std::max(pool_count, 1));
  const std::size_t count = pools.size();
  for (std::size_t k = 0; k < seeded.size(); ++k) {
    const std::size_t lap = k / count, offset = k % count;
    pools[lap % 2 == 0 ? offset : count - 1 - offset].push_back(seeded[k]);
  }
  return pools;
}

std::vector<EntrantId> KnockoutSeedsFromPools(
    const std::vector<std::vector<StandingRow>>& pool_standings, int qualifiers_per_pool) {
  std::vector<EntrantId> seeds;
  for (int place = 0; place < qualifiers_per_pool; ++place) {
    for (const auto& standings : pool_standings) {
      if (place < static_cast<int>(standings.size())) seeds.push_back(standings[place].id);
    }
  }
  return seeds;
}

}  // namespace kafenio::tournament
