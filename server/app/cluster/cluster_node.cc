#include "server/app/cluster/cluster_node.h"

#include <algorithm>
#include <boost/asio/post.hpp>
#include <future>

#include "server/log/log.h"
#include "server/storage/storage_error.h"

namespace kafenio::server {

ClusterNode::ClusterNode(ClusterOptions options, storage::ClusterStore& store,
                         TableDirectory& directory, Clock& clock, storage::ClusterStore* renewals)
    : options_(std::move(options)),
      store_(store),
      directory_(directory),
      clock_(clock),
      holder_{options_.node, options_.epoch},
      work_(io_.get_executor()) {
  if (renewals != nullptr) {
    renewer_ = std::make_unique<LeaseRenewer>(*renewals, holder_, options_.lease_ms);
  }
}

ClusterNode::~ClusterNode() {
  Stop();
}

int ClusterNode::Start() {
  store_.Announce(holder_, options_.address, clock_.NowMs());
  std::vector<std::int64_t> tables = store_.TakeBackOwnTables(holder_, options_.lease_ms);
  last_renewed_ms_ = clock_.NowMs();
  // Rebuilding many tables may take longer than a lease: the leases taken are kept alive
  // meanwhile.
  if (renewer_) renewer_->Start();
  int taken = Adopt(tables);
  for (;;) {
    const auto claimed = store_.ClaimExpired(holder_, options_.lease_ms, options_.claim_batch);
    if (claimed.empty()) break;
    taken += Adopt(claimed);
  }
  HoldTournaments(true);
  RefreshNodes();
  started_ = true;
  thread_ = std::thread([this] { io_.run(); });
  boost::asio::post(io_, [this] { ScheduleRound(); });
  return taken;
}

void ClusterNode::ScheduleRound() {
  if (stopped_) return;
  round_alarm_ = clock_.After(io_.get_executor(), std::max(options_.lease_ms / 3, 1), [this] {
    Round();
    ScheduleRound();
  });
}

void ClusterNode::Round() {
  if (replaced_) return;
  const std::vector<std::int64_t> before = directory_.TableNumbers();
  if (renewer_ && renewer_->replaced()) return GiveWay(before);
  try {
    const storage::Renewal renewal = store_.Renew(holder_, options_.lease_ms);
    if (renewal.replaced) return GiveWay(before);
    last_renewed_ms_ = clock_.NowMs();
    DropLost(before, renewal.tables);
    Adopt(store_.ClaimExpired(holder_, options_.lease_ms, options_.claim_batch));
    // After the tables: an event taken over finds the tables this node took with it.
    HoldTournaments(false);
    RefreshNodes();
  } catch (const std::exception& error) {
    log::warn("cluster: cannot renew this node's leases: {}", error.what());
    // Without renewals the leases pass by the database's clock: stop playing before then
    // would be better, at the latest when a whole lease has gone by on ours.
    const bool renewer_late =
        !renewer_ || LeaseRenewer::SteadyMs() - renewer_->last_renewed_ms() >= options_.lease_ms;
    if (clock_.NowMs() - last_renewed_ms_ >= options_.lease_ms && renewer_late) {
      DropLost(before, {});
      TellTournaments({});
    }
  }
}

void ClusterNode::GiveWay(const std::vector<std::int64_t>& before) {
  // Another process started under this node's name (this one was frozen or cut off, and
  // taken for dead): it has taken the name's leases with a newer epoch, and the database
  // refuses this process's writes. Playing on here could only fail, and taking tables over
  // would compete with it under one name: this process drops everything and takes nothing.
  replaced_ = true;
  log::error(
      "cluster: another process has started as node {} (this one, epoch {}, is fenced):"
      " dropping every table and taking none; stop this process",
      options_.node, holder_.epoch);
  DropLost(before, {});
  TellTournaments({});
}

void ClusterNode::HoldTournaments(bool own) {
  std::vector<std::int64_t> held;
  if (!own) held = store_.RenewTournaments(holder_, options_.lease_ms);
  for (;;) {
    const auto claimed =
        store_.ClaimTournaments(holder_, options_.lease_ms, options_.claim_batch, own);
    for (const std::int64_t id : claimed) {
      if (std::find(held.begin(), held.end(), id) == held.end()) held.push_back(id);
    }
    if (static_cast<int>(claimed.size()) < options_.claim_batch) break;
    if (own) own = false;  // the next batches: only events whose lease passed
  }
  TellTournaments(std::move(held));
}

void ClusterNode::TellTournaments(std::vector<std::int64_t> held) {
  std::sort(held.begin(), held.end());
  for (const std::int64_t id : held) {
    if (!std::binary_search(tournaments_.begin(), tournaments_.end(), id)) {
      log::info("cluster: node {} runs tournament {}", options_.node, id);
    }
  }
  for (const std::int64_t id : tournaments_) {
    if (!std::binary_search(held.begin(), held.end(), id)) {
      log::info("cluster: node {} no longer holds tournament {} (finished, or its lease passed)",
                options_.node, id);
    }
  }
  tournaments_ = held;
  if (tournaments_held_) tournaments_held_(tournaments_);
}

void ClusterNode::DropLost(const std::vector<std::int64_t>& before,
                           const std::vector<std::int64_t>& held) {
  for (const std::int64_t number : before) {
    if (std::find(held.begin(), held.end(), number) != held.end()) continue;
    const std::string table_id = directory_.Drop(number);
    if (table_id.empty()) continue;
    log::warn("cluster: lost the lease of table {}: dropped without writing", table_id);
  }
}

int ClusterNode::Adopt(const std::vector<std::int64_t>& tables) {
  if (tables.empty()) return 0;
  const int adopted = directory_.AdoptTables(tables);
  log::info("cluster: node {} took {} tables over ({} leases)", options_.node, adopted,
            tables.size());
  return adopted;
}

void ClusterNode::StopRounds() {
  if (renewer_) renewer_->Stop();
  if (!thread_.joinable()) return;
  std::promise<void> stopped;
  boost::asio::post(io_, [this, &stopped] {
    stopped_ = true;
    round_alarm_.reset();
    stopped.set_value();
  });
  stopped.get_future().wait();
  work_.reset();
  io_.stop();
  thread_.join();
}

void ClusterNode::Stop() {
  StopRounds();
  if (!started_ || released_) return;
  released_ = true;
  try {
    store_.Release(holder_, directory_.TableNumbers());
    store_.ReleaseTournaments(holder_, tournaments_);
  } catch (const std::exception& error) {
    log::warn("cluster: could not end this node's leases at stop: {}", error.what());
  }
}

TableWhereabouts ClusterNode::Locate(const std::string& table_id) {
  TableWhereabouts where;
  const auto found = store_.Locate(table_id);
  if (!found) return where;
  // Held by nobody yet, or by this node while it is still taking the table over. Once a
  // newer process of this node's name has replaced this one, the name's tables are played
  // there: its address is the name's now.
  const bool here = found->node == options_.node && !replaced_;
  if (!found->held || here || found->address.empty()) {
    where.kind = TableWhereabouts::Kind::moving;
    return where;
  }
  where.kind = TableWhereabouts::Kind::elsewhere;
  where.redirect.set_table_id(table_id);
  where.redirect.set_node(found->node);
  where.redirect.set_address(found->address);
  return where;
}

void ClusterNode::RefreshNodes() {
  std::vector<std::string> live;
  std::vector<std::string> known;
  for (const storage::NodeAddress& node : store_.Nodes(options_.lease_ms)) {
    if (node.live) live.push_back(node.address);
    known.push_back(node.address);
  }
  std::lock_guard lock(addresses_mutex_);
  live_addresses_ = std::move(live);
  known_addresses_ = std::move(known);
}

std::vector<std::string> ClusterNode::NodeAddresses() const {
  std::lock_guard lock(addresses_mutex_);
  return live_addresses_;
}

std::vector<std::string> ClusterNode::KnownAddresses() const {
  std::lock_guard lock(addresses_mutex_);
  return known_addresses_;
}

}  // namespace kafenio::server
