#pragma once
// The bans and mutes in force, as the game side checks them (sign-in, chat), and the
// connections of each signed-in player, so a ban can close them and an announcement reach
// them all. Loaded from storage at
// start and kept up to date by the console, and on a cluster by the other nodes' notices
// (server/app/cluster/player_signals.h); thread-safe.
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <vector>

#include "server/app/peer.h"
#include "server/storage/staff_rows.h"

namespace kafenio::server {

class SanctionBoard {
 public:
  void Load(std::vector<storage::Sanction> active);
  void Add(const storage::Sanction& sanction);
  void Lift(std::int64_t sanction_id);
  // Replaces the account's sanctions with these (the rows in force, read again).
  void LoadAccount(std::int64_t account_id, const std::vector<storage::Sanction>& active);
  // The account a sanction in force here is on; none: unknown here.
  std::optional<std::int64_t> AccountOf(std::int64_t sanction_id) const;
  // The accounts with a connection here.
  std::vector<std::int64_t> ConnectedAccounts() const;
  // The sanction of this kind ("ban", "mute") in force for the account at now_ms.
  std::optional<storage::Sanction> InForce(std::int64_t account_id, const std::string& kind,
                                           std::int64_t now_ms) const;

  // A signed-in connection of the account, until it disconnects.
  void Connected(std::int64_t account_id, const std::shared_ptr<Peer>& peer);
  void Disconnected(std::int64_t account_id, std::uint64_t peer_id);
  // Closes every connection of the account; returns how many.
  int DisconnectAll(std::int64_t account_id);
  // Sends `message` (encoded once) to every signed-in connection; returns how many.
  int SendToAll(const std::shared_ptr<const v1::Envelope>& message);
  // Sends `message` to every signed-in connection of the account (tournament pushes);
  // returns how many.
  int SendTo(std::int64_t account_id, const std::shared_ptr<const v1::Envelope>& message);

 private:
  mutable std::mutex mutex_;
  std::map<std::int64_t, storage::Sanction> sanctions_;           // by id
  std::multimap<std::int64_t, std::weak_ptr<Peer>> connections_;  // by account
};

}  // namespace kafenio::server
