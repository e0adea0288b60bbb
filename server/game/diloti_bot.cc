#include "server/game/diloti_bot.h"

#include "server/game/diloti_candidates.h"

namespace kafenio::server {
namespace {

using diloti::CardMask;
using diloti::Move;
using diloti::MoveKind;

CardMask DeclarationCardsTaken(const diloti::State& state, diloti::DeclarationSet taken) {
  CardMask cards = 0;
  for (int value = 1; value <= 10; ++value) {
    if (taken & diloti::DeclarationBit(value)) cards |= state.DeclarationOf(value).cards;
  }
  return cards;
}

// How good a move looks, in rough round points (higher is better).
int Worth(const diloti::State& state, const Move& move) {
  const CardMask played = diloti::Bit(move.card);
  switch (move.kind) {
    case MoveKind::capture: {
      const CardMask taken = move.loose | DeclarationCardsTaken(state, move.taken);
      const CardMask won = taken | played;
      int worth = 20 + 2 * diloti::Count(won) + 6 * diloti::CardPointsOf(won).Total();
      if (state.ScoresXeri(move)) worth += 4 * diloti::kXeriPoints;  // 40 for its 10 points
      return worth;
    }
    case MoveKind::declare:
    case MoveKind::raise:
    case MoveKind::group:
      // Builds a pile to capture next turn; better than laying, worse than capturing.
      return 10 + diloti::Count(move.loose) - 4 * diloti::CardPointsOf(played).Total();
    case MoveKind::lay:
      // Lay what matters least: not scoring cards, and low values are easier to lose.
      return -6 * diloti::CardPointsOf(played).Total() - diloti::ValueOf(move.card);
  }
  return 0;
}

}  // namespace

Move ChooseDilotiMove(const diloti::State& state) {
  const std::vector<Move> legal = DilotiCandidateMoves(state);
  const Move* best = &legal[0];
  int best_worth = Worth(state, *best);
  for (const Move& move : legal) {
    const int worth = Worth(state, move);
    if (worth > best_worth) {
      best = &move;
      best_worth = worth;
    }
  }
  return *best;
}

}  // namespace kafenio::server
