#pragma once
// One node of a cluster sharing a PostgreSQL database (docs/scaling.md). It owns the node's
// table leases: at start it takes back the tables leased to its name and any table whose
// lease has passed, rebuilding them through the table directory exactly as crash recovery
// does; then every third of the lease it renews its leases (a LeaseRenewer also renews
// them every quarter, whatever the rounds are doing), drops (without writing) any
// table whose lease it lost (it was paused or cut off past its lease: another node plays
// it now, and the database refuses its writes anyway), and takes over tables of nodes that
// died. Its leases carry this process's epoch, the fencing token (a newer process started
// under the same name takes them back with its own, and this one then gives way). It runs
// on a thread of its own, so the database never blocks an I/O thread; time
// comes from the injected Clock, lease expiry from the database's clock.
#include <atomic>
#include <boost/asio/executor_work_guard.hpp>
#include <boost/asio/io_context.hpp>
#include <functional>
#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "server/app/clock.h"
#include "server/app/cluster/cluster_options.h"
#include "server/app/cluster/lease_renewer.h"
#include "server/app/cluster/table_locator.h"
#include "server/app/table_directory.h"
#include "server/storage/cluster_store.h"

namespace kafenio::server {

class ClusterNode final : public TableLocator {
 public:
  // `renewals`: a store on a connection of its own for the LeaseRenewer (renewals that no
  // round, take-over or Locate can hold up); none: the rounds alone renew (tests).
  ClusterNode(ClusterOptions options, storage::ClusterStore& store, TableDirectory& directory,
              Clock& clock, storage::ClusterStore* renewals = nullptr);
  ~ClusterNode() override;

  // Before the server takes connections: announces the node, takes its tables, and starts
  // the lease rounds. Returns how many tables it took. Throws StorageError.
  int Start();
  // One round of renewing, dropping and taking over (the timer runs it; tests call it).
  void Round();
  // Stops the rounds: nothing is renewed, dropped or taken over any more.
  void StopRounds();
  // Stops the rounds and, once everything this node wrote is durable (call it after the
  // store has closed), ends its leases so other nodes take its tables at once.
  void Stop();

  // TableLocator.
  TableWhereabouts Locate(const std::string& table_id) override;
  std::vector<std::string> NodeAddresses() const override;
  std::vector<std::string> KnownAddresses() const override;

  // Events (docs/scaling.md, "Tournaments in a cluster"): the events this node runs, the
  // holders of whose leases it is, are told here after every round (and at Start), on the
  // cluster's thread: those it took back or over with the tables, less those it lost.
  using TournamentsHeld = std::function<void(const std::vector<std::int64_t>& held)>;
  void SetTournamentsHeld(TournamentsHeld held) { tournaments_held_ = std::move(held); }

  const ClusterOptions& options() const { return options_; }
  boost::asio::any_io_executor executor() { return io_.get_executor(); }

 private:
  void ScheduleRound();
  // Drops every table open here whose number is not in `held`.
  void DropLost(const std::vector<std::int64_t>& before, const std::vector<std::int64_t>& held);
  int Adopt(const std::vector<std::int64_t>& tables);
  // Reads the nodes' addresses again.
  void RefreshNodes();
  // Renews this node's event leases and takes over those whose lease passed (`own`: at
  // start, its own too), then tells tournaments_held_.
  void HoldTournaments(bool own);
  // A newer process of this node's name has taken its leases: drop `before`, hold nothing.
  void GiveWay(const std::vector<std::int64_t>& before);
  void TellTournaments(std::vector<std::int64_t> held);

  const ClusterOptions options_;
  storage::ClusterStore& store_;
  TableDirectory& directory_;
  Clock& clock_;
  const storage::LeaseHolder holder_;  // the name and this process's epoch
  std::int64_t last_renewed_ms_ = 0;
  std::atomic<bool> replaced_{false};  // a newer process of this name took over
  std::unique_ptr<LeaseRenewer> renewer_;
  bool stopped_ = false;   // io_'s thread only
  bool started_ = false;   // Start went through
  bool released_ = false;  // Stop has ended the leases
  TournamentsHeld tournaments_held_;
  std::vector<std::int64_t> tournaments_;  // the events held, as last told

  mutable std::mutex addresses_mutex_;
  std::vector<std::string> live_addresses_;
  std::vector<std::string> known_addresses_;

  boost::asio::io_context io_;
  boost::asio::executor_work_guard<boost::asio::io_context::executor_type> work_;
  std::unique_ptr<Alarm> round_alarm_;  // only on io_'s thread
  std::thread thread_;
};

}  // namespace kafenio::server
