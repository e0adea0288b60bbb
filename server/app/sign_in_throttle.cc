#include "server/app/sign_in_throttle.h"

#include <algorithm>

namespace kafenio::server {
namespace {

// A key with no failure for this long starts again from nothing.
constexpr std::int64_t kForgetAfterMs = 3600 * 1000;
constexpr std::size_t kTidyAbove = 10000;

}  // namespace

std::int64_t Backoff::WaitMs(const std::string& key, std::int64_t now_ms) {
  std::lock_guard lock(mutex_);
  const auto found = entries_.find(key);
  if (found == entries_.end()) return 0;
  return std::max<std::int64_t>(0, found->second.next_try_ms - now_ms);
}

void Backoff::Failed(const std::string& key, std::int64_t now_ms) {
  std::lock_guard lock(mutex_);
  if (entries_.size() > kTidyAbove) ForgetOld(now_ms);
  Entry& entry = entries_[key];
  if (now_ms - entry.last_failure_ms > kForgetAfterMs) entry = Entry{};
  entry.last_failure_ms = now_ms;
  ++entry.failures;
  const int over = entry.failures - rule_.free_failures;
  if (over <= 0) return;
  std::int64_t wait = rule_.first_wait_ms;
  for (int i = 1; i < over && wait < rule_.longest_wait_ms; ++i) wait *= 2;
  entry.next_try_ms = now_ms + std::min(wait, rule_.longest_wait_ms);
}

void Backoff::Succeeded(const std::string& key) {
  std::lock_guard lock(mutex_);
  entries_.erase(key);
}

void Backoff::ForgetOld(std::int64_t now_ms) {
  std::erase_if(entries_, [now_ms](const auto& entry) {
    return now_ms - entry.second.last_failure_ms > kForgetAfterMs;
  });
}

}  // namespace kafenio::server
