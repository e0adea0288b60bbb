#pragma once
// Guests, registered players and their sessions. Passwords are kept as Argon2id hashes,
// session tokens as SHA-256 hashes; a token is shown once, to the client that signed in.
#include <cstdint>
#include <string>

#include "kafenio/v1/kafenio.pb.h"
#include "server/config/server_config.h"
#include "server/storage/game_store.h"

namespace kafenio::server {

struct SignInResult {
  v1::ErrorCode error = v1::ERROR_UNSPECIFIED;  // ERROR_UNSPECIFIED: signed in
  std::string message;
  AccountRecord account;
  std::string token;
  std::int64_t expires_unix_ms = 0;
};

class Accounts {
 public:
  Accounts(const ServerConfig& config, GameStore& storage) : config_(config), storage_(storage) {}

  SignInResult Guest(const std::string& name);
  SignInResult Register(const std::string& name, const std::string& password);
  SignInResult SignIn(const std::string& name, const std::string& password);
  SignInResult Resume(const std::string& token);

  // 1..24 characters of letters, digits, space, '-' and '_', not starting with a space.
  static bool ValidName(const std::string& name);

 private:
  SignInResult NewSession(const AccountRecord& account);

  const ServerConfig& config_;
  GameStore& storage_;
};

}  // namespace kafenio::server
