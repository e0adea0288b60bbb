#include "server/app/admin/sanction_board.h"

namespace kafenio::server {

void SanctionBoard::Load(std::vector<storage::Sanction> active) {
  std::lock_guard lock(mutex_);
  sanctions_.clear();
  for (auto& sanction : active) sanctions_[sanction.id] = std::move(sanction);
}

void SanctionBoard::Add(const storage::Sanction& sanction) {
  std::lock_guard lock(mutex_);
  sanctions_[sanction.id] = sanction;
}

void SanctionBoard::Lift(std::int64_t sanction_id) {
  std::lock_guard lock(mutex_);
  sanctions_.erase(sanction_id);
}

void SanctionBoard::LoadAccount(std::int64_t account_id,
                                const std::vector<storage::Sanction>& active) {
  std::lock_guard lock(mutex_);
  std::erase_if(sanctions_,
                [&](const auto& entry) { return entry.second.account_id == account_id; });
  for (const auto& sanction : active) {
    if (sanction.account_id == account_id) sanctions_[sanction.id] = sanction;
  }
}

std::optional<std::int64_t> SanctionBoard::AccountOf(std::int64_t sanction_id) const {
  std::lock_guard lock(mutex_);
  const auto found = sanctions_.find(sanction_id);
  if (found == sanctions_.end()) return std::nullopt;
  return found->second.account_id;
}

std::vector<std::int64_t> SanctionBoard::ConnectedAccounts() const {
  std::lock_guard lock(mutex_);
  std::vector<std::int64_t> accounts;
  for (const auto& [account, peer] : connections_) {
    if (accounts.empty() || accounts.back() != account) accounts.push_back(account);
  }
  return accounts;
}

std::optional<storage::Sanction> SanctionBoard::InForce(std::int64_t account_id,
                                                        const std::string& kind,
                                                        std::int64_t now_ms) const {
  std::lock_guard lock(mutex_);
  for (const auto& [id, sanction] : sanctions_) {
    if (sanction.account_id == account_id && sanction.kind == kind && sanction.ActiveAt(now_ms))
      return sanction;
  }
  return std::nullopt;
}

void SanctionBoard::Connected(std::int64_t account_id, const std::shared_ptr<Peer>& peer) {
  std::lock_guard lock(mutex_);
  connections_.emplace(account_id, peer);
}

void SanctionBoard::Disconnected(std::int64_t account_id, std::uint64_t peer_id) {
  std::lock_guard lock(mutex_);
  auto [begin, end] = connections_.equal_range(account_id);
  for (auto it = begin; it != end;) {
    auto peer = it->second.lock();
    it = !peer || peer->PeerId() == peer_id ? connections_.erase(it) : std::next(it);
  }
}

int SanctionBoard::DisconnectAll(std::int64_t account_id) {
  std::vector<std::shared_ptr<Peer>> peers;
  {
    std::lock_guard lock(mutex_);
    auto [begin, end] = connections_.equal_range(account_id);
    for (auto it = begin; it != end; ++it) {
      if (auto peer = it->second.lock()) peers.push_back(std::move(peer));
    }
    connections_.erase(account_id);
  }
  for (const auto& peer : peers) peer->Disconnect();
  return static_cast<int>(peers.size());
}

int SanctionBoard::SendToAll(const std::shared_ptr<const v1::Envelope>& message) {
  std::vector<std::shared_ptr<Peer>> peers;
  {
    std::lock_guard lock(mutex_);
    for (const auto& [account, weak] : connections_) {
      if (auto peer = weak.lock()) peers.push_back(std::move(peer));
    }
  }
  const auto encoded = std::make_shared<const EncodedEnvelope>(*message);
  for (const auto& peer : peers) peer->Send(encoded);
  return static_cast<int>(peers.size());
}

int SanctionBoard::SendTo(std::int64_t account_id,
                          const std::shared_ptr<const v1::Envelope>& message) {
  std::vector<std::shared_ptr<Peer>> peers;
  {
    std::lock_guard lock(mutex_);
    const auto [begin, end] = connections_.equal_range(account_id);
    for (auto it = begin; it != end; ++it) {
      if (auto peer = it->second.lock()) peers.push_back(std::move(peer));
    }
  }
  if (peers.empty()) return 0;
  const auto encoded = std::make_shared<const EncodedEnvelope>(*message);
  for (const auto& peer : peers) peer->Send(encoded);
  return static_cast<int>(peers.size());
}

}  // namespace kafenio::server
