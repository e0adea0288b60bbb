#pragma once
// Takes an announcement (docs/admin.md) made on this node to the players connected to the
// other nodes of a cluster (server/app/cluster/player_signals.h). A server alone has none.
#include <cstdint>
#include <string>

namespace kafenio::server {

class Announcements {
 public:
  virtual ~Announcements() = default;
  // Never blocks. This node's own players have had it already.
  virtual void AnnounceElsewhere(const std::string& text, std::int64_t sent_ms) = 0;
};

}  // namespace kafenio::server
