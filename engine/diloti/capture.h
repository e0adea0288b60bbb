#pragma once
// Captures (shared/rules.md, "Diloti"). A face card takes exactly one loose face card of
// its rank. A numeral worth v takes one or more disjoint groups at once, each a loose card
// worth v, two or more loose numerals worth v together, or the declaration worth v; which
// sets of loose numerals split so is CanPartition (values.h). What the hold rule leaves of
// these choices is decided here once, for checking, listing and drawing moves alike.
#include <cstdint>

#include "engine/diloti/cards.h"
#include "engine/diloti/hold_rule.h"
#include "engine/diloti/move.h"

namespace kafenio::diloti {

// The loose cards of the card's rank: what a face card may capture, one of them a move,
// and what keeps it from being laid (lay.h).
constexpr CardMask LooseTwins(Card card, CardMask loose) {
  return loose & RankMask(RankOf(card));
}

// What a card may take as far as the hold rule goes.
struct CaptureChoices {
  // The declaration of the card's value (on the table), alone or with loose cards.
  bool declaration;
  // Loose cards without that declaration.
  bool loose_alone;
};

// For a card worth `value` (0: a face card, which takes no declaration), a mover who owns
// the declaration worth `owned` (0: none) and for whom `holds(v)` says whether they hold a
// card worth v after playing it (hold_rule.h), with the declarations `declared` (bit v) on
// the table. Taking the owned declaration itself frees its owner from holding its value.
template <class Holds>
constexpr CaptureChoices CaptureChoicesOf(int value, Holds holds, int owned,
                                          std::uint32_t declared) {
  const DeclarationSet with = DeclarationBit(value);
  // Both parts asked whatever the first says (`&`, not `&&`): a branch on whether the
  // declaration is there would be a coin toss in random play.
  const bool declaration = ((declared & with) != 0) & KeepsCardsOfValue(holds, owned, with, 0);
  return {declaration, KeepsCardsOfValue(holds, owned, 0, 0)};
}

// Whether the card has a legal capture, without listing them. `loose_set`: some loose
// cards are a capture by themselves, that is a loose twin of a face card, or loose numerals
// worth a numeral's value together (one such set is a capture of one group).
constexpr bool HasCapture(CaptureChoices choices, bool loose_set) {
  return choices.declaration || (choices.loose_alone && loose_set);
}

}  // namespace kafenio::diloti
