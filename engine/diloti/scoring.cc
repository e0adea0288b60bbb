#include "engine/diloti/scoring.h"

namespace kafenio::diloti {

RoundResult ScoreRound(const std::array<CardMask, 2>& captured, const std::array<int, 2>& xeri) {
  constexpr Card kTenOfDiamonds = MakeCard(Suit::diamonds, 9);
  constexpr Card kTwoOfClubs = MakeCard(Suit::clubs, 1);
  RoundResult result;
  for (std::size_t team = 0; team < 2; ++team) {
    const CardMask pile = captured[team];
    result.cards[team] = Count(pile);
    result.xeri[team] = xeri[team];
    result.most_cards[team] = Count(pile) >= kMostCardsThreshold ? kMostCardsPoints : 0;
    result.ten_diamonds[team] = (pile & Bit(kTenOfDiamonds)) ? 2 : 0;
    result.two_clubs[team] = (pile & Bit(kTwoOfClubs)) ? 1 : 0;
    result.aces[team] = Count(pile & RankMask(0));
    result.score[team] = result.xeri[team] * kXeriPoints + result.most_cards[team] +
                         result.ten_diamonds[team] + result.two_clubs[team] + result.aces[team];
  }
  return result;
}

}  // namespace kafenio::diloti
