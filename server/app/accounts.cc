#include "server/app/accounts.h"

#include "server/app/crypto.h"

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

constexpr const char* kNameRule = "a name is 1 to 24 letters, digits, spaces, - or _";

}  // namespace

bool Accounts::ValidName(const std::string& name) {
  if (name.empty() || name.size() > 24 || name.front() == ' ') return false;
  for (const char c : name) {
    const bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                    c == ' ' || c == '-' || c == '_';
    if (!ok) return false;
  }
  return true;
}

void Accounts::NewSession(const AccountRecord& account, Executor executor, Done done) {
  SignInResult out;
  out.account = account;
  out.token = RandomToken(32);
  out.expires_unix_ms = clock_.NowMs() + std::int64_t{config_.session_ttl_hours} * 3600 * 1000;
  store_.SaveSession(SessionRecord{Sha256Hex(out.token), account.id, out.expires_unix_ms}, executor,
                     [out, done = std::move(done)](WriteResult stored) {
                       done(stored.ok() ? out : Unavailable());
                     });
}

void Accounts::Guest(const std::string& name, Executor executor, Done done) {
  if (!ValidName(name)) {
    return PostResult<SignInResult>(executor, std::move(done), Refuse(v1::BAD_NAME, kNameRule));
  }
  CreateGuest(name, 0, std::move(executor), std::move(done));
}

void Accounts::CreateGuest(const std::string& name, int attempt, Executor executor, Done done) {
  if (attempt == 8) {
    return PostResult<SignInResult>(
        executor, std::move(done),
        Refuse(v1::NAME_TAKEN, "could not find a free guest name; try another"));
  }
  // Guests share names freely: a short random tag keeps their accounts apart.
  AccountRecord account;
  account.name = name + "#" + RandomToken(2);
  account.guest = true;
  account.created_unix_ms = clock_.NowMs();
  store_.CreateAccount(
      account, executor,
      [this, name, attempt, executor, done = std::move(done)](Written<AccountRecord> created) {
        if (created.result.conflict()) return CreateGuest(name, attempt + 1, executor, done);
        if (!created.result.ok()) return done(Unavailable());
        NewSession(created.value, executor, done);
      });
}

void Accounts::Register(const std::string& name, const std::string& password, Executor executor,
                        Done done) {
  const auto refuse = [&](v1::ErrorCode code, std::string message) {
    PostResult<SignInResult>(executor, done, Refuse(code, std::move(message)));
  };
  if (!ValidName(name)) return refuse(v1::BAD_NAME, kNameRule);
  if (password.size() < 8 || password.size() > 256) {
    return refuse(v1::BAD_CREDENTIALS, "a password has 8 to 256 characters");
  }
  if (store_.FindAccountByName(name)) return refuse(v1::NAME_TAKEN, "that name is taken");
  AccountRecord account;
  account.name = name;
  account.guest = false;
  account.password_hash = HashPassword(password);
  account.created_unix_ms = clock_.NowMs();
  if (account.password_hash.empty()) {
    return refuse(v1::ERROR_UNSPECIFIED, "could not hash the password");
  }
  store_.CreateAccount(account, executor, [this, executor, done](Written<AccountRecord> created) {
    if (created.result.conflict()) {
      return done(Refuse(v1::NAME_TAKEN, "that name is taken"));
    }
    if (!created.result.ok()) return done(Unavailable());
    NewSession(created.value, executor, done);
  });
}

void Accounts::SignIn(const std::string& name, const std::string& password, Executor executor,
                      Done done) {
  const auto account = store_.FindAccountByName(name);
  // One answer for an unknown name and a wrong password, so names cannot be probed.
  if (!account || account->guest || !VerifyPassword(account->password_hash, password)) {
    return PostResult<SignInResult>(executor, std::move(done),
                                    Refuse(v1::BAD_CREDENTIALS, "wrong name or password"));
  }
  NewSession(*account, std::move(executor), std::move(done));
}

void Accounts::Resume(const std::string& token, Executor executor, Done done) {
  const auto session = store_.FindSession(Sha256Hex(token), clock_.NowMs());
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
  SignInResult out;
  out.account = *account;
  out.token = token;
  out.expires_unix_ms = session->expires_unix_ms;
  PostResult<SignInResult>(executor, std::move(done), std::move(out));
}

}  // namespace kafenio::server
