#pragma once
// A token bucket: `rate` tokens a second, at most `burst` saved up. Not thread-safe; each
// owner (a connection, a chat member) uses its own from one strand.
#include <algorithm>
#include <chrono>

namespace kafenio::server {

class TokenBucket {
 public:
  using Clock = std::chrono::steady_clock;
  TokenBucket(double rate, double burst)
      : rate_(rate), burst_(burst), tokens_(burst), last_(Clock::now()) {}

  bool Take() {
    const auto now = Clock::now();
    tokens_ =
        std::min(burst_, tokens_ + std::chrono::duration<double>(now - last_).count() * rate_);
    last_ = now;
    if (tokens_ < 1.0) return false;
    tokens_ -= 1.0;
    return true;
  }

 private:
  double rate_;
  double burst_;
  double tokens_;
  Clock::time_point last_;
};

}  // namespace kafenio::server
