#pragma once
// Lookup tables for play, indexed by trump mode (0..3 a suit, 4 no trump, 5 all trump)
// and card. Built at compile time from the orders in shared/rules.md.
#include <array>

#include "engine/pilotta/cards.h"

namespace kafenio::pilotta::tables {

inline constexpr int kModes = 6;

// Strength within a suit, 0 (lowest) .. 7, for rank 7 8 9 T J Q K A.
inline constexpr std::array<int, 8> kTrumpStrength = {0, 1, 6, 4, 7, 2, 3, 5};  // J 9 A T K Q 8 7
inline constexpr std::array<int, 8> kPlainStrength = {0, 1, 2, 6, 3, 4, 5, 7};  // A T K Q J 9 8 7
inline constexpr std::array<int, 8> kTrumpPoints = {0, 0, 14, 10, 20, 3, 4, 11};
inline constexpr std::array<int, 8> kPlainPoints = {0, 0, 0, 10, 2, 3, 4, 11};
inline constexpr std::array<int, 8> kNoTrumpPoints = {0, 0, 0, 10, 2, 3, 4, 19};
inline constexpr std::array<int, 8> kAllTrumpPoints = {0, 0, 9, 5, 14, 1, 3, 6};

constexpr bool RanksAsTrump(int mode, Card card) {
  return mode == 5 || (mode < 4 && SuitOf(card) == mode);
}

// Cards that can win by trumping under the mode: the trump suit, or none (nt, at).
constexpr CardMask TrumpMask(int mode) {
  return mode < 4 ? SuitMask(mode) : 0;
}

struct Tables {
  std::array<std::array<std::uint8_t, 32>, kModes> strength{};
  std::array<std::array<std::uint8_t, 32>, kModes> points{};
  std::array<std::array<CardMask, 32>, kModes> above{};  // same suit, stronger
  // The cards a player must beat the card with when it is the best of the trick, if they
  // hold any of them: the stronger cards of its suit when it ranks as a trump (led or
  // played on a trick), none otherwise (a plain card never has to be beaten).
  std::array<std::array<CardMask, 32>, kModes> must_beat{};
};

constexpr Tables Build() {
  Tables t;
  for (int mode = 0; mode < kModes; ++mode) {
    for (int card = 0; card < 32; ++card) {
      const auto c = static_cast<Card>(card);
      const bool trump = RanksAsTrump(mode, c);
      const int rank = RankOf(c);
      t.strength[mode][card] =
          static_cast<std::uint8_t>(trump ? kTrumpStrength[rank] : kPlainStrength[rank]);
      int points = trump ? kTrumpPoints[rank] : kPlainPoints[rank];
      if (mode == 4) points = kNoTrumpPoints[rank];
      if (mode == 5) points = kAllTrumpPoints[rank];
      t.points[mode][card] = static_cast<std::uint8_t>(points);
    }
    for (int card = 0; card < 32; ++card) {
      CardMask above = 0;
      for (int other = 0; other < 32; ++other) {
        if (SuitOf(static_cast<Card>(other)) == SuitOf(static_cast<Card>(card)) &&
            t.strength[mode][other] > t.strength[mode][card]) {
          above |= Bit(static_cast<Card>(other));
        }
      }
      t.above[mode][card] = above;
      t.must_beat[mode][card] = RanksAsTrump(mode, static_cast<Card>(card)) ? above : 0;
    }
  }
  return t;
}

inline constexpr Tables kTables = Build();

}  // namespace kafenio::pilotta::tables
