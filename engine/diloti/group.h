#pragma once
// Group declarations (shared/rules.md, "Diloti"): a value v from 1 to 10, and the played
// card with at least one more component, each worth v: the played card alone or with loose
// numerals, loose cards, sets of loose numerals, or the declaration worth v. Which loose
// cards split so is CanPartition (values.h).
#include <algorithm>
#include <cstdint>

#include "engine/diloti/cards.h"

namespace kafenio::diloti {

// Whether a group may take in a declaration on the table: any group (which it grows), and
// a plain declaration only of the mover's own side (theirs or their partner's:
// `own_side`).
constexpr bool MayFoldIn(bool group, bool own_side) {
  return group || own_side;
}

// Whether a group worth `value` has a component beside the played card's: its cards (the
// played card and the loose ones) are worth `card_sum` together, which makes card_sum /
// value components, one of them the played card's; a declaration it folds in (`folds`) is
// one more.
constexpr bool HasTwoComponents(int value, int card_sum, bool folds) {
  return folds || card_sum >= 2 * value;
}

// HasTwoComponents for every value at once: bit v (1..10) is HasTwoComponents(v, card_sum,
// bit v of `folded`), as card_sum >= 2 * v exactly when v <= card_sum / 2.
constexpr std::uint32_t TwoComponentValues(int card_sum, std::uint32_t folded) {
  return folded | ((2u << std::min(card_sum / 2, kMaxValue)) - 1);
}

}  // namespace kafenio::diloti
