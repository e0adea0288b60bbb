#pragma once
// The connections at a table, players and spectators alike, each with who it is, and each
// account's chat allowance (a TokenBucket). No I/O of its own: peers are the application's
// view of connections (peer.h).
#include <cstdint>
#include <map>
#include <memory>

#include "server/app/identity.h"
#include "server/app/peer.h"
#include "server/app/rate_limiter.h"

namespace kafenio::server {

class Members {
 public:
  struct Member {
    PeerRef peer;
    Identity who;
  };

  void Add(const std::shared_ptr<Peer>& peer, const Identity& who) {
    members_[peer->PeerId()] = Member{peer, who};
  }
  // Whether the connection was here.
  bool Remove(std::uint64_t peer_id) { return members_.erase(peer_id) != 0; }
  bool Has(std::uint64_t peer_id) const { return members_.count(peer_id) != 0; }
  const Member* Find(std::uint64_t peer_id) const;
  bool empty() const { return members_.empty(); }
  // Whether one of the account's connections is here and open.
  bool IsConnected(std::int64_t account_id) const;

  // Sends one encoded message to every open connection here.
  void SendToAll(const std::shared_ptr<const EncodedEnvelope>& message) const;
  // Calls `f(peer, member)` for every open connection.
  template <class F>
  void ForEachOpen(F&& f) const {
    for (const auto& [id, member] : members_) {
      if (auto peer = member.peer.lock()) f(peer, member);
    }
  }
  auto begin() const { return members_.begin(); }
  auto end() const { return members_.end(); }

  // Takes one of the account's chat tokens: `per_10s` messages every ten seconds, as a
  // burst or spread out.
  bool TakeChatToken(std::int64_t account_id, int per_10s, std::int64_t now_ms);

 private:
  std::map<std::uint64_t, Member> members_;
  std::map<std::int64_t, TokenBucket> chat_;
};

}  // namespace kafenio::server
