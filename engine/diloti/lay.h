#pragma once
// Laying a card on the table as a loose card (shared/rules.md, "Diloti").
#include "engine/diloti/capture.h"
#include "engine/diloti/cards.h"
#include "engine/diloti/illegal.h"
#include "engine/diloti/owner_rule.h"

namespace kafenio::diloti {

// Why `card` may not be laid, or Illegal::none, for a mover who owns the declaration worth
// `owned` (0: none), with `loose` on the table: a lay takes no declaration in, which the
// owner rule allows only to a mover who owns none; and a face card may not be laid while
// a loose card of its rank is there (it must capture it instead).
constexpr Illegal WhyNotLay(int owned, Card card, CardMask loose) {
  if (!(AllowedTakeIns(owned) & 1)) return Illegal::owner_may_not_lay;
  if (IsFace(card) && LooseTwins(card, loose)) return Illegal::face_card_beside_twin;
  return Illegal::none;
}

}  // namespace kafenio::diloti
