#pragma once
// Raising (shared/rules.md, "Diloti"): one card added to a plain declaration on the table,
// its new value at most 10; ownership passes to the raiser.
#include "engine/diloti/illegal.h"

namespace kafenio::diloti {

// Why the mover may not raise a declaration on the table, or Illegal::none: groups cannot
// be raised, and a plain declaration of the mover's own side (theirs or their partner's:
// `own_side`) only where the rules allow self-raising (`self_raise`).
constexpr Illegal WhyNotRaisable(bool group, bool own_side, bool self_raise) {
  if (group) return Illegal::group_cannot_be_raised;
  if (own_side && !self_raise) return Illegal::self_raise_not_allowed;
  return Illegal::none;
}

}  // namespace kafenio::diloti
