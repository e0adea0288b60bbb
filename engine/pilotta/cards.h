#pragma once
// Pilotta's 32-card deck as bit positions: card = suit * 8 + rank, rank 0..7 meaning
// 7 8 9 T J Q K A (the natural order used for sequences). A hand is a 32-bit mask, so
// following suit, trumping and overtrumping are a few mask operations.
#include <bit>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "engine/core/suit.h"

namespace kafenio::pilotta {

using Card = std::uint8_t;
using CardMask = std::uint32_t;

inline constexpr int kDeckSize = 32;
inline constexpr Card kNoCard = 0xFF;

enum Rank : std::uint8_t { r7 = 0, r8, r9, rT, rJ, rQ, rK, rA };

constexpr Card MakeCard(Suit suit, int rank) {
  return static_cast<Card>(static_cast<int>(suit) * 8 + rank);
}
constexpr int SuitOf(Card card) {
  return card >> 3;
}
constexpr int RankOf(Card card) {
  return card & 7;
}
constexpr CardMask Bit(Card card) {
  return CardMask{1} << card;
}
constexpr CardMask SuitMask(int suit) {
  return CardMask{0xFF} << (suit * 8);
}
constexpr CardMask RankMask(int rank) {
  return CardMask{0x01010101} << rank;
}
constexpr int Count(CardMask mask) {
  return std::popcount(mask);
}
constexpr Card Lowest(CardMask mask) {
  return static_cast<Card>(std::countr_zero(mask));
}

// Parses "Jh", "jh"; refuses cards outside the 32-card deck.
std::optional<Card> ParseCard(std::string_view text);
std::string FormatCard(Card card);
// Cards of a mask, lowest index first, separated by spaces.
std::string FormatCards(CardMask mask);

}  // namespace kafenio::pilotta
