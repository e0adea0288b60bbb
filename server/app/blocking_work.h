#pragma once
// Work that blocks runs here, on a small pool of its own, never on an I/O thread (where it
// would stall every table and connection served there): Argon2id hashing and verification
// (crypto_pwhash_str, tens of ms and 64 MiB each) on one pool, storage reads on another.
// Jobs admitted (running or waiting) are capped: a flood of sign-ins or reads is refused
// rather than queued without bound, and only `threads` jobs hold their memory at a time.
#include <atomic>
#include <boost/asio/thread_pool.hpp>
#include <functional>

namespace kafenio::server {

class BlockingWork {
 public:
  BlockingWork(int threads, int max_admitted);
  ~BlockingWork();  // waits for the jobs already admitted
  // Waits for the jobs already admitted; later ones are not run.
  void Join();
  BlockingWork(const BlockingWork&) = delete;
  BlockingWork& operator=(const BlockingWork&) = delete;

  // Runs `job` on the pool; false (and `job` is not run) when `max_admitted` jobs are
  // already running or waiting. Thread-safe.
  bool TrySubmit(std::function<void()> job);

 private:
  boost::asio::thread_pool pool_;
  std::atomic<int> admitted_{0};
  const int max_admitted_;
};

}  // namespace kafenio::server
