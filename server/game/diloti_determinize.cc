#include "server/game/diloti_determinize.h"

#include <span>

namespace kafenio::server {

using diloti::Card;
using diloti::CardMask;

DilotiKnowledge DilotiKnowledgeOf(const diloti::State& state, int seat) {
  DilotiKnowledge k;
  k.seat = seat;
  for (int s = 0; s < state.Players(); ++s) {
    k.hand_sizes[static_cast<std::size_t>(s)] = diloti::Count(state.Hand(s));
    k.owned_value[static_cast<std::size_t>(s)] = s == seat ? 0 : state.OwnedValue(s);
  }
  k.pool = diloti::kFullDeck & ~state.Hand(seat) & ~state.TableCards() & ~state.Captured(0) &
           ~state.Captured(1);
  k.stock_count = state.StockSize();
  return k;
}

diloti::State Determinize(const diloti::State& state, const DilotiKnowledge& k, DealRng& rng) {
  std::array<Card, diloti::kDeckSize> cards{};
  int count = 0;
  for (CardMask rest = k.pool; rest != 0; rest &= rest - 1) {
    cards[static_cast<std::size_t>(count++)] = diloti::Lowest(rest);
  }
  ShuffleInPlace(std::span<Card>(cards.data(), static_cast<std::size_t>(count)), rng);
  std::array<CardMask, 4> hands{};
  hands[static_cast<std::size_t>(k.seat)] = state.Hand(k.seat);
  int next = 0;
  // An owner first gets a card of its declaration's value: the first one in the shuffled
  // order, moved to the front so that the rest of the order stays random.
  for (int s = 0; s < state.Players(); ++s) {
    const int value = k.owned_value[static_cast<std::size_t>(s)];
    if (value == 0 || k.hand_sizes[static_cast<std::size_t>(s)] == 0) continue;
    for (int i = next; i < count; ++i) {
      if (diloti::ValueOf(cards[static_cast<std::size_t>(i)]) == value) {
        std::swap(cards[static_cast<std::size_t>(i)], cards[static_cast<std::size_t>(next)]);
        hands[static_cast<std::size_t>(s)] |= diloti::Bit(cards[static_cast<std::size_t>(next++)]);
        break;
      }
    }
  }
  for (int s = 0; s < state.Players(); ++s) {
    if (s == k.seat) continue;
    auto& hand = hands[static_cast<std::size_t>(s)];
    while (diloti::Count(hand) < k.hand_sizes[static_cast<std::size_t>(s)]) {
      hand |= diloti::Bit(cards[static_cast<std::size_t>(next++)]);
    }
  }
  std::array<Card, diloti::kMaxStock> stock{};
  for (int i = 0; i < k.stock_count; ++i)
    stock[static_cast<std::size_t>(i)] = cards[static_cast<std::size_t>(next++)];
  diloti::State out = state;
  out.SetHiddenCards(hands, stock);
  return out;
}

}  // namespace kafenio::server
