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
#include "engine/diloti/packed_partitions.h"

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

// A multiset of values packed 4 bits per value (value v in bits 4(v-1) .. 4(v-1)+3), so
// that adding multisets is adding words.
using PackedCounts = std::uint64_t;
PackedCounts Pack(const ValueCounts& counts);
constexpr int CountIn(PackedCounts packed, int value) {
  return static_cast<int>((packed >> (4 * (value - 1))) & 15);
}
constexpr PackedCounts OneOf(int value) {
  return PackedCounts{1} << (4 * (value - 1));
}
int SumOf(PackedCounts packed);

// Every distinct non-empty multiset of values, taken from `available`, that splits into
// groups each worth `value`. Each is written once to `out` (cleared first).
void PartitionableMultisets(PackedCounts available, int value, std::vector<PackedCounts>& out);
// The same, keeping only the multisets that hold at least one `member` (a value).
void PartitionableMultisetsWith(PackedCounts available, int value, int member,
                                std::vector<PackedCounts>& out);

// Calls emit(mask) for every set of concrete cards with exactly CountIn(counts, v) cards of
// each value v chosen from by_value[v] (the loose cards worth v).
template <class Emit>
void ForEachChoice(PackedCounts counts, const std::array<CardMask, kMaxValue + 1>& by_value,
                   CardMask chosen, Emit& emit) {
  if (counts == 0) {
    emit(chosen);
    return;
  }
  const int value = std::countr_zero(counts) / 4 + 1;
  const int need = CountIn(counts, value);
  const PackedCounts rest = counts & ~(PackedCounts{15} << (4 * (value - 1)));
  const CardMask pool = by_value[static_cast<std::size_t>(value)];
  if (Count(pool) == need) {  // the common case: every loose card of this value
    ForEachChoice(rest, by_value, chosen | pool, emit);
    return;
  }
  // Every subset of the (at most four) cards of this value with `need` cards.
  for (CardMask sub = pool;; sub = (sub - 1) & pool) {
    if (Count(sub) == need) ForEachChoice(rest, by_value, chosen | sub, emit);
    if (sub == 0) break;
  }
}

}  // namespace kafenio::diloti
