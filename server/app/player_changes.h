#pragma once
// Tells the other nodes of a cluster that a player's rows changed (a sanction, a rename, a
// session signed out), once the change is durable, so that they look at them again
// (server/app/cluster/player_signals.h). A server alone has none: everything it needs to
// know it did itself.
#include <cstdint>

namespace kafenio::server {

class PlayerChanges {
 public:
  virtual ~PlayerChanges() = default;
  // Never blocks: the notification is sent from a thread of its own. Account 0: some
  // player's, which one unknown here (every node looks at everyone again).
  virtual void Changed(std::int64_t account_id, bool renamed = false) = 0;
};

}  // namespace kafenio::server
