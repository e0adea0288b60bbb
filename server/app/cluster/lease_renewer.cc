#include "server/app/cluster/lease_renewer.h"

#include <algorithm>
#include <chrono>
#include <utility>

#include "server/log/log.h"

namespace kafenio::server {

LeaseRenewer::LeaseRenewer(storage::ClusterStore& store, storage::LeaseHolder holder, int lease_ms)
    : store_(store),
      holder_(std::move(holder)),
      lease_ms_(lease_ms),
      period_ms_(std::max(lease_ms / 4, 1)) {}

LeaseRenewer::~LeaseRenewer() {
  Stop();
}

std::int64_t LeaseRenewer::SteadyMs() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

void LeaseRenewer::Start() {
  if (thread_.joinable()) return;
  last_renewed_ms_ = SteadyMs();
  thread_ = std::thread([this] { Run(); });
}

void LeaseRenewer::Stop() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  wake_.notify_all();
  if (!thread_.joinable()) return;
  thread_.join();
  log::info("cluster: node {} stops renewing; longest gap between renewals {} ms (lease {} ms)",
            holder_.node, longest_gap_ms_.load(), lease_ms_);
}

void LeaseRenewer::Run() {
  // Deadlines on a fixed schedule: a slow renewal does not push the next ones back.
  auto next = std::chrono::steady_clock::now();
  std::unique_lock lock(mutex_);
  while (!stopping_) {
    next += std::chrono::milliseconds(period_ms_);
    if (wake_.wait_until(lock, next, [this] { return stopping_; })) return;
    lock.unlock();
    RenewOnce();
    lock.lock();
    // Late by more than a period (the process was frozen, the database slow): start the
    // schedule again from now rather than renewing in a burst.
    const auto now = std::chrono::steady_clock::now();
    if (now > next + std::chrono::milliseconds(period_ms_)) next = now;
    if (replaced_) return;
  }
}

void LeaseRenewer::RenewOnce() {
  try {
    const storage::Renewal renewal = store_.Renew(holder_, lease_ms_);
    if (renewal.replaced) {
      replaced_ = true;  // the lease rounds give way
      return;
    }
    store_.RenewTournaments(holder_, lease_ms_);
    const std::int64_t now = SteadyMs();
    const std::int64_t gap = now - last_renewed_ms_.exchange(now);
    if (gap > longest_gap_ms_) longest_gap_ms_ = gap;
    if (gap > lease_ms_ / 2) {
      log::warn(
          "cluster: this node's leases were renewed {} ms after the previous renewal"
          " (lease {} ms): the machine or the database is slow",
          gap, lease_ms_);
    }
  } catch (const std::exception& error) {
    log::warn("cluster: cannot renew this node's leases: {}", error.what());
  }
}

}  // namespace kafenio::server
