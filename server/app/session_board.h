#pragma once
// Which connections use each players' session on this node, so that signing a session
// out reaches every connection using it at once (docs/security.md, "Sessions"): each gets
// SIGNED_OUT and is closed. Thread-safe. On a cluster, the other nodes are told and close
// theirs (server/app/cluster/player_signals.h, server/app/admin/player_recheck.h).
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "server/app/peer.h"

namespace kafenio::server {

class SessionBoard {
 public:
  void Connected(const std::string& token_hash, std::int64_t account_id,
                 const std::shared_ptr<Peer>& peer);
  void Disconnected(const std::string& token_hash, std::uint64_t peer_id);

  // Signs out every connection of these sessions but `except_peer`; returns how many.
  int SignOut(const std::vector<std::string>& token_hashes, std::uint64_t except_peer);
  // Signs out every connection of the account whose session is not `keep_token_hash`,
  // but `except_peer`; returns how many.
  int SignOutAccount(std::int64_t account_id, const std::string& keep_token_hash,
                     std::uint64_t except_peer);
  // The sessions connected here: of one account, or of everyone (a cluster's rechecks).
  std::vector<std::string> SessionsOf(std::int64_t account_id) const;
  std::vector<std::string> AllSessions() const;
  // Connections using the session now.
  int Connections(const std::string& token_hash) const;

 private:
  struct Connection {
    std::int64_t account_id = 0;
    std::uint64_t peer_id = 0;
    std::weak_ptr<Peer> peer;
  };
  // Takes the connections `which` picks out of the board; closes them after the lock.
  template <class Which>
  int Close(Which which, std::uint64_t except_peer);

  mutable std::mutex mutex_;
  std::multimap<std::string, Connection> connections_;  // by session token hash
};

}  // namespace kafenio::server
