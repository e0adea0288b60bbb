#include "server/tournament/seeding.h"

#include <algorithm>
#include <span>

#include "engine/core/rng.h"

namespace kafenio::tournament {

std::vector<EntrantId> SeedOrder(std::vector<SeedCandidate> candidates, SeedingMethod method,
                                 std::uint64_t seed) {
  std::sort(candidates.begin(), candidates.end(),
            [](const SeedCandidate& a, const SeedCandidate& b) { return a.id < b.id; });
  switch (method) {
    case SeedingMethod::kRating:
      std::stable_sort(candidates.begin(), candidates.end(),
                       [](const auto& a, const auto& b) { return a.rating > b.rating; });
      break;
    case SeedingMethod::kManual:
      // Entrants without a rank (added after the director ordered the field) come last.
      std::stable_sort(candidates.begin(), candidates.end(), [](const auto& a, const auto& b) {
        const int rank_a = a.manual_rank > 0 ? a.manual_rank : 1 << 30;
        const int rank_b = b.manual_rank > 0 ? b.manual_rank : 1 << 30;
        return rank_a < rank_b;
      });
      break;
    case SeedingMethod::kRandom: {
      DealRng rng(seed);
      ShuffleInPlace(std::span<SeedCandidate>(candidates), rng);
      break;
    }
  }
  std::vector<EntrantId> order;
  for (const auto& candidate : candidates) order.push_back(candidate.id);
  return order;
}

std::vector<Entrant> SeededEntrants(const std::vector<EntrantId>& order) {
  std::vector<Entrant> entrants;
  for (std::size_t k = 0; k < order.size(); ++k) {
    entrants.push_back({order[k], static_cast<int>(k) + 1});
  }
  return entrants;
}

}  // namespace kafenio::tournament
