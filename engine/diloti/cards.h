#pragma once
// Diloti's 52-card deck as bit positions: card = suit * 13 + rank, rank 0..12 meaning
// A 2 .. 9 T J Q K (the written order). Hands, the loose table cards and declarations are
// 64-bit masks, so "which loose cards are worth 4" is one AND.
#include <array>
#include <bit>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "engine/core/suit.h"

namespace kafenio::diloti {

using Card = std::uint8_t;
using CardMask = std::uint64_t;

inline constexpr int kDeckSize = 52;
inline constexpr Card kNoCard = 0xFF;
inline constexpr int kMaxValue = 10;  // the highest declaration and card value
inline constexpr int kJack = 10;      // rank index of J; J Q K are the face cards

constexpr Card MakeCard(Suit suit, int rank) {
  return static_cast<Card>(static_cast<int>(suit) * 13 + rank);
}
constexpr int SuitOf(Card card) {
  return card / 13;
}
namespace card_tables_detail {
// Rank and value of every possible Card byte, looked up rather than computed: the move
// generator asks for them in every inner loop, and a division by 13 costs several
// dependent instructions where a table costs one load.
struct Tables {
  std::array<std::uint8_t, 256> rank{};
  std::array<std::uint8_t, 256> value{};
};
constexpr Tables Build() {
  Tables tables;
  for (int card = 0; card < 256; ++card) {
    const int rank = card % 13;
    tables.rank[static_cast<std::size_t>(card)] = static_cast<std::uint8_t>(rank);
    const int value = rank >= kJack ? 0 : rank + 1;
    tables.value[static_cast<std::size_t>(card)] = static_cast<std::uint8_t>(value);
  }
  return tables;
}
inline constexpr Tables kTables = Build();
}  // namespace card_tables_detail

constexpr int RankOf(Card card) {
  return card_tables_detail::kTables.rank[card];
}
constexpr bool IsFace(Card card) {
  return RankOf(card) >= kJack;
}
// A = 1, 2..10 face value; J Q K have no value (0).
constexpr int ValueOf(Card card) {
  return card_tables_detail::kTables.value[card];
}
constexpr CardMask Bit(Card card) {
  return CardMask{1} << card;
}
// Without a POPCNT instruction in the target, std::popcount becomes a library call; the
// move generator counts cards often enough for the inline form to matter.
constexpr int Count(CardMask mask) {
#if defined(__POPCNT__)
  return std::popcount(mask);
#else
  mask = mask - ((mask >> 1) & 0x5555555555555555ULL);
  mask = (mask & 0x3333333333333333ULL) + ((mask >> 2) & 0x3333333333333333ULL);
  mask = (mask + (mask >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
  return static_cast<int>((mask * 0x0101010101010101ULL) >> 56);
#endif
}
constexpr Card Lowest(CardMask mask) {
  return static_cast<Card>(std::countr_zero(mask));
}

// Every card of one rank (0..12).
constexpr CardMask RankMask(int rank) {
  return (CardMask{1} | CardMask{1} << 13 | CardMask{1} << 26 | CardMask{1} << 39) << rank;
}
// Every card worth `value` (1..10).
constexpr CardMask ValueMask(int value) {
  return RankMask(value - 1);
}
inline constexpr CardMask kFaceCards = RankMask(10) | RankMask(11) | RankMask(12);
inline constexpr CardMask kNumerals = ((CardMask{1} << kDeckSize) - 1) & ~kFaceCards;
inline constexpr CardMask kFullDeck = (CardMask{1} << kDeckSize) - 1;

// Parses "Th", "th"; refuses anything else.
std::optional<Card> ParseCard(std::string_view text);
std::string FormatCard(Card card);
// Cards of a mask, lowest index first, separated by spaces.
std::string FormatCards(CardMask mask);

}  // namespace kafenio::diloti
