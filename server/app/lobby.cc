#include "server/app/lobby.h"

#include <vector>

namespace kafenio::server {

void Lobby::Subscribe(const std::shared_ptr<Peer>& peer, const std::string& request_id) {
  auto snapshot = std::make_shared<v1::Envelope>();
  snapshot->set_request_id(request_id);
  v1::LobbySnapshot& list = *snapshot->mutable_lobby();
  {
    std::lock_guard lock(mutex_);
    subscribers_[peer->PeerId()] = peer;
    for (const auto& [id, info] : tables_) *list.add_tables() = info;
    // Delivered under the lock so no update can overtake the snapshot.
    peer->Deliver(snapshot);
  }
}

void Lobby::Unsubscribe(std::uint64_t peer_id) {
  std::lock_guard lock(mutex_);
  subscribers_.erase(peer_id);
}

void Lobby::Publish(const v1::TableInfo& info) {
  if (info.private_()) return;
  auto message = std::make_shared<v1::Envelope>();
  *message->mutable_table() = info;
  std::lock_guard lock(mutex_);
  tables_[info.table_id()] = info;
  Broadcast(message);
}

void Lobby::Remove(const std::string& table_id) {
  auto message = std::make_shared<v1::Envelope>();
  message->mutable_table_removed()->set_table_id(table_id);
  std::lock_guard lock(mutex_);
  if (tables_.erase(table_id) == 0) return;
  Broadcast(message);
}

void Lobby::Broadcast(const std::shared_ptr<const v1::Envelope>& message) {
  if (subscribers_.empty()) return;
  const auto encoded = std::make_shared<const EncodedEnvelope>(*message);  // once for all
  for (auto it = subscribers_.begin(); it != subscribers_.end();) {
    if (auto peer = it->second.lock()) {
      peer->Send(encoded);
      ++it;
    } else {
      it = subscribers_.erase(it);
    }
  }
}

}  // namespace kafenio::server
