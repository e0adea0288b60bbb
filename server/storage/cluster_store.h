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

// Who holds a lease: a node's name and the epoch of its process (NewLeaseEpoch), the
// fencing token. Each process of a node draws its own, so a new process started under a
// name still in use (the old one frozen or cut off, not dead) takes that name's leases with
// a new epoch, and the database refuses the old one's writes (migration 0019).
struct LeaseHolder {
  std::string node;
  std::int64_t epoch = 0;
};

// A lease round's renewal: the tables the process still holds, and whether another process
// has since announced itself under the same node name (this one is replaced: it must hold
// nothing more).
struct Renewal {
  std::vector<std::int64_t> tables;
  bool replaced = false;
};

struct TableLocation {
  std::string node;
  std::string address;
  bool held = false;  // a node holds it now; false: between nodes (its lease has passed)
};

class ClusterStore {
 public:
  virtual ~ClusterStore() = default;

  // Records the node, its address and its process's epoch (again at every start).
  virtual void Announce(const LeaseHolder& holder, const std::string& address,
                        std::int64_t started_ms) = 0;
  // A restarted node takes back, at once and with its new epoch, every open table still
  // leased to its name (its previous process is gone, or must be fenced off: it may only be
  // frozen). Returns their ids.
  virtual std::vector<std::int64_t> TakeBackOwnTables(const LeaseHolder& holder, int lease_ms) = 0;
  // Extends every unexpired lease held with this epoch; returns the tables still held. A
  // table whose lease has passed, or was taken back by a newer process of the same name, is
  // not renewed: the process must drop it.
  virtual Renewal Renew(const LeaseHolder& holder, int lease_ms) = 0;
  // Takes up to `limit` open tables whose lease has passed (or that never had one), each
  // with the holder's epoch. A table whose writes are still being committed by its old
  // holder is skipped until they are. Returns their ids.
  virtual std::vector<std::int64_t> ClaimExpired(const LeaseHolder& holder, int lease_ms,
                                                 int limit) = 0;
  // Ends the holder's leases on these tables now (a clean stop): others take them at once.
  virtual void Release(const LeaseHolder& holder, const std::vector<std::int64_t>& tables) = 0;
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
  virtual std::vector<std::int64_t> RenewTournaments(const LeaseHolder& holder, int lease_ms) = 0;
  // Takes up to `limit` unfinished events whose lease has passed (or that never had one),
  // each with the holder's epoch, skipping any whose old holder is still committing. A
  // restarted node takes its own back at once (`own`: those still leased to its name).
  virtual std::vector<std::int64_t> ClaimTournaments(const LeaseHolder& holder, int lease_ms,
                                                     int limit, bool own) = 0;
  // Ends the holder's leases on these events now (a clean stop).
  virtual void ReleaseTournaments(const LeaseHolder& holder,
                                  const std::vector<std::int64_t>& tournaments) = 0;

  // Every node follows every event (migration 0018): waits up to `timeout_ms` for
  // announcements on kafenio_tournaments; returns the events named (an event created or
  // with new log entries), none when the wait ran out. Uses a connection of its own.
  virtual std::vector<std::int64_t> WaitForTournamentChanges(int timeout_ms) = 0;
  // How many log entries each event not finished has (the sweep that catches whatever a
  // lost announcement would have missed).
  virtual std::vector<std::pair<std::int64_t, std::int64_t>> TournamentLogLengths() = 0;
};

// `durable` false: its writes commit without waiting for the disk (synchronous_commit off),
// for a node's lease renewals only. A renewal lost in a database crash is safe: the lease
// then looks expired earlier than its holder thinks, another node may take it over, and the
// fencing (in the database, by epoch) refuses the old holder's writes from that moment on.
// So a renewal never waits for the disk behind every node's group commits.
std::unique_ptr<ClusterStore> OpenPostgresClusterStore(const std::string& conninfo,
                                                       bool durable = true);

// A new epoch for a process of a clustered node, drawn from the database (migration 0019:
// greater than any before it), after applying the migrations this program knows.
std::int64_t NewLeaseEpoch(const std::string& conninfo);

}  // namespace kafenio::storage
