#pragma once
// Guests, registered players and their sessions. Passwords are kept as Argon2id hashes,
// session tokens as SHA-256 hashes; a token is shown once, to the client that signed in.
//
// Every answer comes through `done`, posted to the caller's executor (its connection's
// strand). Register, SignIn and Resume read storage and hash passwords, which block: call
// them from a blocking-work pool (BlockingWork), never from an I/O thread. Guest only
// writes, asynchronously, and may be called from anywhere.
#include <cstdint>
#include <functional>
#include <string>

#include <optional>

#include "kafenio/v1/kafenio.pb.h"
#include "server/app/clock.h"
#include "server/config/server_config.h"
#include "server/names/player_name.h"
#include "server/storage/account_store.h"

namespace kafenio::server {

// Where a session is made or resumed from, kept with it for its player's list of sessions.
struct SessionOrigin {
  std::string address;
  std::string device;  // the User-Agent, printable ASCII
};

struct SignInResult {
  v1::ErrorCode error = v1::ERROR_UNSPECIFIED;  // ERROR_UNSPECIFIED: signed in
  std::string message;
  AccountRecord account;
  std::string token;
  std::int64_t expires_unix_ms = 0;
};

class Accounts {
 public:
  using Done = std::function<void(SignInResult)>;

  Accounts(const ServerConfig& config, AccountStore& store, Clock& clock)
      : config_(config), store_(store), clock_(clock) {}

  void Guest(const std::string& name, Executor executor, Done done, SessionOrigin origin = {});
  void Register(const std::string& name, const std::string& password, Executor executor, Done done,
                SessionOrigin origin = {});
  void SignIn(const std::string& name, const std::string& password, Executor executor, Done done,
              SessionOrigin origin = {});
  // Also notes the session's use (last seen, address, device), without waiting for it.
  void Resume(const std::string& token, Executor executor, Done done, SessionOrigin origin = {});

  // names::CheckName: 1..24 letters of any script, digits, spaces and . ' - _.
  static bool ValidName(const std::string& name);
  // 8 to 256 characters (code points) of valid UTF-8.
  static bool ValidPassword(const std::string& password);
  // Computes the hash unknown names are checked against (slow: once, before serving).
  static void PrepareDummyHash();

 private:
  // A new session for the account, answered once it is stored.
  void NewSession(const AccountRecord& account, const SessionOrigin& origin, Executor executor,
                  Done done);
  // Creates a guest account, trying another random tag when the name is taken.
  void CreateGuest(const names::CheckedName& name, const SessionOrigin& origin, int attempt,
                   Executor executor, Done done);
  // The account a sign-in names: by its exact name, else by its key. Blocks (storage).
  std::optional<AccountRecord> FindForSignIn(const std::string& name);

  const ServerConfig& config_;
  AccountStore& store_;
  Clock& clock_;
};

}  // namespace kafenio::server
