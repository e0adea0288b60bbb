// Seed commitments: the documented byte string, commit then verify, and every kind of
// tampering caught.
#include <catch2/catch.hpp>

#include <cstdlib>
#include <set>
#include <vector>

#include "server/fairness/seed_commitment.h"

namespace kafenio::fairness {
namespace {

Bytes32 CountingSalt() {
  Bytes32 salt{};
  for (std::size_t i = 0; i < salt.size(); ++i) salt[i] = static_cast<std::uint8_t>(i);
  return salt;
}

ServerSecret TestSecret() {
  ServerSecret secret{};
  secret.fill(0x5A);
  return secret;
}

TEST_CASE("the commitment is SHA-256 of the byte string docs/fairness.md gives", "[fairness]") {
  // Computed independently with Python: hashlib.sha256(b"kafenio-deal-v1" +
  // struct.pack("<Q", seed) + struct.pack("<q", 7) + struct.pack("<I", 3) + bytes(range(32))).
  const auto commitment = CommitmentOf(12345678901234567890ULL, CountingSalt(), 7, 3);
  CHECK(ToHex(commitment) == "0590cbb7a658c4a09c2a7c4ea79640d5bc2ae0128991a6ec068040c483fbb24b");
}

TEST_CASE("a committed seed verifies after it is revealed", "[fairness]") {
  const auto committed = CommitHandSeed(TestSecret(), 42, 1);
  CHECK(committed.commitment == CommitmentOf(committed.seed, committed.salt, 42, 1));
  CHECK(VerifyCommitment(committed.seed, committed.salt, 42, 1, committed.commitment));
}

TEST_CASE("a tampered seed, salt, match or hand fails verification", "[fairness]") {
  const auto c = CommitHandSeed(TestSecret(), 42, 2);
  CHECK_FALSE(VerifyCommitment(c.seed ^ 1, c.salt, 42, 2, c.commitment));
  auto salt = c.salt;
  salt[31] ^= 0x80;
  CHECK_FALSE(VerifyCommitment(c.seed, salt, 42, 2, c.commitment));
  CHECK_FALSE(VerifyCommitment(c.seed, c.salt, 43, 2, c.commitment));
  CHECK_FALSE(VerifyCommitment(c.seed, c.salt, 42, 3, c.commitment));
  auto commitment = c.commitment;
  commitment[0] ^= 1;
  CHECK_FALSE(VerifyCommitment(c.seed, c.salt, 42, 2, commitment));
}

TEST_CASE("every hand gets a fresh seed and salt", "[fairness]") {
  std::set<std::uint64_t> seeds;
  std::set<Bytes32> salts;
  for (int hand = 1; hand <= 100; ++hand) {
    const auto c = CommitHandSeed(TestSecret(), 1, hand);
    seeds.insert(c.seed);
    salts.insert(c.salt);
  }
  // Collisions among 100 draws of 64 or 256 random bits would mean a broken generator.
  CHECK(seeds.size() == 100);
  CHECK(salts.size() == 100);
  // Another match's hands differ too.
  CHECK(seeds.count(CommitHandSeed(TestSecret(), 2, 1).seed) == 0);
}

TEST_CASE("a hand's seed is fixed by the secret, the match and the hand", "[fairness]") {
  // Crash recovery re-derives a hand it had not yet stored: it must get the same deal.
  const auto first = CommitHandSeed(TestSecret(), 9, 4);
  const auto again = CommitHandSeed(TestSecret(), 9, 4);
  CHECK(first.seed == again.seed);
  CHECK(first.salt == again.salt);
  CHECK(first.commitment == again.commitment);
  // Without the secret nobody can derive it: another secret gives another seed and salt.
  ServerSecret other = TestSecret();
  other[0] ^= 1;
  const auto foreign = CommitHandSeed(other, 9, 4);
  CHECK(foreign.seed != first.seed);
  CHECK(foreign.salt != first.salt);
}

TEST_CASE("the first dealer of a series is a fixed, evenly spread draw", "[fairness]") {
  for (const int seats : {2, 4}) {
    std::vector<int> count(static_cast<std::size_t>(seats));
    for (std::int64_t table = 1; table <= 4000; ++table) {
      const int dealer = FirstDealer(TestSecret(), table, seats);
      REQUIRE(dealer >= 0);
      REQUIRE(dealer < seats);
      CHECK(dealer == FirstDealer(TestSecret(), table, seats));
      ++count[static_cast<std::size_t>(dealer)];
    }
    // Each seat's share of 4000 draws is within 5 standard deviations of even.
    for (const int n : count) CHECK(std::abs(n - 4000 / seats) < 5 * 32);
  }
}

TEST_CASE("hex round-trips and malformed hex is refused", "[fairness]") {
  const auto salt = CountingSalt();
  CHECK(Bytes32FromHex(ToHex(salt)) == salt);
  CHECK_FALSE(Bytes32FromHex("00"));
  CHECK_FALSE(Bytes32FromHex(std::string(64, 'g')));
  CHECK_FALSE(Bytes32FromHex(std::string(66, '0')));
}

}  // namespace
}  // namespace kafenio::fairness
