#include "server/app/accounts.h"

#include <chrono>

#include "server/app/crypto.h"

namespace kafenio::server {
namespace {

std::int64_t NowMs() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

SignInResult Refuse(v1::ErrorCode code, std::string message) {
  SignInResult out;
  out.error = code;
  out.message = std::move(message);
  return out;
}

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

SignInResult Accounts::NewSession(const AccountRecord& account) {
  SignInResult out;
  out.account = account;
  out.token = RandomToken(32);
  out.expires_unix_ms = NowMs() + std::int64_t{config_.session_ttl_hours} * 3600 * 1000;
  storage_.SaveSession(SessionRecord{Sha256Hex(out.token), account.id, out.expires_unix_ms});
  return out;
}

SignInResult Accounts::Guest(const std::string& name) {
  if (!ValidName(name))
    return Refuse(v1::BAD_NAME, "a name is 1 to 24 letters, digits, spaces, - or _");
  // Guests share names freely: a short random tag keeps their accounts apart.
  for (int attempt = 0; attempt < 8; ++attempt) {
    AccountRecord account;
    account.name = name + "#" + RandomToken(2);
    account.guest = true;
    account.created_unix_ms = NowMs();
    if (auto created = storage_.CreateAccount(account)) return NewSession(*created);
  }
  return Refuse(v1::NAME_TAKEN, "could not find a free guest name; try another");
}

SignInResult Accounts::Register(const std::string& name, const std::string& password) {
  if (!ValidName(name))
    return Refuse(v1::BAD_NAME, "a name is 1 to 24 letters, digits, spaces, - or _");
  if (password.size() < 8 || password.size() > 256) {
    return Refuse(v1::BAD_CREDENTIALS, "a password has 8 to 256 characters");
  }
  if (storage_.FindAccountByName(name)) return Refuse(v1::NAME_TAKEN, "that name is taken");
  AccountRecord account;
  account.name = name;
  account.guest = false;
  account.password_hash = HashPassword(password);
  account.created_unix_ms = NowMs();
  if (account.password_hash.empty())
    return Refuse(v1::ERROR_UNSPECIFIED, "could not hash the password");
  auto created = storage_.CreateAccount(account);
  if (!created) return Refuse(v1::NAME_TAKEN, "that name is taken");
  return NewSession(*created);
}

SignInResult Accounts::SignIn(const std::string& name, const std::string& password) {
  const auto account = storage_.FindAccountByName(name);
  // One answer for an unknown name and a wrong password, so names cannot be probed.
  if (!account || account->guest || !VerifyPassword(account->password_hash, password)) {
    return Refuse(v1::BAD_CREDENTIALS, "wrong name or password");
  }
  return NewSession(*account);
}

SignInResult Accounts::Resume(const std::string& token) {
  const std::string hash = Sha256Hex(token);
  const auto session = storage_.FindSession(hash);
  if (!session || session->expires_unix_ms <= NowMs()) {
    if (session) storage_.DeleteSession(hash);
    return Refuse(v1::SESSION_EXPIRED, "that session is unknown or has expired: sign in again");
  }
  const auto account = storage_.FindAccount(session->account_id);
  if (!account) return Refuse(v1::SESSION_EXPIRED, "that session's account is gone");
  SignInResult out;
  out.account = *account;
  out.token = token;
  out.expires_unix_ms = session->expires_unix_ms;
  return out;
}

}  // namespace kafenio::server
