#include "server/game/pilotta_determinize.h"

#include <span>

namespace kafenio::server {
namespace {

using pilotta::Card;
using pilotta::CardMask;

constexpr CardMask kDeck = 0xFFFFFFFFU;

bool Swapped(const pilotta::State& state) {
  for (int i = 0; i < state.CallCount(); ++i) {
    if (state.CallAt(i).kind == pilotta::MoveKind::swap) return true;
  }
  return false;
}

// Where the turned card is: face up while trumps are chosen, then in the taker's hand
// (classic, or classic2 after a swap), or set aside (classic2 otherwise).
void PlaceTurnedCard(const pilotta::State& state, std::array<CardMask, 4>& known,
                     CardMask& outside) {
  const Card turned = state.TurnedCard();
  if (turned == pilotta::kNoCard) return;
  const pilotta::Phase phase = state.phase();
  const int bidder = state.GetContract().bidder;
  if (phase == pilotta::Phase::take_round || phase == pilotta::Phase::name_round ||
      phase == pilotta::Phase::swap) {
    outside |= pilotta::Bit(turned);
    if (phase == pilotta::Phase::swap) {  // the taker holds the seven of trumps
      const auto trump = static_cast<Suit>(state.GetContract().trump);
      known[static_cast<std::size_t>(bidder)] |=
          pilotta::Bit(pilotta::MakeCard(trump, pilotta::r7));
    }
    return;
  }
  const bool in_taker_hand = state.rules().preset == pilotta::Preset::classic || Swapped(state);
  if (in_taker_hand && bidder >= 0) {
    known[static_cast<std::size_t>(bidder)] |= pilotta::Bit(turned);
  } else {
    outside |= pilotta::Bit(turned);
  }
}

}  // namespace

PilottaKnowledge PilottaKnowledgeOf(const pilotta::State& state, int seat) {
  PilottaKnowledge k;
  k.seat = seat;
  const CardMask played = state.Played();
  CardMask outside = played;
  if (state.SetAsideCard() != pilotta::kNoCard) outside |= pilotta::Bit(state.SetAsideCard());
  PlaceTurnedCard(state, k.known, outside);
  for (int i = 0; i < state.DeclarationCount(); ++i) {
    const auto& d = state.DeclarationAt(i);
    k.known[static_cast<std::size_t>(d.seat)] |= d.cards;
  }
  const int holder = state.BeloteHolder();
  const int trump = state.GetContract().trump;
  if (holder >= 0 && trump < 4) {
    const auto suit = static_cast<Suit>(trump);
    k.known[static_cast<std::size_t>(holder)] |=
        pilotta::Bit(pilotta::MakeCard(suit, pilotta::rK)) |
        pilotta::Bit(pilotta::MakeCard(suit, pilotta::rQ));
  }
  k.known[static_cast<std::size_t>(seat)] = state.Hand(seat);
  CardMask placed = outside;
  for (int s = 0; s < state.Players(); ++s) {
    auto& known = k.known[static_cast<std::size_t>(s)];
    known &= ~played;
    placed |= known;
    k.unknown_count[static_cast<std::size_t>(s)] =
        pilotta::Count(state.Hand(s)) - pilotta::Count(known);
    k.voids[static_cast<std::size_t>(s)] = state.ShownVoids(s);
  }
  k.pool = kDeck & ~placed;
  k.stock_count = state.StockSize();
  return k;
}

pilotta::State Determinize(const pilotta::State& state, const PilottaKnowledge& k, DealRng& rng) {
  std::array<Card, pilotta::kDeckSize> cards{};
  int count = 0;
  for (CardMask rest = k.pool; rest != 0; rest &= rest - 1)
    cards[static_cast<std::size_t>(count++)] = pilotta::Lowest(rest);
  const int players = state.Players();
  // Places 0..players-1 are the hands, `players` the stock (which lacks no suit).
  std::array<std::array<Card, 24>, 5> dealt{};
  // A random order, then each card to a random place that still needs cards and has not
  // shown it lacks the suit. A dead end (possible with many voids) starts over; after a
  // few, voids are ignored so that a decision always has its states.
  for (int attempt = 0;; ++attempt) {
    const bool honour_voids = attempt < 32;
    ShuffleInPlace(std::span<Card>(cards.data(), static_cast<std::size_t>(count)), rng);
    std::array<int, 5> need{};
    for (int s = 0; s < players; ++s)
      need[static_cast<std::size_t>(s)] =
          s == k.seat ? 0 : k.unknown_count[static_cast<std::size_t>(s)];
    need[static_cast<std::size_t>(players)] = k.stock_count;
    std::array<int, 5> filled{};
    bool stuck = false;
    for (int i = 0; i < count && !stuck; ++i) {
      const Card card = cards[static_cast<std::size_t>(i)];
      std::array<int, 5> open{};
      int options = 0;
      for (int place = 0; place <= players; ++place) {
        const auto p = static_cast<std::size_t>(place);
        if (filled[p] >= need[p]) continue;
        if (honour_voids && place < players && ((k.voids[p] >> pilotta::SuitOf(card)) & 1))
          continue;
        open[static_cast<std::size_t>(options++)] = place;
      }
      if (options == 0) {
        stuck = true;
        break;
      }
      const auto place =
          static_cast<std::size_t>(open[rng.Below(static_cast<std::uint64_t>(options))]);
      dealt[place][static_cast<std::size_t>(filled[place]++)] = card;
    }
    if (stuck) continue;
    std::array<CardMask, 4> hands{};
    for (int s = 0; s < players; ++s) {
      const auto p = static_cast<std::size_t>(s);
      hands[p] = k.known[p];
      for (int i = 0; i < filled[p]; ++i)
        hands[p] |= pilotta::Bit(dealt[p][static_cast<std::size_t>(i)]);
    }
    pilotta::State out = state;
    out.SetHiddenCards(hands, dealt[static_cast<std::size_t>(players)]);
    return out;
  }
}

}  // namespace kafenio::server
