#pragma once
// What several server nodes sharing one PostgreSQL database agree on through it
// (migration 0007, docs/scaling.md): who they are, which node holds each open table (a
// lease with an epoch, timed by the database's clock, so no node's clock matters), the
// lobby's rows, and advisory locks. Every call blocks on the database: call it from the
// cluster's own thread or the read pool, never an I/O thread. Throws StorageError.
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace kafenio::storage {

struct LobbyRow {
  std::string public_id;
  std::string node;
  std::optional<std::string> info;  // a serialized TableInfo; none: gone from the lobby
  std::int64_t version = 0;
};

struct NodeAddress {
  std::string address;  // ws://host:port/ws
  bool live = false;    // seen (its leases renewed) lately
};

struct TableLocation {
  std::string node;
  std::string address;
  bool held = false;  // a node holds it now; false: between nodes (its lease has passed)
};

class ClusterStore {
 public:
  virtual ~ClusterStore() = default;

  // Records the node and its address (again at every start).
  virtual void Announce(const std::string& node, const std::string& address,
                        std::int64_t started_ms) = 0;
  // A restarted node takes back, at once and with a new epoch, every open table still
  // leased to its name (its previous process is gone). Returns their ids.
  virtual std::vector<std::int64_t> TakeBackOwnTables(const std::string& node, int lease_ms) = 0;
  // Extends every unexpired lease of the node; returns the tables it still holds. A table
  // whose lease has passed is not renewed: the node must drop it.
  virtual std::vector<std::int64_t> Renew(const std::string& node, int lease_ms) = 0;
  // Takes up to `limit` open tables whose lease has passed (or that never had one), each
  // with the next epoch. A table whose writes are still being committed by its old holder
  // is skipped until they are. Returns their ids.
  virtual std::vector<std::int64_t> ClaimExpired(const std::string& node, int lease_ms,
                                                 int limit) = 0;
  // Ends the node's leases on these tables now (a clean stop): others take them at once.
  virtual void Release(const std::string& node, const std::vector<std::int64_t>& tables) = 0;
  // Where the open table with this public id is played; none: no such open table.
  virtual std::optional<TableLocation> Locate(const std::string& public_id) = 0;
  // The public id of the open table with this invite code.
  virtual std::optional<std::string> TableOfInvite(const std::string& invite_code) = 0;
  // Every node that ever joined, live when seen within `recent_ms`.
  virtual std::vector<NodeAddress> Nodes(int recent_ms) = 0;

  // Writes the node's lobby rows and tells the other nodes (NOTIFY kafenio_lobby). A row
  // whose info is none is removed from the lobby, unless another node has written it since.
  virtual void PublishLobby(const std::string& node, const std::vector<LobbyRow>& rows) = 0;
  // Lobby rows written after `version`, oldest first.
  virtual std::vector<LobbyRow> LobbySince(std::int64_t version) = 0;
  // Waits up to `timeout_ms` for a lobby notification; true when one came.
  virtual bool WaitForLobbyChange(int timeout_ms) = 0;

  // Players (docs/admin.md, "A cluster of nodes"): once a sanction, a rename or a signed-out
  // session is stored, NOTIFY kafenio_players with a payload naming the account: every node
  // looks at the account's rows again. The rows stay the truth.
  virtual void NotifyPlayers(const std::string& payload) = 0;
  // Waits up to `timeout_ms` for players' notifications and returns their payloads.
  // `resync` is set when the LISTEN connection is new: notifications may have been missed,
  // so every player must be looked at again.
  virtual std::vector<std::string> WaitForPlayerChanges(int timeout_ms, bool& resync) = 0;

  // Tournaments (migration 0009): an event's rounds are run by the holder of its lease.
  // Extends the node's unexpired event leases; returns the events it still holds.
  virtual std::vector<std::int64_t> RenewTournaments(const std::string& node, int lease_ms) = 0;
  // Takes up to `limit` unfinished events whose lease has passed (or that never had one),
  // each with the next epoch, skipping any whose old holder is still committing. A
  // restarted node takes its own back at once (`own`: those still leased to its name).
  virtual std::vector<std::int64_t> ClaimTournaments(const std::string& node, int lease_ms,
                                                     int limit, bool own) = 0;
  // Ends the node's leases on these events now (a clean stop).
  virtual void ReleaseTournaments(const std::string& node,
                                  const std::vector<std::int64_t>& tournaments) = 0;

  // Every node follows every event (migration 0018): waits up to `timeout_ms` for
  // announcements on kafenio_tournaments; returns the events named (an event created or
  // with new log entries), none when the wait ran out. Uses a connection of its own.
  virtual std::vector<std::int64_t> WaitForTournamentChanges(int timeout_ms) = 0;
  // How many log entries each event not finished has (the sweep that catches whatever a
  // lost announcement would have missed).
  virtual std::vector<std::pair<std::int64_t, std::int64_t>> TournamentLogLengths() = 0;
};

std::unique_ptr<ClusterStore> OpenPostgresClusterStore(const std::string& conninfo);

}  // namespace kafenio::storage
