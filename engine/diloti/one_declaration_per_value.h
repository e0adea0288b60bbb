#pragma once
// At most one declaration of each value is on the table at any time (shared/rules.md,
// "Diloti"): a move that would leave two declarations of one value is illegal, so a group
// of a value already declared must take that declaration in.
#include <cstdint>

#include "engine/diloti/move.h"

namespace kafenio::diloti {

// Bit v (1..10): a move may leave a declaration worth v on the table, given the
// declarations there (`declared`, bit v) and those the move takes in (`taken`).
constexpr std::uint32_t FreeValues(std::uint32_t declared, DeclarationSet taken) {
  return ~(declared & ~std::uint32_t{taken});
}

}  // namespace kafenio::diloti
