#include "server/app/session_board.h"

#include <algorithm>

namespace kafenio::server {
namespace {

std::shared_ptr<const EncodedEnvelope> SignedOutNotice() {
  static const auto notice = std::make_shared<const EncodedEnvelope>(
      *MakeError("", v1::SIGNED_OUT, "this session was signed out: sign in again"));
  return notice;
}

}  // namespace

void SessionBoard::Connected(const std::string& token_hash, std::int64_t account_id,
                             const std::shared_ptr<Peer>& peer) {
  std::lock_guard lock(mutex_);
  connections_.emplace(token_hash, Connection{account_id, peer->PeerId(), peer});
}

void SessionBoard::Disconnected(const std::string& token_hash, std::uint64_t peer_id) {
  std::lock_guard lock(mutex_);
  auto [begin, end] = connections_.equal_range(token_hash);
  for (auto it = begin; it != end;) {
    it = it->second.peer_id == peer_id ? connections_.erase(it) : std::next(it);
  }
}

template <class Which>
int SessionBoard::Close(Which which, std::uint64_t except_peer) {
  std::vector<std::shared_ptr<Peer>> peers;
  {
    std::lock_guard lock(mutex_);
    for (auto it = connections_.begin(); it != connections_.end();) {
      if (!which(it->first, it->second) || it->second.peer_id == except_peer) {
        ++it;
        continue;
      }
      if (auto peer = it->second.peer.lock()) peers.push_back(std::move(peer));
      it = connections_.erase(it);
    }
  }
  for (const auto& peer : peers) peer->SendAndClose(SignedOutNotice());
  return static_cast<int>(peers.size());
}

int SessionBoard::SignOut(const std::vector<std::string>& token_hashes, std::uint64_t except_peer) {
  return Close(
      [&](const std::string& hash, const Connection&) {
        return std::find(token_hashes.begin(), token_hashes.end(), hash) != token_hashes.end();
      },
      except_peer);
}

int SessionBoard::SignOutAccount(std::int64_t account_id, const std::string& keep_token_hash,
                                 std::uint64_t except_peer) {
  return Close(
      [&](const std::string& hash, const Connection& connection) {
        return connection.account_id == account_id && hash != keep_token_hash;
      },
      except_peer);
}

std::vector<std::string> SessionBoard::SessionsOf(std::int64_t account_id) const {
  std::lock_guard lock(mutex_);
  std::vector<std::string> hashes;
  for (const auto& [hash, connection] : connections_) {
    if (connection.account_id == account_id &&
        (hashes.empty() || hashes.back() != hash)) {  // the map is sorted by hash
      hashes.push_back(hash);
    }
  }
  return hashes;
}

std::vector<std::string> SessionBoard::AllSessions() const {
  std::lock_guard lock(mutex_);
  std::vector<std::string> hashes;
  for (const auto& [hash, connection] : connections_) {
    if (hashes.empty() || hashes.back() != hash) hashes.push_back(hash);
  }
  return hashes;
}

int SessionBoard::Connections(const std::string& token_hash) const {
  std::lock_guard lock(mutex_);
  return static_cast<int>(connections_.count(token_hash));
}

}  // namespace kafenio::server
