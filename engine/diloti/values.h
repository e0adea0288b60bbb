#pragma once
// Sums of card values, and the question every capture and group declaration asks: can
// these loose numerals be split into groups that are each worth v?
//
// The table is indexed by value: a set of numerals matters to the rules only through how
// many cards of each value it holds (a ValueCounts), so partitions are searched over at
// most ten counts instead of over subsets of cards, and the legal-move generator builds
// every capturable multiset once from the integer partitions of v before choosing which
// concrete cards of each value make it up.
#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "engine/diloti/cards.h"

namespace kafenio::diloti {

// counts[v] = how many cards worth v (1..10); counts[0] is unused.
using ValueCounts = std::array<std::uint8_t, kMaxValue + 1>;

ValueCounts CountValues(CardMask numerals);
int SumValues(CardMask numerals);

// True when `counts` (not all zero) splits into groups that are each worth `value`.
bool CanPartition(const ValueCounts& counts, int value);

// True when some non-empty subset of the numerals sums to exactly `value`.
bool HasSubsetSum(CardMask numerals, int value);

// Splits concrete numerals into groups each worth `value` (empty result when impossible).
// Used to write a capture or group in record syntax; speed does not matter there.
std::vector<CardMask> SplitIntoGroups(CardMask numerals, int value);

// The integer partitions of each value 1..10 as ValueCounts (42 for 10).
const std::vector<ValueCounts>& PartitionsOf(int value);

// Every distinct non-empty multiset of values, taken from `available`, that splits into
// groups each worth `value`. Each is written once to `out` (cleared first).
void PartitionableMultisets(const ValueCounts& available, int value, std::vector<ValueCounts>& out);

// Calls emit(mask) for every set of concrete cards with exactly counts[v] cards of each
// value v chosen from by_value[v] (the loose cards worth v).
template <class Emit>
void ForEachChoice(const ValueCounts& counts, const std::array<CardMask, kMaxValue + 1>& by_value,
                   int value, CardMask chosen, Emit& emit) {
  while (value <= kMaxValue && counts[static_cast<std::size_t>(value)] == 0) ++value;
  if (value > kMaxValue) {
    emit(chosen);
    return;
  }
  const CardMask pool = by_value[static_cast<std::size_t>(value)];
  const int need = counts[static_cast<std::size_t>(value)];
  // Every subset of the (at most four) cards of this value with `need` cards.
  for (CardMask sub = pool;; sub = (sub - 1) & pool) {
    if (Count(sub) == need) ForEachChoice(counts, by_value, value + 1, chosen | sub, emit);
    if (sub == 0) break;
  }
}

}  // namespace kafenio::diloti
