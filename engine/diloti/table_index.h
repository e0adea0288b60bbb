#pragma once
// What every candidate move of one position needs, computed once per call of the move
// generator (legal_moves.cc) or the random-move sampler (sample_move.cc): the loose
// numerals by value, which sums they reach, and the mover's cards and declaration.
#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <vector>

#include "engine/diloti/cards.h"
#include "engine/diloti/move.h"
#include "engine/diloti/values.h"

namespace kafenio::diloti {

// The rule-level facts about the mover and the table, shared by the generator and the
// sampler: bit masks by value, so that the rules' questions are a few AND operations.
struct PositionIndex {
  // Bit s: some set of loose numerals sums to s (s <= 10). Most values a hand could
  // capture, declare or group are ruled out by this one word before any search.
  std::uint32_t sums = 1;
  int total = 0;                   // the sum of the loose numerals' values
  int owned = 0;                   // the value of the declaration the mover owns, or 0
  std::uint32_t held_values = 0;   // bit v: the mover holds a card worth v
  std::uint32_t held_several = 0;  // bit v: the mover holds two or more cards worth v
  std::uint32_t declared = 0;      // bit v: a declaration worth v is on the table
  // Bit v: the declaration worth v is a plain one of the other side, which no group may
  // fold in.
  std::uint32_t opponents_plain = 0;
  // Bit v: the declaration worth v is a plain one the mover's side may raise (the other
  // side's, or their own where the rules allow it).
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

  // Bit v: the numeral `card` may declare v with loose cards, if the mover owns no
  // declaration: v is worth more than the card, held afterwards, not declared yet and
  // reachable from the table.
  std::uint32_t DeclarationValues(Played card) const {
    return card.held_after & ~declared & (sums << card.value) & ~((2u << card.value) - 1);
  }
  std::uint32_t DeclarationValues(Card card) const { return DeclarationValues(PlayedOf(card)); }
  // Bit v: the numeral `card` may raise the declaration worth v.
  std::uint32_t RaiseSources(Played card) const {
    // Worth at most 10 - played; an owner may raise only their own.
    std::uint32_t sources = raisable & ((2u << (kMaxValue - card.value)) - 1);
    if (owned) sources &= 1u << owned;
    // The raised value is not declared yet and the mover holds a card of it afterwards
    // (the whole hold rule here: an owner raises the declaration they own).
    return sources & ~(declared >> card.value) & (card.held_after >> card.value);
  }
  std::uint32_t RaiseSources(Card card) const { return RaiseSources(PlayedOf(card)); }
  // Bit v: the numeral `card` may make or grow a group worth v, as far as the rules that
  // do not depend on which loose cards it takes go.
  std::uint32_t GroupValues(Played card) const {
    const int played = card.value;
    // The group's value is held afterwards (which is also all the hold rule asks, since
    // an owner may only group the value they own) and at least the card's.
    std::uint32_t values = card.held_after & ~((1u << played) - 1);
    // The played card's component needs loose cards worth value - played, and a second
    // component is a declaration or loose cards worth value.
    values &= (sums << played) & (declared | sums);
    if (owned) values &= 1u << owned;  // must take in the owned declaration
    // A declaration of this value must be folded in (one per value), and may be only if
    // it is a group or the player's own side's.
    values &= ~opponents_plain;
    // Without a declaration to fold in, the group needs two components, so loose cards
    // worth at least 2 * value - played: a cheap test that spares most partition searches.
    const int most = std::min((total + played) / 2, kMaxValue);
    return values & (declared | ((2u << most) - 1));
  }
  std::uint32_t GroupValues(Card card) const { return GroupValues(PlayedOf(card)); }
  bool Reaches(int sum) const { return (sums >> sum) & 1; }
  // The hold rule after playing `card`: the declaration worth `new_value` (0: none) is
  // the mover's, and `gone` left the table.
  bool Keeps(Played card, DeclarationSet gone, int new_value) const {
    const auto held = [&](int value) { return (card.held_after >> value) & 1; };
    if (new_value && !held(new_value)) return false;
    if (!owned || owned == new_value || (gone & DeclarationBit(owned))) return true;
    return held(owned);
  }
  bool Keeps(Card card, DeclarationSet gone, int new_value) const {
    return Keeps(PlayedOf(card), gone, new_value);
  }
};

// What the generator adds: the loose numerals by value and their partitions.
struct TableIndex : PositionIndex {
  using MultisetLists = std::array<std::vector<PackedCounts>, kMaxValue + 1>;
  // `lists`: where TableMultisets keeps what it computes (a MoveList's working lists).
  explicit TableIndex(MultisetLists& lists) : multiset_lists(lists) {}

  // Loose numerals worth v; filled value by value in State::LegalMoves (a plain loop is
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
