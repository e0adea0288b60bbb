#include "server/app/accounts.h"

#include <catch2/catch.hpp>

#include "server/app/crypto.h"
#include "server/storage/memory_game_store.h"

namespace kafenio::server {
namespace {

struct Fixture {
  Fixture() { REQUIRE(InitCrypto()); }
  ServerConfig config;
  MemoryGameStore storage;
  Accounts accounts{config, storage};
};

TEST_CASE_METHOD(Fixture, "guests get a tagged name and a session token") {
  const SignInResult a = accounts.Guest("eleni");
  const SignInResult b = accounts.Guest("eleni");
  REQUIRE(a.error == v1::ERROR_UNSPECIFIED);
  REQUIRE(b.error == v1::ERROR_UNSPECIFIED);
  CHECK(a.account.name.rfind("eleni#", 0) == 0);
  CHECK(a.account.id != b.account.id);
  CHECK(a.token.size() == 64);
  CHECK(a.token != b.token);
  CHECK(accounts.Guest("").error == v1::BAD_NAME);
  CHECK(accounts.Guest("<script>").error == v1::BAD_NAME);
}

TEST_CASE_METHOD(Fixture, "registered players sign in with their password only") {
  const SignInResult registered = accounts.Register("andreas", "kalimera123");
  REQUIRE(registered.error == v1::ERROR_UNSPECIFIED);
  CHECK(accounts.Register("andreas", "something else").error == v1::NAME_TAKEN);
  CHECK(accounts.Register("short", "1234567").error == v1::BAD_CREDENTIALS);
  CHECK(accounts.SignIn("andreas", "kalimera124").error == v1::BAD_CREDENTIALS);
  CHECK(accounts.SignIn("nobody", "kalimera123").error == v1::BAD_CREDENTIALS);
  const SignInResult signed_in = accounts.SignIn("andreas", "kalimera123");
  REQUIRE(signed_in.error == v1::ERROR_UNSPECIFIED);
  CHECK(signed_in.account.id == registered.account.id);
  // Only an Argon2id hash is stored, never the password.
  const auto stored = storage.FindAccountByName("andreas");
  REQUIRE(stored);
  CHECK(stored->password_hash.rfind("$argon2id$", 0) == 0);
  CHECK(stored->password_hash.find("kalimera123") == std::string::npos);
}

TEST_CASE_METHOD(Fixture, "sessions resume by token, are stored hashed and expire") {
  const SignInResult guest = accounts.Guest("maria");
  REQUIRE(storage.FindSession(guest.token) == std::nullopt);  // not stored in the clear
  REQUIRE(storage.FindSession(Sha256Hex(guest.token)));
  const SignInResult resumed = accounts.Resume(guest.token);
  REQUIRE(resumed.error == v1::ERROR_UNSPECIFIED);
  CHECK(resumed.account.id == guest.account.id);
  CHECK(accounts.Resume("not a token").error == v1::SESSION_EXPIRED);

  config.session_ttl_hours = 0;  // sessions made now are already expired
  const SignInResult stale = accounts.Guest("nikos");
  CHECK(accounts.Resume(stale.token).error == v1::SESSION_EXPIRED);
  CHECK(storage.FindSession(Sha256Hex(stale.token)) == std::nullopt);  // and forgotten
}

}  // namespace
}  // namespace kafenio::server
