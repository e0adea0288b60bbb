// RFC 6238 appendix B: every test vector (SHA-1, SHA-256 and SHA-512, eight digits), and
// base32 round trips (RFC 4648 section 10).
#include <catch2/catch.hpp>

#include "server/app/admin/totp.h"

namespace kafenio::server::admin {
namespace {

struct Vector {
  std::int64_t time;
  const char* sha1;
  const char* sha256;
  const char* sha512;
};

constexpr Vector kVectors[] = {
    {59, "94287082", "46119246", "90693936"},
    {1111111109, "07081804", "68084774", "25091201"},
    {1111111111, "14050471", "67062674", "99943326"},
    {1234567890, "89005924", "91819424", "93441116"},
    {2000000000, "69279037", "90698825", "38618901"},
    {20000000000, "65353130", "77737706", "47863826"},
};

TEST_CASE("TOTP codes are RFC 6238's test vectors", "[admin][totp]") {
  const std::string seed20 = "12345678901234567890";
  const std::string seed32 = seed20 + "123456789012";
  const std::string seed64 = seed20 + seed20 + seed20 + "1234";
  for (const Vector& v : kVectors) {
    CHECK(TotpCode(seed20, v.time, 8, TotpHash::sha1) == v.sha1);
    CHECK(TotpCode(seed32, v.time, 8, TotpHash::sha256) == v.sha256);
    CHECK(TotpCode(seed64, v.time, 8, TotpHash::sha512) == v.sha512);
  }
}

TEST_CASE("a code matches in its own step and the steps either side only", "[admin][totp]") {
  const std::string secret = Base32Encode("12345678901234567890");
  const std::string code = TotpCode("12345678901234567890", 1111111111);  // 6 digits
  CHECK(code == "050471");
  CHECK(TotpMatches(secret, code, 1111111111LL * 1000));
  CHECK(TotpMatches(secret, code, (1111111111LL + 30) * 1000));
  CHECK(TotpMatches(secret, code, (1111111111LL - 30) * 1000));
  CHECK_FALSE(TotpMatches(secret, code, (1111111111LL + 90) * 1000));
  CHECK_FALSE(TotpMatches(secret, "", 1111111111LL * 1000));
  CHECK_FALSE(TotpMatches("not base32!", code, 1111111111LL * 1000));
}

TEST_CASE("base32 is RFC 4648's", "[admin][totp]") {
  CHECK(Base32Encode("foobar") == "MZXW6YTBOI");
  CHECK(Base32Decode("MZXW6YTBOI======") == std::optional<std::string>("foobar"));
  CHECK(Base32Decode("mzxw6ytboi") == std::optional<std::string>("foobar"));
  CHECK_FALSE(Base32Decode("MZXW1").has_value());
  const std::string secret = NewTotpSecret();
  CHECK(secret.size() == 32);
  CHECK(Base32Decode(secret)->size() == 20);
}

}  // namespace
}  // namespace kafenio::server::admin
