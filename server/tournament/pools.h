#pragma once
// Pools followed by a knockout: entrants go into pools by snake seeding (1 2 3 4 | 4 3 2 1
// | ...), each pool plays a round robin, and the top K of every pool go on to a seeded
// knockout where pool winners are the top seeds.
#include <vector>

#include "server/tournament/standings.h"
#include "server/tournament/tournament_types.h"

namespace kafenio::tournament {

// The pools' members in seed order. `seeded` is the whole field, seed 1 first.
std::vector<std::vector<EntrantId>> SnakePools(const std::vector<EntrantId>& seeded,
                                               int pool_count);

// The knockout's seed order from each pool's final standings: the pool winners (pool 1
// first), then the runners-up in the same pool order, and so on. With the standard
// bracket, a pool's winner and runner-up then meet in the first round only when the
// number of pools is odd.
std::vector<EntrantId> KnockoutSeedsFromPools(
    const std::vector<std::vector<StandingRow>>& pool_standings, int qualifiers_per_pool);

}  // namespace kafenio::tournament
