#pragma once
// A Diloti deal: six cards to each seat, four face up on the table, the rest a stock for
// the later deals; and the seeded shuffle that produces one (docs/shuffle.md, "Diloti").
#include <array>
#include <cstdint>

#include "engine/diloti/cards.h"

namespace kafenio::diloti {

inline constexpr int kHandSize = 6;
inline constexpr int kTableDeal = 4;
inline constexpr int kMaxStock = kDeckSize - 2 * kHandSize - kTableDeal;  // 36

struct Deal {
  std::array<CardMask, 4> hands{};
  CardMask table = 0;
  std::array<Card, kMaxStock> stock{};  // undealt cards in dealing order
  std::uint8_t stock_size = 0;

  friend bool operator==(const Deal&, const Deal&) = default;
};

// Three or more face cards of one rank among the table cards: they must be redealt.
bool TableNeedsRedeal(CardMask table);

// Shuffles the canonical deck (Ac 2c .. Kc Ad .. Ks) with DealRng(seed); eldest gets the
// first six cards, each next seat in turn order the following six, then four go to the
// table and the rest is the stock in order. While the table must be redealt, its four
// cards go back to the end of the stock, the stock is shuffled again with the same
// generator and its first four cards become the table.
Deal DealFromSeed(int players, int dealer, std::uint64_t seed);

// Checks a hand-made deal: six cards each, four on the table, every card exactly once.
bool IsCompleteDeal(int players, const Deal& deal);

}  // namespace kafenio::diloti
