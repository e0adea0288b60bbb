#pragma once
// Laying a card on the table as a loose card (shared/rules.md, "Diloti").
#include "engine/diloti/cards.h"
#include "engine/diloti/illegal.h"
#include "engine/diloti/owner_rule.h"

namespace kafenio::diloti {

// Whether a card may be laid, for a mover who owns the declaration worth `owned` (0: none):
// a lay takes no declaration in, which the owner rule allows only to a mover who owns
// none; and a face card (`face`) may not be laid while a loose card of its rank is on the
// table (`twins`: those cards, LooseTwins in capture.h), which it must capture instead.
// Worked out without branches (`&`, not `&&`): whether a twin is on the table is a coin
// toss in random play, and the move generator and sampler ask for every card.
constexpr bool MayLay(int owned, bool face, CardMask twins) {
  return (AllowedTakeIns(owned) & 1) & !(face & (twins != 0));
}

// Why a card may not be laid (MayLay), or Illegal::none. The owner rule is reported first:
// a lay refused even without a twin is refused for the owner.
constexpr Illegal WhyNotLay(int owned, bool face, CardMask twins) {
  if (MayLay(owned, face, twins)) return Illegal::none;
  return MayLay(owned, false, 0) ? Illegal::face_card_beside_twin : Illegal::owner_may_not_lay;
}

}  // namespace kafenio::diloti
