#include "engine/diloti/deal.h"

#include <algorithm>
#include <span>

#include "engine/core/rng.h"

namespace kafenio::diloti {

bool TableNeedsRedeal(CardMask table) {
  for (int rank = kJack; rank < 13; ++rank) {
    if (Count(table & RankMask(rank)) >= 3) return true;
  }
  return false;
}

Deal DealFromSeed(int players, int dealer, std::uint64_t seed) {
  std::array<Card, kDeckSize> order{};
  for (int card = 0; card < kDeckSize; ++card) {
    order[static_cast<std::size_t>(card)] = static_cast<Card>(card);
  }
  DealRng rng(seed);
  ShuffleInPlace(std::span<Card>(order), rng);
  Deal deal;
  std::size_t next = 0;
  for (int i = 1; i <= players; ++i) {
    const auto seat = static_cast<std::size_t>((dealer + i) % players);
    for (int k = 0; k < kHandSize; ++k) deal.hands[seat] |= Bit(order[next++]);
  }
  // The table is the first four cards of what is left; a redeal puts them back at the
  // end and reshuffles everything that is not in a hand.
  std::span<Card> rest(order.data() + next, order.size() - next);
  for (;;) {
    CardMask table = 0;
    for (std::size_t k = 0; k < kTableDeal; ++k) table |= Bit(rest[k]);
    if (!TableNeedsRedeal(table)) {
      deal.table = table;
      break;
    }
    std::array<Card, kTableDeal> dealt{};
    for (std::size_t k = 0; k < kTableDeal; ++k) dealt[k] = rest[k];
    for (std::size_t k = kTableDeal; k < rest.size(); ++k) rest[k - kTableDeal] = rest[k];
    for (std::size_t k = 0; k < kTableDeal; ++k) rest[rest.size() - kTableDeal + k] = dealt[k];
    ShuffleInPlace(rest, rng);
  }
  // Copied with a local count: a store through deal.stock[deal.stock_size++] may alias the
  // byte-sized count, which made the compiler reload and store it for every card.
  const std::size_t stock = rest.size() - kTableDeal;
  std::copy_n(rest.begin() + kTableDeal, stock, deal.stock.begin());
  deal.stock_size = static_cast<std::uint8_t>(stock);
  return deal;
}

bool IsCompleteDeal(int players, const Deal& deal) {
  if (players != 2 && players != 4) return false;
  CardMask seen = 0;
  int total = 0;
  for (int seat = 0; seat < players; ++seat) {
    const CardMask hand = deal.hands[static_cast<std::size_t>(seat)];
    if (Count(hand) != kHandSize || (seen & hand) || (hand & ~kFullDeck)) return false;
    seen |= hand;
    total += kHandSize;
  }
  for (int seat = players; seat < 4; ++seat) {
    if (deal.hands[static_cast<std::size_t>(seat)] != 0) return false;
  }
  if (Count(deal.table) != kTableDeal || (seen & deal.table) || (deal.table & ~kFullDeck)) {
    return false;
  }
  seen |= deal.table;
  total += kTableDeal;
  for (int i = 0; i < deal.stock_size; ++i) {
    const Card card = deal.stock[static_cast<std::size_t>(i)];
    if (card >= kDeckSize || (seen & Bit(card))) return false;
    seen |= Bit(card);
    ++total;
  }
  // Later deals hand out six cards to every seat at a time.
  return total == kDeckSize && deal.stock_size % (kHandSize * players) == 0;
}

}  // namespace kafenio::diloti
