#pragma once
// Every node of a cluster keeps every event as its stored log gives it (docs/scaling.md,
// "Tournaments in a cluster"), so that any node answers about any event and decides a
// request against the whole log. A thread of its own LISTENs on kafenio_tournaments
// (migration 0018: an event made, an entry added) and reads those events again; every
// `sweep_ms` it also compares the length of each event's log with what this node has, for
// whatever a lost announcement missed (the rows stay the truth). A request that found its
// entry number taken by another node asks for its event here and is decided again.
#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <memory>
#include <mutex>
#include <set>
#include <thread>

#include "server/app/tournament/stored_tournaments.h"
#include "server/storage/cluster_store.h"

namespace kafenio::server {

class TournamentFollower {
 public:
  // `store` is the follower's own (its LISTEN connection blocks).
  TournamentFollower(std::unique_ptr<storage::ClusterStore> store, StoredTournaments& events,
                     int sweep_ms);
  ~TournamentFollower();

  void Start();
  void Stop();
  // Reads the event again soon (any thread; never blocks).
  void Ask(std::int64_t id);

 private:
  void Follow();
  void Sweep();
  std::set<std::int64_t> TakeAsked();

  std::unique_ptr<storage::ClusterStore> store_;
  StoredTournaments& events_;
  const int sweep_ms_;

  std::mutex mutex_;
  std::set<std::int64_t> asked_;
  std::atomic<bool> stopping_{false};
  std::thread thread_;
};

}  // namespace kafenio::server
