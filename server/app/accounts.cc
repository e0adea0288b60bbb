#include "server/app/accounts.h"
#include "server/app/account_by_name.h"

#include "server/app/crypto.h"
#include "server/names/player_name.h"

namespace kafenio::server {
namespace {

SignInResult Refuse(v1::ErrorCode code, std::string message) {
  SignInResult out;
  out.error = code;
  out.message = std::move(message);
  return out;
}

SignInResult Unavailable() {
  return Refuse(v1::STORAGE_UNAVAILABLE, "the server could not store your session: try again");
}

constexpr int kFewestPasswordCharacters = 8;
constexpr int kMostPasswordCharacters = 256;

// A hash no password matches in practice, checked when there is no account to check
// against, so that an unknown name costs what a wrong password costs (no timing oracle).
const std::string& DummyHash() {
  static const std::string hash = HashPassword(RandomToken(32));
  return hash;
}

}  // namespace

bool Accounts::ValidName(const std::string& name) {
  return names::CheckName(name).ok();
}

bool Accounts::ValidPassword(const std::string& password) {
  const int characters = names::CountCodePoints(password);
  return characters >= kFewestPasswordCharacters && characters <= kMostPasswordCharacters;
}

void Accounts::PrepareDummyHash() {
  DummyHash();
}

void Accounts::NewSession(const AccountRecord& account, const SessionOrigin& origin,
                          Executor executor, Done done) {
  SignInResult out;
  out.account = account;
  out.token = RandomToken(32);
  const std::int64_t now = clock_.NowMs();
  out.expires_unix_ms = now + std::int64_t{config_.session_ttl_hours} * 3600 * 1000;
  store_.SaveSessionDetails(SessionDetails{Sha256Hex(out.token), account.id, out.expires_unix_ms,
                                           now, now, origin.address, origin.device},
                            executor, [out, done = std::move(done)](WriteResult stored) {
                              done(stored.ok() ? out : Unavailable());
                            });
}

void Accounts::Guest(const std::string& name, Executor executor, Done done, SessionOrigin origin) {
  const auto checked = names::CheckName(name);
  if (!checked.ok()) {
    return PostResult<SignInResult>(executor, std::move(done), Refuse(v1::BAD_NAME, checked.error));
  }
  CreateGuest(checked, origin, 0, std::move(executor), std::move(done));
}

void Accounts::CreateGuest(const names::CheckedName& name, const SessionOrigin& origin, int attempt,
                           Executor executor, Done done) {
  if (attempt == 8) {
    return PostResult<SignInResult>(
        executor, std::move(done),
        Refuse(v1::NAME_TAKEN, "could not find a free guest name; try another"));
  }
  // Guests share names freely: a short random tag keeps their accounts apart.
  AccountRecord account;
  const std::string tag = RandomToken(2);
  account.name = name.name + "#" + tag;
  // '#' is in no player's name: a guest's key never meets a registered player's.
  account.name_key = name.key + "#" + tag;
  account.guest = true;
  account.created_unix_ms = clock_.NowMs();
  store_.CreateAccount(account, executor,
                       [this, name, origin, attempt, executor,
                        done = std::move(done)](Written<AccountRecord> created) {
                         if (created.result.conflict())
                           return CreateGuest(name, origin, attempt + 1, executor, done);
                         if (!created.result.ok()) return done(Unavailable());
                         NewSession(created.value, origin, executor, done);
                       });
}

void Accounts::Register(const std::string& name, const std::string& password, Executor executor,
                        Done done, SessionOrigin origin) {
  const auto refuse = [&](v1::ErrorCode code, std::string message) {
    PostResult<SignInResult>(executor, done, Refuse(code, std::move(message)));
  };
  const auto checked = names::CheckName(name);
  if (!checked.ok()) return refuse(v1::BAD_NAME, checked.error);
  if (!ValidPassword(password)) {
    return refuse(v1::BAD_PASSWORD, "a password has 8 to 256 characters");
  }
  if (store_.FindAccountByNameKey(checked.key)) {
    return refuse(v1::NAME_TAKEN, "that name, or one that looks the same, is taken");
  }
  AccountRecord account;
  account.name = checked.name;
  account.name_key = checked.key;
  account.guest = false;
  account.password_hash = HashPassword(password);
  account.created_unix_ms = clock_.NowMs();
  if (account.password_hash.empty()) {
    return refuse(v1::ERROR_UNSPECIFIED, "could not hash the password");
  }
  store_.CreateAccount(
      account, executor, [this, origin, executor, done](Written<AccountRecord> created) {
        if (created.result.conflict()) {
          return done(Refuse(v1::NAME_TAKEN, "that name, or one that looks the same, is taken"));
        }
        if (!created.result.ok()) return done(Unavailable());
        NewSession(created.value, origin, executor, done);
      });
}

void Accounts::SignIn(const std::string& name, const std::string& password, Executor executor,
                      Done done, SessionOrigin origin) {
  const auto account = FindForSignIn(name);
  // One answer for an unknown name and a wrong password, and one cost: an unknown name is
  // checked against a dummy hash, so names cannot be probed by the answer or its timing.
  const bool known = account && !account->guest;
  const bool matches = VerifyPassword(known ? account->password_hash : DummyHash(), password);
  if (!known || !matches) {
    return PostResult<SignInResult>(executor, std::move(done),
                                    Refuse(v1::BAD_CREDENTIALS, "wrong name or password"));
  }
  NewSession(*account, origin, std::move(executor), std::move(done));
}

std::optional<AccountRecord> Accounts::FindForSignIn(const std::string& name) {
  return FindAccountByTypedName(store_, name);
}

void Accounts::Resume(const std::string& token, Executor executor, Done done,
                      SessionOrigin origin) {
  const std::string token_hash = Sha256Hex(token);
  const std::int64_t now = clock_.NowMs();
  const auto session = store_.FindSession(token_hash, now);
  if (!session) {
    return PostResult<SignInResult>(
        executor, std::move(done),
        Refuse(v1::SESSION_EXPIRED, "that session is unknown or has expired: sign in again"));
  }
  const auto account = store_.FindAccount(session->account_id);
  if (!account) {
    return PostResult<SignInResult>(executor, std::move(done),
                                    Refuse(v1::SESSION_EXPIRED, "that session's account is gone"));
  }
  // Only its list shows when a session was last used: the answer does not wait for it.
  store_.TouchSession(token_hash, now, origin.address, origin.device, executor, [](WriteResult) {});
  SignInResult out;
  out.account = *account;
  out.token = token;
  out.expires_unix_ms = session->expires_unix_ms;
  PostResult<SignInResult>(executor, std::move(done), std::move(out));
}

}  // namespace kafenio::server
