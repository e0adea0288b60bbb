// Accounts: guests, registration, sign-in and sessions, answered on the caller's executor;
// session expiry follows the server's clock, moved by the test.
#include "server/app/accounts.h"

#include <catch2/catch.hpp>

#include "server/app/crypto.h"
#include "tests/server_unit/store_fixture.h"

namespace kafenio::server {
namespace {

struct Fixture : testing::StoreFixture {
  Fixture() { REQUIRE(InitCrypto()); }
  // Runs one of Accounts' calls and waits for its answer.
  SignInResult Ask(const std::function<void(Executor, Accounts::Done)>& call) {
    return Wait<SignInResult>(call);
  }
  SignInResult Guest(const std::string& name) {
    return Ask([&](Executor ex, Accounts::Done done) { accounts.Guest(name, ex, done); });
  }
  SignInResult Register(const std::string& name, const std::string& password) {
    return Ask(
        [&](Executor ex, Accounts::Done done) { accounts.Register(name, password, ex, done); });
  }
  SignInResult SignIn(const std::string& name, const std::string& password) {
    return Ask(
        [&](Executor ex, Accounts::Done done) { accounts.SignIn(name, password, ex, done); });
  }
  SignInResult Resume(const std::string& token) {
    return Ask([&](Executor ex, Accounts::Done done) { accounts.Resume(token, ex, done); });
  }

  ServerConfig config;
  ManualClock clock{1'700'000'000'000};
  Accounts accounts{config, store, clock};
};

TEST_CASE_METHOD(Fixture, "guests get a tagged name and a session token") {
  const SignInResult a = Guest("eleni");
  const SignInResult b = Guest("eleni");
  REQUIRE(a.error == v1::ERROR_UNSPECIFIED);
  REQUIRE(b.error == v1::ERROR_UNSPECIFIED);
  CHECK(a.account.name.rfind("eleni#", 0) == 0);
  CHECK(a.account.id != b.account.id);
  CHECK(a.token.size() == 64);
  CHECK(a.token != b.token);
  CHECK(Guest("").error == v1::BAD_NAME);
  CHECK(Guest("<script>").error == v1::BAD_NAME);
}

TEST_CASE_METHOD(Fixture, "registered players sign in with their password only") {
  const SignInResult registered = Register("andreas", "kalimera123");
  REQUIRE(registered.error == v1::ERROR_UNSPECIFIED);
  CHECK(Register("andreas", "something else").error == v1::NAME_TAKEN);
  CHECK(Register("ANDREAS", "something else").error == v1::NAME_TAKEN);
  CHECK(Register("short", "1234567").error == v1::BAD_PASSWORD);  // said as such
  CHECK(SignIn("andreas", "kalimera124").error == v1::BAD_CREDENTIALS);
  CHECK(SignIn("nobody", "kalimera123").error == v1::BAD_CREDENTIALS);
  const SignInResult signed_in = SignIn("andreas", "kalimera123");
  REQUIRE(signed_in.error == v1::ERROR_UNSPECIFIED);
  CHECK(signed_in.account.id == registered.account.id);
  // Only an Argon2id hash is stored, never the password.
  const auto stored = store.FindAccountByName("andreas");
  REQUIRE(stored);
  CHECK(stored->password_hash.rfind("$argon2id$", 0) == 0);
  CHECK(stored->password_hash.find("kalimera123") == std::string::npos);
}

TEST_CASE_METHOD(Fixture, "sessions resume by token, are stored hashed and expire with the clock") {
  const SignInResult guest = Guest("maria");
  const std::int64_t now = clock.NowMs();
  REQUIRE(store.FindSession(guest.token, now) == std::nullopt);  // not stored in the clear
  REQUIRE(store.FindSession(Sha256Hex(guest.token), now));
  const SignInResult resumed = Resume(guest.token);
  REQUIRE(resumed.error == v1::ERROR_UNSPECIFIED);
  CHECK(resumed.account.id == guest.account.id);
  CHECK(resumed.expires_unix_ms == guest.expires_unix_ms);
  CHECK(Resume("not a token").error == v1::SESSION_EXPIRED);

  // A week later (the default lifetime) the session has expired.
  clock.Advance(std::int64_t{config.session_ttl_hours} * 3600 * 1000 - 1);
  CHECK(Resume(guest.token).error == v1::ERROR_UNSPECIFIED);
  clock.Advance(1);
  CHECK(Resume(guest.token).error == v1::SESSION_EXPIRED);
}

}  // namespace
}  // namespace kafenio::server
