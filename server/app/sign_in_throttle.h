#pragma once
// Sign-in throttling (docs/security.md, "Sign-in"): after a few failed sign-ins, for one
// account or from one address, each further attempt must wait, the wait doubling with each
// failure up to a cap. The cap keeps an attacker from locking a real player out for long:
// at worst the player waits the cap (30 s by default) between tries. A success clears the
// account's count. Thread-safe; time comes from the server's Clock, so tests move it.
#include <cstdint>
#include <mutex>
#include <string>
#include <unordered_map>

namespace kafenio::server {

struct BackoffRule {
  int free_failures = 3;  // failures before any wait
  std::int64_t first_wait_ms = 1000;
  std::int64_t longest_wait_ms = 30000;
};

class Backoff {
 public:
  explicit Backoff(BackoffRule rule) : rule_(rule) {}

  // How long `key` must still wait at `now_ms`; 0: it may try.
  std::int64_t WaitMs(const std::string& key, std::int64_t now_ms);
  void Failed(const std::string& key, std::int64_t now_ms);
  void Succeeded(const std::string& key);

 private:
  struct Entry {
    int failures = 0;
    std::int64_t next_try_ms = 0;
    std::int64_t last_failure_ms = 0;
  };
  // Forgets keys quiet for a while, so the table stays as small as the attack is recent.
  void ForgetOld(std::int64_t now_ms);

  BackoffRule rule_;
  std::mutex mutex_;
  std::unordered_map<std::string, Entry> entries_;
};

}  // namespace kafenio::server
