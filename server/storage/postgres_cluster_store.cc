#include <poll.h>

#include <mutex>

#include "server/storage/cluster_store.h"
#include "server/storage/postgres/connection.h"
#include "server/storage/postgres_migrations.h"
#include "server/storage/postgres_reads.h"

namespace kafenio::storage {

namespace {

using pg::Params;

std::vector<std::int64_t> Ids(const pg::Result& rows) {
  std::vector<std::int64_t> ids;
  for (int r = 0; r < rows.rows(); ++r) ids.push_back(rows.Int(r, 0));
  return ids;
}

// pg_advisory_xact_lock's key for lobby writes ("kflobby" in ASCII).
constexpr std::int64_t kLobbyLock = 0x6b666c6f626279;

std::string LeaseMs(int lease_ms) {
  return std::to_string(lease_ms);
}

// Hex for BYTEA columns through text parameters.
std::string ToHex(const std::string& bytes) {
  static constexpr char kDigits[] = "0123456789abcdef";
  std::string hex;
  hex.reserve(bytes.size() * 2);
  for (unsigned char c : bytes) {
    hex += kDigits[c >> 4];
    hex += kDigits[c & 15];
  }
  return hex;
}

std::string FromHex(const std::string& hex) {
  auto value = [](char c) { return c <= '9' ? c - '0' : c - 'a' + 10; };
  std::string bytes(hex.size() / 2, '\0');
  for (std::size_t i = 0; i < bytes.size(); ++i) {
    bytes[i] = static_cast<char>(value(hex[2 * i]) * 16 + value(hex[2 * i + 1]));
  }
  return bytes;
}

// A connection that comes back after the database went away: the call that finds it
// broken fails, the next one opens a fresh one.
class Reconnecting {
 public:
  explicit Reconnecting(std::string conninfo, bool durable = true)
      : conninfo_(std::move(conninfo)), durable_(durable) {}
  pg::Connection& operator*() {
    if (!db_ || db_->Broken()) {
      db_.reset();
      auto db = std::make_unique<pg::Connection>(conninfo_);
      if (!durable_) db->Command("SET synchronous_commit = off");
      db_ = std::move(db);
    }
    return *db_;
  }
  void Reset() { db_.reset(); }
  bool open() const { return db_ && !db_->Broken(); }

 private:
  std::string conninfo_;
  bool durable_;
  std::unique_ptr<pg::Connection> db_;
};

class PostgresClusterStore final : public ClusterStore {
 public:
  PostgresClusterStore(const std::string& conninfo, bool durable)
      : db_(conninfo, durable),
        listener_(conninfo),
        players_listener_(conninfo),
        tournament_listener_(conninfo) {}

  void Announce(const LeaseHolder& holder, const std::string& address,
                std::int64_t started_ms) override {
    std::lock_guard lock(mutex_);
    (*db_).Run(
        "INSERT INTO cluster_nodes (name, address, started_ms, seen_at, epoch)"
        " VALUES ($1, $2, $3, clock_timestamp(), $4) ON CONFLICT (name) DO UPDATE SET"
        " address = excluded.address, started_ms = excluded.started_ms,"
        " seen_at = excluded.seen_at, epoch = excluded.epoch",
        Params().Add(holder.node).Add(address).Add(started_ms).Add(holder.epoch));
  }

  std::vector<std::int64_t> TakeBackOwnTables(const LeaseHolder& holder, int lease_ms) override {
    std::lock_guard lock(mutex_);
    // FOR UPDATE waits for a transaction the previous process left running (a COMMIT it
    // sent just before it died or froze; a frozen one's session is ended by the database
    // after idle_in_transaction_session_timeout): the tables are read only after that is
    // settled. From then on the previous process's epoch no longer writes them.
    return Ids((*db_).Run(
        "UPDATE table_leases l SET epoch = $3,"
        " expires_at = clock_timestamp() + $2::BIGINT * INTERVAL '1 millisecond'"
        " WHERE l.table_id IN (SELECT e.table_id FROM table_leases e JOIN game_tables t"
        " ON t.id = e.table_id WHERE e.node = $1 AND t.closed_ms IS NULL FOR UPDATE OF e)"
        " RETURNING l.table_id",
        Params().Add(holder.node).Add(LeaseMs(lease_ms)).Add(holder.epoch)));
  }

  Renewal Renew(const LeaseHolder& holder, int lease_ms) override {
    std::lock_guard lock(mutex_);
    Renewal renewal;
    // The node's row names the process that announced it last: an older one is replaced.
    renewal.replaced = (*db_)
                           .Run(
                               "UPDATE cluster_nodes SET seen_at = clock_timestamp()"
                               " WHERE name = $1 AND epoch = $2 RETURNING 1",
                               Params().Add(holder.node).Add(holder.epoch))
                           .empty();
    if (renewal.replaced) return renewal;
    renewal.tables = Ids((*db_).Run(
        "UPDATE table_leases SET expires_at = clock_timestamp() + $2::BIGINT * INTERVAL"
        " '1 millisecond' WHERE node = $1 AND epoch = $3 AND expires_at > clock_timestamp()"
        " RETURNING table_id",
        Params().Add(holder.node).Add(LeaseMs(lease_ms)).Add(holder.epoch)));
    return renewal;
  }

  std::vector<std::int64_t> ClaimExpired(const LeaseHolder& holder, int lease_ms,
                                         int limit) override {
    std::lock_guard lock(mutex_);
    // Open tables that never had a lease (made by a server that was not clustered) get an
    // expired one first, so that they are claimed like any other.
    (*db_).Run(
        "INSERT INTO table_leases (table_id, node, epoch, expires_at)"
        " SELECT t.id, '', 0, '-infinity' FROM game_tables t"
        " WHERE t.closed_ms IS NULL AND NOT EXISTS (SELECT 1 FROM table_leases l"
        " WHERE l.table_id = t.id) ON CONFLICT (table_id) DO NOTHING");
    return Ids((*db_).Run(
        "UPDATE table_leases l SET node = $1, epoch = $4,"
        " expires_at = clock_timestamp() + $2::BIGINT * INTERVAL '1 millisecond'"
        " WHERE l.table_id IN (SELECT e.table_id FROM table_leases e JOIN game_tables t"
        " ON t.id = e.table_id WHERE e.expires_at < clock_timestamp() AND t.closed_ms IS NULL"
        " ORDER BY e.expires_at LIMIT $3 FOR UPDATE OF e SKIP LOCKED)"
        " AND l.expires_at < clock_timestamp() RETURNING l.table_id",
        Params().Add(holder.node).Add(LeaseMs(lease_ms)).Add(limit).Add(holder.epoch)));
  }

  void Release(const LeaseHolder& holder, const std::vector<std::int64_t>& tables) override {
    std::lock_guard lock(mutex_);
    // Only leases of this process: a newer one of the same name keeps its own.
    (*db_).Run(
        "UPDATE table_leases SET expires_at = clock_timestamp() - INTERVAL '1 millisecond'"
        " WHERE node = $1 AND epoch = $3 AND table_id = ANY($2::BIGINT[])",
        Params().Add(holder.node).AddArray(tables).Add(holder.epoch));
  }

  std::vector<std::int64_t> RenewTournaments(const LeaseHolder& holder, int lease_ms) override {
    std::lock_guard lock(mutex_);
    // A finished event has nothing left to run: its lease is left to pass.
    return Ids((*db_).Run(
        "UPDATE tournament_leases l SET expires_at = clock_timestamp() + $2::BIGINT * INTERVAL"
        " '1 millisecond' WHERE l.node = $1 AND l.epoch = $3 AND l.expires_at > clock_timestamp()"
        " AND NOT EXISTS (SELECT 1 FROM tournaments t WHERE t.id = l.tournament_id"
        " AND t.state = 'finished') RETURNING l.tournament_id",
        Params().Add(holder.node).Add(LeaseMs(lease_ms)).Add(holder.epoch)));
  }

  std::vector<std::int64_t> ClaimTournaments(const LeaseHolder& holder, int lease_ms, int limit,
                                             bool own) override {
    std::lock_guard lock(mutex_);
    // Unfinished events that never had a lease (made by a server that was not clustered)
    // get an expired one first, so that they are claimed like any other.
    (*db_).Run(
        "INSERT INTO tournament_leases (tournament_id, node, epoch, expires_at)"
        " SELECT t.id, '', 0, '-infinity' FROM tournaments t WHERE t.state <> 'finished'"
        " AND NOT EXISTS (SELECT 1 FROM tournament_leases l WHERE l.tournament_id = t.id)"
        " ON CONFLICT (tournament_id) DO NOTHING");
    const std::string claimable = own ? "(e.node = $1 OR e.expires_at < clock_timestamp())"
                                      : "e.expires_at < clock_timestamp()";
    return Ids(
        (*db_).Run("UPDATE tournament_leases l SET node = $1, epoch = $4,"
                   " expires_at = clock_timestamp() + $2::BIGINT * INTERVAL '1 millisecond'"
                   " WHERE l.tournament_id IN (SELECT e.tournament_id FROM tournament_leases e JOIN"
                   " tournaments t ON t.id = e.tournament_id WHERE " +
                       claimable +
                       " AND t.state <> 'finished' ORDER BY e.expires_at LIMIT $3"
                       " FOR UPDATE OF e SKIP LOCKED) RETURNING l.tournament_id",
                   Params().Add(holder.node).Add(LeaseMs(lease_ms)).Add(limit).Add(holder.epoch)));
  }

  void ReleaseTournaments(const LeaseHolder& holder,
                          const std::vector<std::int64_t>& tournaments) override {
    std::lock_guard lock(mutex_);
    (*db_).Run(
        "UPDATE tournament_leases SET expires_at = clock_timestamp() - INTERVAL '1 millisecond'"
        " WHERE node = $1 AND epoch = $3 AND tournament_id = ANY($2::BIGINT[])",
        Params().Add(holder.node).AddArray(tournaments).Add(holder.epoch));
  }

  std::vector<std::int64_t> WaitForTournamentChanges(int timeout_ms) override {
    std::vector<std::int64_t> ids;
    for (const std::string& payload :
         Listen(tournament_listener_, "kafenio_tournaments", timeout_ms)) {
      try {
        ids.push_back(std::stoll(payload));
      } catch (const std::exception&) {
      }
    }
    return ids;
  }

  std::vector<std::pair<std::int64_t, std::int64_t>> TournamentLogLengths() override {
    std::lock_guard lock(mutex_);
    const pg::Result rows = (*db_).Run(
        "SELECT t.id, (SELECT count(*) FROM tournament_log g WHERE g.tournament_id = t.id)"
        " FROM tournaments t WHERE t.state <> 'finished'");
    std::vector<std::pair<std::int64_t, std::int64_t>> lengths;
    for (int r = 0; r < rows.rows(); ++r) lengths.emplace_back(rows.Int(r, 0), rows.Int(r, 1));
    return lengths;
  }

  std::optional<TableLocation> Locate(const std::string& public_id) override {
    std::lock_guard lock(mutex_);
    const pg::Result row = (*db_).Run(
        "SELECT l.node, COALESCE(n.address, ''), l.expires_at > clock_timestamp()"
        " FROM game_tables t LEFT JOIN table_leases l ON l.table_id = t.id"
        " LEFT JOIN cluster_nodes n ON n.name = l.node"
        " WHERE t.public_id = $1 AND t.closed_ms IS NULL",
        Params().Add(public_id));
    if (row.empty()) return std::nullopt;
    if (row.IsNull(0, 0)) return TableLocation{};
    return TableLocation{row.Text(0, 0), row.Text(0, 1), row.Bool(0, 2)};
  }

  std::optional<std::string> TableOfInvite(const std::string& invite_code) override {
    std::lock_guard lock(mutex_);
    const pg::Result row = (*db_).Run(
        "SELECT public_id FROM game_tables WHERE invite_code = $1 AND closed_ms IS NULL"
        " AND public_id IS NOT NULL",
        Params().Add(invite_code));
    if (row.empty()) return std::nullopt;
    return row.Text(0, 0);
  }

  std::vector<NodeAddress> Nodes(int recent_ms) override {
    std::lock_guard lock(mutex_);
    const pg::Result rows = (*db_).Run(
        "SELECT address, seen_at > clock_timestamp() - $1::BIGINT * INTERVAL '1 millisecond'"
        " FROM cluster_nodes ORDER BY name",
        Params().Add(LeaseMs(recent_ms)));
    std::vector<NodeAddress> nodes;
    for (int r = 0; r < rows.rows(); ++r) nodes.push_back({rows.Text(r, 0), rows.Bool(r, 1)});
    return nodes;
  }

  void PublishLobby(const std::string& node, const std::vector<LobbyRow>& rows) override {
    std::lock_guard lock(mutex_);
    pg::Connection& db = *db_;
    db.Command("BEGIN");
    try {
      // One publisher at a time, so that versions become visible in their order: a reader
      // that has seen version N never misses a smaller one committed after it.
      db.Run("SELECT pg_advisory_xact_lock($1)", Params().Add(kLobbyLock));
      for (const LobbyRow& row : rows) {
        if (row.info) {
          db.Run(
              "INSERT INTO lobby_tables (public_id, node, info, version)"
              " VALUES ($1, $2, decode($3, 'hex'), nextval('lobby_versions'))"
              " ON CONFLICT (public_id) DO UPDATE SET node = excluded.node,"
              " info = excluded.info, version = excluded.version",
              Params().Add(row.public_id).Add(node).Add(ToHex(*row.info)));
        } else {
          db.Run(
              "UPDATE lobby_tables SET info = NULL, version = nextval('lobby_versions')"
              " WHERE public_id = $1 AND node = $2",
              Params().Add(row.public_id).Add(node));
        }
      }
      db.Run("SELECT pg_notify('kafenio_lobby', $1)", Params().Add(node));
      db.Command("COMMIT");
    } catch (...) {
      if (!db.Broken()) db.Command("ROLLBACK");
      throw;
    }
  }

  std::vector<LobbyRow> LobbySince(std::int64_t version) override {
    std::lock_guard lock(mutex_);
    const pg::Result rows = (*db_).Run(
        "SELECT public_id, node, encode(info, 'hex'), version FROM lobby_tables"
        " WHERE version > $1 ORDER BY version",
        Params().Add(version));
    std::vector<LobbyRow> changed;
    for (int r = 0; r < rows.rows(); ++r) {
      LobbyRow row{rows.Text(r, 0), rows.Text(r, 1), std::nullopt, rows.Int(r, 3)};
      if (!rows.IsNull(r, 2)) row.info = FromHex(rows.Text(r, 2));
      changed.push_back(std::move(row));
    }
    return changed;
  }

  bool WaitForLobbyChange(int timeout_ms) override {
    return !Listen(listener_, "kafenio_lobby", timeout_ms).empty();
  }

  void NotifyPlayers(const std::string& payload) override {
    std::lock_guard lock(mutex_);
    (*db_).Run("SELECT pg_notify('kafenio_players', $1)", Params().Add(payload));
  }

  std::vector<std::string> WaitForPlayerChanges(int timeout_ms, bool& resync) override {
    resync = !players_listener_.open();  // a fresh LISTEN: notices may have been missed
    return Listen(players_listener_, "kafenio_players", timeout_ms);
  }

 private:
  // Waits up to `timeout_ms` for notifications on `channel` (LISTENing on a fresh
  // connection first); returns their payloads, none when the wait ran out.
  static std::vector<std::string> Listen(Reconnecting& listener, const std::string& channel,
                                         int timeout_ms) {
    const bool fresh = !listener.open();
    pg::Connection& db = *listener;
    if (fresh) db.Command("LISTEN " + channel);
    // Anything queued already counts.
    std::vector<std::string> payloads = Drain(db);
    if (!payloads.empty()) return payloads;
    pollfd socket{PQsocket(db.handle()), POLLIN, 0};
    if (::poll(&socket, 1, timeout_ms) <= 0) return payloads;
    if (PQconsumeInput(db.handle()) == 0) {
      listener.Reset();
      throw StorageError("lost the LISTEN connection of " + channel);
    }
    return Drain(db);
  }

  static std::vector<std::string> Drain(pg::Connection& db) {
    std::vector<std::string> payloads;
    while (PGnotify* note = PQnotifies(db.handle())) {
      payloads.emplace_back(note->extra);
      PQfreemem(note);
    }
    return payloads;
  }

  std::mutex mutex_;  // db_: the lease loop, the lobby and the read pool share it
  Reconnecting db_;
  Reconnecting listener_;             // only WaitForLobbyChange's thread
  Reconnecting players_listener_;     // only WaitForPlayerChanges's thread
  Reconnecting tournament_listener_;  // only WaitForTournamentChanges's thread
};

}  // namespace

std::unique_ptr<ClusterStore> OpenPostgresClusterStore(const std::string& conninfo, bool durable) {
  return std::make_unique<PostgresClusterStore>(conninfo, durable);
}

std::int64_t NewLeaseEpoch(const std::string& conninfo) {
  pg::Connection db(conninfo);
  ApplyMigrations(db, EmbeddedPostgresMigrations());
  return db.Run("SELECT nextval('lease_epochs')").Int(0, 0);
}

}  // namespace kafenio::storage
