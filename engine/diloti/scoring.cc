#include "engine/diloti/scoring.h"

namespace kafenio::diloti {

RoundResult ScoreRound(const std::array<CardMask, 2>& captured, const std::array<int, 2>& xeri) {
  RoundResult result;
  for (std::size_t team = 0; team < 2; ++team) {
    const CardMask pile = captured[team];
    result.cards[team] = Count(pile);
    result.xeri[team] = xeri[team];
    result.most_cards[team] = Count(pile) >= kMostCardsThreshold ? kMostCardsPoints : 0;
    const CardPoints points = CardPointsOf(pile);
    result.ten_diamonds[team] = points.ten_diamonds;
    result.two_clubs[team] = points.two_clubs;
    result.aces[team] = points.aces;
    result.score[team] = result.xeri[team] * kXeriPoints + result.most_cards[team] + points.Total();
  }
  return result;
}

}  // namespace kafenio::diloti
