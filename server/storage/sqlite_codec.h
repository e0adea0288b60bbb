#pragma once
// How values that SQLite has no type for are stored: match states as text, and 64-bit
// unsigned seeds as the signed integer with the same bits.
#include <bit>
#include <cstdint>
#include <string_view>

#include "server/storage/rows.h"

namespace kafenio::storage {

std::string_view MatchStateName(MatchState state);
MatchState ParseMatchState(std::string_view name);

inline std::int64_t SeedToColumn(std::uint64_t seed) {
  return std::bit_cast<std::int64_t>(seed);
}
inline std::uint64_t SeedFromColumn(std::int64_t value) {
  return std::bit_cast<std::uint64_t>(value);
}

}  // namespace kafenio::storage
