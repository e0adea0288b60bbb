#pragma once
// Fair shuffles (docs/fairness.md): each hand's deal seed is committed to with SHA-256
// before the hand and revealed after it, so players can check that the server dealt the
// seed it had fixed in advance.
#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace kafenio::fairness {

using Bytes32 = std::array<std::uint8_t, 32>;
using ServerSecret = Bytes32;

struct HandCommitment {
  std::uint64_t seed = 0;  // secret until the hand is over
  Bytes32 salt{};          // random; published with the seed
  Bytes32 commitment{};    // published before the hand
};

// The seed and salt of one hand of one match, and the commitment to them. Both are
// SHA-256 over the server secret, the match id and the hand number (with different domain
// strings): unpredictable to anyone without the secret, and the same every time they are
// derived, so a match rebuilt after a crash deals exactly the hands it would have dealt.
HandCommitment CommitHandSeed(const ServerSecret& secret, std::int64_t match_id, int hand);

// SHA-256 of "kafenio-deal-v1" || seed (8 bytes LE) || match id (8 bytes LE) ||
// hand (4 bytes LE) || salt (32 bytes).
Bytes32 CommitmentOf(std::uint64_t seed, const Bytes32& salt, std::int64_t match_id, int hand);

// The first dealer of a table's series, drawn like the deals: a function of the secret and
// the table's number, unpredictable without the secret and the same on every derivation.
int FirstDealer(const ServerSecret& secret, std::int64_t table_number, int seats);

bool VerifyCommitment(std::uint64_t seed, const Bytes32& salt, std::int64_t match_id, int hand,
                      const Bytes32& commitment);

std::string ToHex(std::span<const std::uint8_t> bytes);
// Exactly 64 hex digits; nullopt otherwise.
std::optional<Bytes32> Bytes32FromHex(std::string_view hex);

}  // namespace kafenio::fairness
