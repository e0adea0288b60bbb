#pragma once
// A player's sanctions, name and sessions on every node of a cluster (docs/admin.md, "A
// cluster of nodes"). The node that changed them tells the others (NOTIFY kafenio_players,
// after the change is durable); every node, this one too, then looks at that player's rows
// again (`on_change`): a ban closes their connections there, a session signed out closes
// its connections. A node whose LISTEN connection was (re)opened may have missed some, so
// it looks at everyone again (`on_resync`). The notification only says "look again": the
// rows stay the truth. Announcements to every player go the same way (their text in the
// notification: a message, not a change of rows; a node whose LISTEN connection is down at
// that moment does not show it).
#include <atomic>
#include <boost/asio/any_io_executor.hpp>
#include <functional>
#include <memory>
#include <string>
#include <thread>

#include "server/app/announcements.h"
#include "server/app/player_changes.h"
#include "server/storage/cluster_store.h"

namespace kafenio::server {

class PlayerSignals final : public PlayerChanges, public Announcements {
 public:
  // `renamed`: the change was a rename made on another node.
  using OnChange = std::function<void(std::int64_t account_id, bool renamed)>;
  using OnResync = std::function<void()>;
  using OnAnnouncement = std::function<void(const std::string& text, std::int64_t sent_ms)>;

  // `store` is this object's own (its LISTEN connection blocks); `executor` sends the
  // notifications (the cluster's thread).
  PlayerSignals(std::string node, std::unique_ptr<storage::ClusterStore> store,
                boost::asio::any_io_executor executor, OnChange on_change, OnResync on_resync);
  ~PlayerSignals() override;

  void Start();
  void Stop();

  // PlayerChanges.
  void Changed(std::int64_t account_id, bool renamed) override;
  // Announcements: shown by the other nodes through `on_announcement` (set before Start).
  void AnnounceElsewhere(const std::string& text, std::int64_t sent_ms) override;
  void OnAnnounce(OnAnnouncement on_announcement) { on_announcement_ = std::move(on_announcement); }

 private:
  void Follow();
  void Take(const std::string& payload);
  void Notify(std::string payload);

  const std::string node_;
  std::shared_ptr<storage::ClusterStore> store_;  // shared with notifications under way
  boost::asio::any_io_executor executor_;
  OnChange on_change_;
  OnResync on_resync_;
  OnAnnouncement on_announcement_;
  std::atomic<bool> stopping_{false};
  std::thread follower_;
};

}  // namespace kafenio::server
