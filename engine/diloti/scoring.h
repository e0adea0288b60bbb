#pragma once
// Round scoring as a pure function (shared/rules.md, "Scoring each round").
#include <array>

#include "engine/diloti/cards.h"

namespace kafenio::diloti {

struct RoundResult {
  int number = 0;  // 1-based round (hand) number in the match; 0 before the first result
  std::array<int, 2> cards{};         // cards captured by each side
  std::array<int, 2> xeri{};          // xeri count
  std::array<int, 2> most_cards{};    // 4 for the side with 27 or more
  std::array<int, 2> ten_diamonds{};  // 2 for its holder
  std::array<int, 2> two_clubs{};     // 1 for its holder
  std::array<int, 2> aces{};          // 1 each
  std::array<int, 2> score{};         // the sum of all of the above
  friend bool operator==(const RoundResult&, const RoundResult&) = default;
};

inline constexpr int kXeriPoints = 10;
inline constexpr int kMostCardsPoints = 4;
inline constexpr int kMostCardsThreshold = 27;

// The round points that scoring cards carry to the side that captures them: the 10 of
// diamonds 2, the 2 of clubs 1, each ace 1.
struct CardPoints {
  int ten_diamonds;
  int two_clubs;
  int aces;
  constexpr int Total() const { return ten_diamonds + two_clubs + aces; }
};
constexpr CardPoints CardPointsOf(CardMask cards) {
  constexpr Card kTenOfDiamonds = MakeCard(Suit::diamonds, 9);
  constexpr Card kTwoOfClubs = MakeCard(Suit::clubs, 1);
  return {(cards & Bit(kTenOfDiamonds)) ? 2 : 0, (cards & Bit(kTwoOfClubs)) ? 1 : 0,
          Count(cards & RankMask(0))};
}

RoundResult ScoreRound(const std::array<CardMask, 2>& captured, const std::array<int, 2>& xeri);

}  // namespace kafenio::diloti
