#pragma once
// Keeps a clustered node's leases alive on a thread and a database connection of its own
// (docs/scaling.md, "Renewing leases under load"). The node's lease rounds (ClusterNode)
// also take tables over and rebuild them, which can take longer than a lease when many move
// at once or the machine is busy; had the renewals waited for them (or behind the group
// commits' fsyncs, or for the connection that Locate shares), a healthy node would lose its
// own tables. Here nothing else runs: every `period_ms` (a quarter of the lease), on a
// fixed schedule, it extends the unexpired leases of this process's epoch, tables' and
// events', committing without waiting for the disk. It never revives a lease that has
// passed and never drops or takes a table: that stays the rounds' work.
#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <mutex>
#include <thread>

#include "server/storage/cluster_store.h"

namespace kafenio::server {

class LeaseRenewer {
 public:
  LeaseRenewer(storage::ClusterStore& store, storage::LeaseHolder holder, int lease_ms);
  ~LeaseRenewer();
  LeaseRenewer(const LeaseRenewer&) = delete;
  LeaseRenewer& operator=(const LeaseRenewer&) = delete;

  void Start();
  void Stop();

  // When a renewal last went through, in steady-clock milliseconds (Start's time before
  // the first); 0 before Start.
  std::int64_t last_renewed_ms() const { return last_renewed_ms_.load(); }
  // A newer process of this node's name has announced itself: this one is fenced off.
  bool replaced() const { return replaced_.load(); }
  // The longest time between two renewals that went through, in milliseconds (the log
  // warns when it passes half a lease).
  std::int64_t longest_gap_ms() const { return longest_gap_ms_.load(); }

  static std::int64_t SteadyMs();

 private:
  void Run();
  void RenewOnce();

  storage::ClusterStore& store_;
  const storage::LeaseHolder holder_;
  const int lease_ms_;
  const int period_ms_;
  std::atomic<std::int64_t> last_renewed_ms_{0};
  std::atomic<std::int64_t> longest_gap_ms_{0};
  std::atomic<bool> replaced_{false};
  std::mutex mutex_;
  std::condition_variable wake_;
  bool stopping_ = false;
  std::thread thread_;
};

}  // namespace kafenio::server
