#include "server/app/table/members.h"

namespace kafenio::server {

const Members::Member* Members::Find(std::uint64_t peer_id) const {
  const auto found = members_.find(peer_id);
  return found == members_.end() ? nullptr : &found->second;
}

bool Members::IsConnected(std::int64_t account_id) const {
  for (const auto& [id, member] : members_) {
    if (member.who.account_id == account_id && !member.peer.expired()) return true;
  }
  return false;
}

void Members::SendToAll(const std::shared_ptr<const EncodedEnvelope>& message) const {
  ForEachOpen([&](const std::shared_ptr<Peer>& peer, const Member&) { peer->Send(message); });
}

bool Members::TakeChatToken(std::int64_t account_id, int per_10s, std::int64_t now_ms) {
  auto bucket = chat_.find(account_id);
  if (bucket == chat_.end()) {
    const double burst = per_10s;
    bucket = chat_.emplace(account_id, TokenBucket(burst / 10.0, burst, now_ms)).first;
  }
  return bucket->second.Take(now_ms);
}

}  // namespace kafenio::server
