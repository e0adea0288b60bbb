#include "server/fairness/seed_commitment.h"

#include <sodium.h>

#include <string_view>

#include "server/fairness/sodium.h"

namespace kafenio::fairness {

namespace {

constexpr std::string_view kCommitDomain = "kafenio-deal-v1";
constexpr std::string_view kSeedDomain = "kafenio-seed-v2";
constexpr std::string_view kSaltDomain = "kafenio-salt-v2";
constexpr std::string_view kFirstDealerDomain = "kafenio-first-dealer-v1";

// Fixed-width little-endian encodings, so the bytes are the same on every machine.
template <std::size_t N>
std::array<std::uint8_t, N> LittleEndian(std::uint64_t value) {
  std::array<std::uint8_t, N> bytes{};
  for (std::size_t i = 0; i < N; ++i) bytes[i] = static_cast<std::uint8_t>(value >> (8 * i));
  return bytes;
}

void Absorb(crypto_hash_sha256_state& state, std::span<const std::uint8_t> bytes) {
  crypto_hash_sha256_update(&state, bytes.data(), bytes.size());
}

void Absorb(crypto_hash_sha256_state& state, std::string_view text) {
  crypto_hash_sha256_update(&state, reinterpret_cast<const unsigned char*>(text.data()),
                            text.size());
}

// SHA-256(domain || secret || match id (8 bytes LE) || hand (4 bytes LE)): a pseudorandom
// function of the match and hand, keyed by the server secret.
Bytes32 KeyedDigest(std::string_view domain, const ServerSecret& secret, std::int64_t match_id,
                    int hand) {
  EnsureSodium();
  crypto_hash_sha256_state state;
  crypto_hash_sha256_init(&state);
  Absorb(state, domain);
  Absorb(state, secret);
  Absorb(state, LittleEndian<8>(static_cast<std::uint64_t>(match_id)));
  Absorb(state, LittleEndian<4>(static_cast<std::uint32_t>(hand)));
  Bytes32 digest{};
  crypto_hash_sha256_final(&state, digest.data());
  return digest;
}

}  // namespace

Bytes32 CommitmentOf(std::uint64_t seed, const Bytes32& salt, std::int64_t match_id, int hand) {
  crypto_hash_sha256_state state;
  crypto_hash_sha256_init(&state);
  Absorb(state, kCommitDomain);
  Absorb(state, LittleEndian<8>(seed));
  Absorb(state, LittleEndian<8>(static_cast<std::uint64_t>(match_id)));
  Absorb(state, LittleEndian<4>(static_cast<std::uint32_t>(hand)));
  Absorb(state, salt);
  Bytes32 digest{};
  crypto_hash_sha256_final(&state, digest.data());
  return digest;
}

HandCommitment CommitHandSeed(const ServerSecret& secret, std::int64_t match_id, int hand) {
  HandCommitment result;
  const Bytes32 seed_digest = KeyedDigest(kSeedDomain, secret, match_id, hand);
  for (int i = 7; i >= 0; --i)
    result.seed = (result.seed << 8) | seed_digest[static_cast<std::size_t>(i)];
  result.salt = KeyedDigest(kSaltDomain, secret, match_id, hand);
  result.commitment = CommitmentOf(result.seed, result.salt, match_id, hand);
  return result;
}

int FirstDealer(const ServerSecret& secret, std::int64_t table_number, int seats) {
  const Bytes32 digest = KeyedDigest(kFirstDealerDomain, secret, table_number, 0);
  std::uint64_t draw = 0;
  for (int i = 7; i >= 0; --i) draw = (draw << 8) | digest[static_cast<std::size_t>(i)];
  // 2^64 is a multiple of 2 and of 4, the only seat counts: the remainder is unbiased.
  return static_cast<int>(draw % static_cast<std::uint64_t>(seats));
}

bool VerifyCommitment(std::uint64_t seed, const Bytes32& salt, std::int64_t match_id, int hand,
                      const Bytes32& commitment) {
  const Bytes32 expected = CommitmentOf(seed, salt, match_id, hand);
  return sodium_memcmp(expected.data(), commitment.data(), expected.size()) == 0;
}

std::string ToHex(std::span<const std::uint8_t> bytes) {
  std::string hex(bytes.size() * 2 + 1, '\0');
  sodium_bin2hex(hex.data(), hex.size(), bytes.data(), bytes.size());
  hex.pop_back();  // the terminator sodium writes
  return hex;
}

std::optional<Bytes32> Bytes32FromHex(std::string_view hex) {
  Bytes32 bytes{};
  std::size_t length = 0;
  const char* end = nullptr;
  if (hex.size() != 64 ||
      sodium_hex2bin(bytes.data(), bytes.size(), hex.data(), hex.size(), nullptr, &length, &end) !=
          0 ||
      length != bytes.size() || end != hex.data() + hex.size()) {
    return std::nullopt;
  }
  return bytes;
}

}  // namespace kafenio::fairness
