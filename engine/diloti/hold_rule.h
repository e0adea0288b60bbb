#pragma once
// The hold rule (shared/rules.md, "Diloti": the owner of a declaration may not give up
// their last card of its value except by capturing it). It is checked on the position
// after the move: every declaration the mover then owns needs a card of its value left in
// their hand. Checking a move (check_move.cc), listing the moves (legal_moves.cc) and
// drawing one (sample_move.cc) all ask it here, through the capture rule (capture.h) and
// the declaration values of table_index.h.
//
// Inline: the move generator asks it for every card of every position.
#include <cstdint>

#include "engine/diloti/move.h"

namespace kafenio::diloti {

// Whether the mover holds a card of the value of every declaration they own after the
// move: the one worth `owned` that they owned before it (0: none; the owner rule allows
// one), unless the move takes it off the table (`gone`), and the one the move makes theirs
// (worth `new_value`; 0: none). `holds(v)`: does the mover hold a card worth v after the
// move; asked only of those values.
template <class Holds>
constexpr bool KeepsCardsOfValue(Holds holds, int owned, DeclarationSet gone, int new_value) {
  const bool keeps_owned = owned == 0 || ((gone >> owned) & 1) || holds(owned);
  return keeps_owned && (new_value == 0 || holds(new_value));
}

// `holds` for the values held after the move as bits (bit v: a card worth v).
constexpr auto HoldsOf(std::uint32_t held_after) {
  return [held_after](int value) -> bool { return (held_after >> value) & 1; };
}

// KeepsCardsOfValue for every new value at once: bit v (1..10) is
// KeepsCardsOfValue(HoldsOf(held_after), owned, gone, v).
constexpr std::uint32_t HoldableValues(std::uint32_t held_after, int owned, DeclarationSet gone) {
  return KeepsCardsOfValue(HoldsOf(held_after), owned, gone, 0) ? held_after : 0;
}

}  // namespace kafenio::diloti
