#pragma once
// Argon2id hashing and verification (crypto_pwhash_str, tens of ms and 64 MiB each) run
// here, on a small pool of their own, so that a sign-in never stalls the I/O thread and
// with it every table and connection served there. Jobs admitted (running or waiting) are
// capped: a flood of sign-ins is refused rather than queued without bound, and only
// `threads` hashes hold their memory at any time.
#include <atomic>
#include <boost/asio/thread_pool.hpp>
#include <functional>

namespace kafenio::server {

class PasswordWork {
 public:
  PasswordWork(int threads, int max_admitted);
  ~PasswordWork();  // waits for the jobs already admitted
  PasswordWork(const PasswordWork&) = delete;
  PasswordWork& operator=(const PasswordWork&) = delete;

  // Runs `job` on the pool; false (and `job` is not run) when `max_admitted` jobs are
  // already running or waiting. Thread-safe.
  bool TrySubmit(std::function<void()> job);

 private:
  boost::asio::thread_pool pool_;
  std::atomic<int> admitted_{0};
  const int max_admitted_;
};

}  // namespace kafenio::server
