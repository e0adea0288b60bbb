#pragma once
// What a node of a cluster does when told that a player's rows changed on some node
// (server/app/cluster/player_signals.h): it reads the player's sanctions in force into its
// board, closes their connections here when a ban is in force, signs out the connections
// here whose session is gone from the database, and, after a rename made elsewhere, closes
// their connections so that they resume under the new name. Blocks on storage: call it from
// the signals' own thread.
#include <cstdint>

#include "server/app/admin/staff_store.h"
#include "server/app/hub.h"

namespace kafenio::server::admin {

class PlayerRecheck {
 public:
  PlayerRecheck(Hub& hub, StaffStore& store) : hub_(hub), store_(store) {}

  void Account(std::int64_t account_id, bool renamed);
  // Every sanction and every session connected here, read again (notices may have been
  // missed).
  void Everyone();

 private:
  // Closes the connections of a banned account, and those whose session is gone.
  void Enforce(std::int64_t account_id, const std::vector<std::string>& sessions,
               std::int64_t now_ms);

  Hub& hub_;
  StaffStore& store_;
};

}  // namespace kafenio::server::admin
