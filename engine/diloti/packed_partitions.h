#pragma once
// The integer partitions of each value 1..10 packed 4 bits per value (values.h), built at
// compile time: the move generator reads them for every candidate declaration and group,
// and a table in read-only data costs no initialisation guard or call on each read.
#include <array>
#include <bit>
#include <cstdint>
#include <span>

#include "engine/diloti/cards.h"

namespace kafenio::diloti {

// Both are multisets of values packed 4 bits per value (PackedCounts, values.h). True
// when every count of `part` is at most the one in `available` (both at most 5).
constexpr bool FitsIn(std::uint64_t available, std::uint64_t part) {
  // Bit 3 of each nibble is free: set it as a guard; subtracting clears it where the
  // count would go below 0.
  constexpr std::uint64_t kGuards = 0x8888888888ULL;
  return (((available | kGuards) - part) & kGuards) == kGuards;
}

namespace packed_partitions_detail {

inline constexpr std::size_t kMostPartitions = 42;  // p(10)

struct Table {
  std::array<std::array<std::uint64_t, kMostPartitions>, kMaxValue + 1> parts{};
  std::array<std::uint8_t, kMaxValue + 1> size{};
};

// Largest part first, as PartitionsOf lists them; `key` holds the parts chosen so far.
constexpr void Collect(Table& table, int value, int remaining, int largest, std::uint64_t key) {
  if (remaining == 0) {
    // A table never offers more than four cards of a value (five with the played card),
    // and the guard arithmetic of FitsIn needs counts below 8.
    for (int v = 1; v <= kMaxValue; ++v) {
      if (((key >> (4 * (v - 1))) & 15) > 5) return;
    }
    auto& size = table.size[static_cast<std::size_t>(value)];
    table.parts[static_cast<std::size_t>(value)][size++] = key;
    return;
  }
  for (int part = largest < remaining ? largest : remaining; part >= 1; --part) {
    Collect(table, value, remaining - part, part, key + (std::uint64_t{1} << (4 * (part - 1))));
  }
}

constexpr Table Build() {
  Table table;
  for (int v = 1; v <= kMaxValue; ++v) Collect(table, v, v, v, 0);
  return table;
}

inline constexpr Table kTable = Build();

}  // namespace packed_partitions_detail

// The integer partitions of `value` (1..10) packed, leaving out those that no table can
// offer, in the order of PartitionsOf.
constexpr std::span<const std::uint64_t> PackedPartitionsOf(int value) {
  const auto v = static_cast<std::size_t>(value);
  return {packed_partitions_detail::kTable.parts[v].data(),
          packed_partitions_detail::kTable.size[v]};
}

// Bit i: PackedPartitionsOf(value)[i] fits `available` (FitsIn). Computed without a
// branch per partition: whether a partition fits is data the branch predictor cannot
// learn, and a scan that branched on it measured slightly slower.
constexpr std::uint64_t FittingPartitions(std::uint64_t available, int value) {
  using packed_partitions_detail::kTable;
  const auto v = static_cast<std::size_t>(value);
  std::uint64_t fitting = 0;
  for (std::size_t i = 0; i < kTable.size[v]; ++i) {
    fitting |= std::uint64_t{FitsIn(available, kTable.parts[v][i])} << i;
  }
  return fitting;
}

// Calls visit(partition) for each partition of `value` named by the bits of `fitting`
// (FittingPartitions), in the order of PackedPartitionsOf.
template <class Visit>
constexpr void ForEachPartitionIn(std::uint64_t fitting, int value, Visit&& visit) {
  const auto& parts = packed_partitions_detail::kTable.parts[static_cast<std::size_t>(value)];
  for (; fitting; fitting &= fitting - 1) {
    visit(parts[static_cast<std::size_t>(std::countr_zero(fitting))]);
  }
}

}  // namespace kafenio::diloti
