#pragma once
// The owner rule (shared/rules.md, "Diloti"): a player who owns a declaration may not lay
// a card, and every declaration move they make must take that declaration in (raise it,
// fold it into a group, or grow it), so that they own at most one at a time. Capturing
// is free.
#include <cstdint>

namespace kafenio::diloti {

// Which declarations a move other than a capture may take in, for a mover who owns the
// one worth `owned` (0: none): bit v (1..10), the one worth v; bit 0, none at all (a lay,
// a plain declaration, a group of a value nobody has declared). An owner may take in only
// theirs; anyone else, as far as this rule goes, any or none.
constexpr std::uint32_t AllowedTakeIns(int owned) {
  // An owned value is never 0; clearing bit 0 says so to the compiler, which then reads
  // "may take in none" as owned == 0.
  return owned ? (1u << owned) & ~1u : ~0u;
}

}  // namespace kafenio::diloti
