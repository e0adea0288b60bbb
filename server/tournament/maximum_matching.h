#pragma once
// Maximum-cardinality matching in a general graph (Edmonds' blossom algorithm). The Swiss
// pairing uses it when its ordered search would take too long: it answers exactly whether
// every entrant can be paired without a rematch, and finds such a pairing.
#include <vector>

namespace kafenio::tournament {

// `allowed[v]` lists the vertices v may be matched with (symmetric). `mate` is a matching
// to start from (mate[v] == -1 when v is unmatched, else symmetric); the result grows it by
// augmenting paths, so pairs of the starting matching mostly survive. Returns the mate of
// every vertex, -1 for those left unmatched. O(V^3) in the worst case.
std::vector<int> MaximumMatching(const std::vector<std::vector<int>>& allowed,
                                 std::vector<int> mate);

}  // namespace kafenio::tournament
