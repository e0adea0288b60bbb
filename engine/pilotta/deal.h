#pragma once
// A Pilotta deal: the cards each seat receives first, the turned card and the stock
// (classic presets), and the seeded shuffle that produces one (docs/shuffle.md).
#include <array>
#include <cstdint>

#include "engine/pilotta/cards.h"
#include "engine/pilotta/rules.h"

namespace kafenio::pilotta {

struct Deal {
  std::array<CardMask, 4> hands{};  // initial cards by seat: 8, 5 (classic) or 6 (classic2)
  Card turn = kNoCard;              // classic/classic2: the turned-up card
  std::array<Card, 24> stock{};     // undealt cards in dealing order
  std::uint8_t stock_size = 0;

  friend bool operator==(const Deal&, const Deal&) = default;
};

// Shuffles the canonical deck (c7 c8 .. cA d7 .. sA) with DealRng(seed) and deals it:
// cyprus 3-2-3 from eldest; classic 3-2 then the turned card; classic2 3-3 then the turned
// card; the rest is the stock in order.
Deal DealFromSeed(const Rules& rules, int dealer, std::uint64_t seed);

// The same layout from a card order already shuffled (used by DealFromSeed and tests).
Deal DealFromOrder(const Rules& rules, int dealer, const std::array<Card, kDeckSize>& order);

// Checks a hand-made deal: sizes fit the preset and every card appears exactly once.
bool IsCompleteDeal(const Rules& rules, const Deal& deal);

}  // namespace kafenio::pilotta
