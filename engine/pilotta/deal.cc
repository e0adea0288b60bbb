#include "engine/pilotta/deal.h"

#include <span>

#include "engine/core/rng.h"

namespace kafenio::pilotta {

Deal DealFromOrder(const Rules& rules, int dealer, const std::array<Card, kDeckSize>& order) {
  Deal deal;
  const int players = rules.Players();
  std::size_t next = 0;
  auto batch = [&](int size) {
    for (int i = 1; i <= players; ++i) {
      const int seat = (dealer + i) & (players - 1);  // 2 or 4 players: a mask, no division
      for (int k = 0; k < size; ++k)
        deal.hands[static_cast<std::size_t>(seat)] |= Bit(order[next++]);
    }
  };
  switch (rules.preset) {
    case Preset::cyprus:
      batch(3), batch(2), batch(3);
      break;
    case Preset::classic:
      batch(3), batch(2);
      break;
    case Preset::classic2:
      batch(3), batch(3);
      break;
  }
  if (rules.preset != Preset::cyprus) deal.turn = order[next++];
  while (next < order.size()) deal.stock[deal.stock_size++] = order[next++];
  return deal;
}

Deal DealFromSeed(const Rules& rules, int dealer, std::uint64_t seed) {
  std::array<Card, kDeckSize> order{};
  for (int card = 0; card < kDeckSize; ++card)
    order[static_cast<std::size_t>(card)] = static_cast<Card>(card);
  DealRng rng(seed);
  ShuffleInPlace(std::span<Card>(order), rng);
  return DealFromOrder(rules, dealer, order);
}

bool IsCompleteDeal(const Rules& rules, const Deal& deal) {
  const int first = rules.preset == Preset::cyprus ? 8 : rules.preset == Preset::classic ? 5 : 6;
  CardMask seen = 0;
  int total = 0;
  for (int seat = 0; seat < rules.Players(); ++seat) {
    const CardMask hand = deal.hands[static_cast<std::size_t>(seat)];
    if (Count(hand) != first || (seen & hand)) return false;
    seen |= hand;
    total += first;
  }
  if (rules.preset != Preset::cyprus) {
    if (deal.turn >= kDeckSize || (seen & Bit(deal.turn))) return false;
    seen |= Bit(deal.turn);
    ++total;
  }
  for (int i = 0; i < deal.stock_size; ++i) {
    const Card card = deal.stock[static_cast<std::size_t>(i)];
    if (card >= kDeckSize || (seen & Bit(card))) return false;
    seen |= Bit(card);
    ++total;
  }
  return total == kDeckSize;
}

}  // namespace kafenio::pilotta
