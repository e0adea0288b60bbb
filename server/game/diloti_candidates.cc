#include "server/game/diloti_candidates.h"

#include <algorithm>
#include <numeric>

#include "engine/diloti/move_families.h"
#include "engine/diloti/scoring.h"

namespace kafenio::server {
namespace {

namespace d = diloti;

// How much a part is worth taking: its scoring cards first, then its cards (what a
// capture wins, and what makes a group bigger).
int PartWorth(const d::MovePart& part) {
  return 8 * d::CardPointsOf(part.loose).Total() + d::Count(part.loose);
}

// The family's candidates: for each of its best parts in turn (by PartWorth), the required
// parts, that part, and then every other part that still fits, best first; a group takes
// the anchors with the fewest cards first (the most left for other components). At most
// kDilotiFamilyCandidates moves, each a legal selection.
void AddFamilyCandidates(const d::MoveFamily& family, std::vector<d::Move>& out) {
  std::vector<int> order(family.parts.size());
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
    return PartWorth(family.parts[static_cast<std::size_t>(a)]) >
           PartWorth(family.parts[static_cast<std::size_t>(b)]);
  });
  std::vector<int> anchors;
  if (family.kind == d::MoveKind::group) {
    anchors.resize(family.anchors.size());
    std::iota(anchors.begin(), anchors.end(), 0);
    std::stable_sort(anchors.begin(), anchors.end(), [&](int a, int b) {
      return d::Count(family.anchors[static_cast<std::size_t>(a)]) <
             d::Count(family.anchors[static_cast<std::size_t>(b)]);
    });
  } else {
    anchors.push_back(-1);
  }
  const std::size_t first = out.size();
  for (int anchor : anchors) {
    for (int seed : order) {
      if (out.size() - first >= static_cast<std::size_t>(kDilotiFamilyCandidates)) return;
      d::CardMask used = anchor >= 0 ? family.anchors[static_cast<std::size_t>(anchor)] : 0;
      d::DeclarationSet taken = 0;
      std::vector<int> chosen;
      auto take = [&](int index) {
        const d::MovePart& part = family.parts[static_cast<std::size_t>(index)];
        if ((part.loose & used) || (part.taken & taken)) return false;
        used |= part.loose;
        taken |= part.taken;
        chosen.push_back(index);
        return true;
      };
      for (int index : order) {
        if (family.parts[static_cast<std::size_t>(index)].required) take(index);
      }
      if (!family.parts[static_cast<std::size_t>(seed)].required && !take(seed)) continue;
      for (int index : order) {
        if (index != seed) take(index);
      }
      const auto move = d::MoveOfSelection(family, anchor, chosen);
      if (move && std::find(out.begin() + static_cast<long>(first), out.end(), *move) == out.end())
        out.push_back(*move);
    }
  }
}

}  // namespace

std::vector<d::Move> DilotiCandidateMoves(const d::State& state) {
  if (d::Count(state.Loose() & d::kNumerals) <= kDilotiListAllUpTo) {
    const d::MoveList legal = state.LegalMoves();
    return {legal.begin(), legal.end()};
  }
  d::CompactMoves compact;
  state.CompactLegalMoves(compact);
  std::vector<d::Move> moves = std::move(compact.plain);
  for (const d::MoveFamily& family : compact.families) AddFamilyCandidates(family, moves);
  return moves;
}

}  // namespace kafenio::server
