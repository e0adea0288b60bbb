#pragma once
// The live list of public tables. Tables publish their info here after every change;
// subscribers get a snapshot when they subscribe and every change after. Thread-safe.
#include <map>
#include <memory>
#include <mutex>
#include <string>

#include "server/app/peer.h"

namespace kafenio::server {

class Lobby {
 public:
  void Subscribe(const std::shared_ptr<Peer>& peer, const std::string& request_id);
  void Unsubscribe(std::uint64_t peer_id);
  // A table's current info; private tables are kept out of the list.
  void Publish(const v1::TableInfo& info);
  void Remove(const std::string& table_id);

 private:
  void Broadcast(const std::shared_ptr<const v1::Envelope>& message);

  std::mutex mutex_;
  std::map<std::string, v1::TableInfo> tables_;
  std::map<std::uint64_t, PeerRef> subscribers_;
};

}  // namespace kafenio::server
