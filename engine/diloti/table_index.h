#pragma once
// What every candidate move of one position needs, computed once per call of the move
// generator (legal_moves.cc) or the random-move sampler (sample_move.cc): the loose
// numerals by value, which sums they reach, and the mover's cards and declaration.
#include <array>
#include <bit>
#include <cstdint>
#include <vector>

#include "engine/diloti/capture.h"
#include "engine/diloti/cards.h"
#include "engine/diloti/group.h"
#include "engine/diloti/hold_rule.h"
#include "engine/diloti/move.h"
#include "engine/diloti/one_declaration_per_value.h"
#include "engine/diloti/owner_rule.h"
#include "engine/diloti/values.h"

namespace kafenio::diloti {

// The rule-level facts about the mover and the table, shared by the generator and the
// sampler: bit masks by value, so that the rules' questions are a few AND operations. The
// rules themselves are in the files named after them (hold_rule.h, owner_rule.h, ...);
// the functions below ask them for every value at once.
struct PositionIndex {
  // Bit s: some set of loose numerals sums to s (s <= 10). Most values a hand could
  // capture, declare or group are ruled out by this one word before any search.
  std::uint32_t sums = 1;
  int total = 0;                   // the sum of the loose numerals' values
  int owned = 0;                   // the value of the declaration the mover owns, or 0
  std::uint32_t held_values = 0;   // bit v: the mover holds a card worth v
  std::uint32_t held_several = 0;  // bit v: the mover holds two or more cards worth v
  std::uint32_t declared = 0;      // bit v: a declaration worth v is on the table
  // Bit v: the declaration worth v may not be folded into a group (MayFoldIn, group.h).
  std::uint32_t unfoldable = 0;
  // Bit v: the mover may raise the declaration worth v (WhyNotRaisable, raise.h).
  std::uint32_t raisable = 0;

  // The card being played as the rules below see it: its value (0 for a face card) and
  // the values the mover still holds afterwards. Worked out once per card, as several
  // rules ask for both.
  struct Played {
    int value;
    std::uint32_t held_after;  // bit v: the mover still holds a card worth v
  };
  Played PlayedAs(int value) const {
    const std::uint32_t bit = (1u << value) & ~1u;  // face cards have no value
    return {value, held_values & ~(bit & ~held_several)};
  }
  Played PlayedOf(Card card) const { return PlayedAs(ValueOf(card)); }

  // What the card may capture as far as the hold rule goes (capture.h).
  CaptureChoices CapturesOf(Played card) const {
    return CaptureChoicesOf(card.value, HoldsOf(card.held_after), owned, declared);
  }
  // Bit v: the numeral `card` may declare v with loose cards: v is worth more than the
  // card, reachable from the table and at most 10 (held values are), and the owner rule,
  // one declaration per value and the hold rule allow it.
  std::uint32_t DeclarationValues(Played card) const {
    // A plain declaration takes no declaration in (bit 0 of the owner rule's mask).
    if (!(AllowedTakeIns(owned) & 1)) return 0;
    // Owning no other declaration afterwards (the owner rule), the mover needs a card of v.
    return HoldableValues(card.held_after, 0, 0) & FreeValues(declared, 0) & (sums << card.value) &
           ~((2u << card.value) - 1);
  }
  std::uint32_t DeclarationValues(Card card) const { return DeclarationValues(PlayedOf(card)); }
  // Bit v: the numeral `card` may raise the declaration worth v.
  std::uint32_t RaiseSources(Played card) const {
    // Worth at most 10 - played, and an owner may raise only their own.
    const std::uint32_t sources =
        raisable & ((2u << (kMaxValue - card.value)) - 1) & AllowedTakeIns(owned);
    // The raised value is free (the declaration raised leaves a value other than its new
    // one) and the mover holds a card of it afterwards (owning no other: the raise takes
    // in an owner's own declaration).
    const std::uint32_t to = FreeValues(declared, 0) & HoldableValues(card.held_after, 0, 0);
    return sources & (to >> card.value);
  }
  std::uint32_t RaiseSources(Card card) const { return RaiseSources(PlayedOf(card)); }
  // Bit v: the numeral `card` may make or grow a group worth v, as far as the rules that
  // do not depend on which loose cards it takes go.
  std::uint32_t GroupValues(Played card) const {
    const int played = card.value;
    // The group's value is held afterwards (the mover owns no other declaration then: an
    // owner's group takes theirs in) and at least the card's.
    std::uint32_t values = HoldableValues(card.held_after, 0, 0) & ~((1u << played) - 1);
    // The played card's component needs loose cards worth value - played, and a second
    // component is a declaration or loose cards worth value.
    values &= (sums << played) & (declared | sums);
    // An owner must take theirs in: a group only at its value, which is declared.
    values &= AllowedTakeIns(owned);
    // A declaration of this value must be folded in (one per value), and may be only if
    // the rules let the mover fold it in.
    values &= ~unfoldable;
    // Without a declaration to fold in, the group needs two components, so loose cards
    // worth at least 2 * value - played: a cheap test that spares most partition searches.
    return values & TwoComponentValues(total + played, declared);
  }
  std::uint32_t GroupValues(Card card) const { return GroupValues(PlayedOf(card)); }
  bool Reaches(int sum) const { return (sums >> sum) & 1; }
};

// What the generator adds: the loose numerals by value and their partitions.
struct TableIndex : PositionIndex {
  using MultisetLists = std::array<std::vector<PackedCounts>, kMaxValue + 1>;
  // `lists`: where TableMultisets keeps what it computes (a MoveList's working lists).
  explicit TableIndex(MultisetLists& lists) : multiset_lists(lists) {}

  // Loose numerals worth v; filled value by value in State::IndexTable (a plain loop is
  // cheaper than zeroing the array first).
  std::array<CardMask, kMaxValue + 1> by_value;
  PackedCounts packed = 0;

  // The loose multisets that split into groups worth `value`, computed once per call:
  // captures with any card of that value and groups led by one share them.
  const std::vector<PackedCounts>& TableMultisets(int value) const {
    auto& multisets = multiset_lists[static_cast<std::size_t>(value)];
    if (!(memo_ready & (1u << value))) {
      PartitionableMultisets(packed, value, multisets);
      memo_ready |= static_cast<std::uint16_t>(1u << value);
    }
    return multisets;
  }
  MultisetLists& multiset_lists;  // entry v holds TableMultisets(v) once memo_ready says so
  mutable std::uint16_t memo_ready = 0;
  // FittingPartitions(packed, d), computed once per call: the declarations of several
  // cards ask for the same differences.
  std::uint64_t FittingPartitionsOf(int difference) const {
    const auto d = static_cast<std::size_t>(difference);
    if (!(fitting_ready & (1u << difference))) {
      fitting[d] = FittingPartitions(packed, difference);
      fitting_ready |= static_cast<std::uint16_t>(1u << difference);
    }
    return fitting[d];
  }
  mutable std::array<std::uint64_t, kMaxValue + 1> fitting;  // read only once computed
  mutable std::uint16_t fitting_ready = 0;
};

}  // namespace kafenio::diloti
