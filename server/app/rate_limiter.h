#pragma once
// A token bucket: `rate` tokens a second, at most `burst` saved up. Time comes from the
// caller (the server's Clock), so tests move it. Not thread-safe; each owner (a connection,
// a chat member) uses its own from one strand.
#include <algorithm>
#include <cstdint>

namespace kafenio::server {

class TokenBucket {
 public:
  TokenBucket(double rate, double burst, std::int64_t now_ms)
      : rate_(rate), burst_(burst), tokens_(burst), last_ms_(now_ms) {}

  bool Take(std::int64_t now_ms) {
    // A clock set back gives nothing back, and takes nothing either.
    const std::int64_t elapsed_ms = std::max<std::int64_t>(0, now_ms - last_ms_);
    tokens_ = std::min(burst_, tokens_ + static_cast<double>(elapsed_ms) / 1000.0 * rate_);
    last_ms_ = std::max(last_ms_, now_ms);
    if (tokens_ < 1.0) return false;
    tokens_ -= 1.0;
    return true;
  }

  // Whether the bucket has saved up its whole burst by `now_ms`: it is then no different
  // from a new one, and an owner keeping many may forget it.
  bool FullAt(std::int64_t now_ms) const {
    const std::int64_t elapsed_ms = std::max<std::int64_t>(0, now_ms - last_ms_);
    return tokens_ + static_cast<double>(elapsed_ms) / 1000.0 * rate_ >= burst_;
  }

 private:
  double rate_;
  double burst_;
  double tokens_;
  std::int64_t last_ms_;
};

}  // namespace kafenio::server
