#pragma once
// The application's front door: takes each decoded request of a connection, checks who is
// asking, and hands it to accounts, the lobby, the results readers or a table. Thread-safe;
// Handle runs on the calling connection's strand and never blocks: passwords are hashed and
// storage is read on blocking-work pools, writes complete asynchronously, and tables answer
// on their own strands.
#include <memory>
#include <optional>
#include <set>
#include <string>

#include <boost/asio/any_io_executor.hpp>

#include "server/app/accounts.h"
#include "server/app/address_limits.h"
#include "server/app/admin/sanction_board.h"
#include "server/app/blocking_work.h"
#include "server/app/bot_tables.h"
#include "server/app/clock.h"
#include "server/app/cluster/table_locator.h"
#include "server/app/identity.h"
#include "server/app/lobby.h"
#include "server/app/metrics.h"
#include "server/app/peer.h"
#include "server/app/player_changes.h"
#include "server/app/session_board.h"
#include "server/app/sign_in_throttle.h"
#include "server/app/table_directory.h"
#include "server/app/tournament/stored_tournaments.h"
#include "server/config/server_config.h"
#include "server/storage/account_store.h"
#include "server/storage/results_store.h"

namespace kafenio::server {

class TournamentRunner;

// What the application knows of one connection. Owned by the connection and used only
// on its strand.
struct ClientContext {
  std::weak_ptr<Peer> peer;
  std::uint64_t peer_id = 0;
  std::string address;                  // the remote IP address (a reverse proxy's, behind one)
  boost::asio::any_io_executor strand;  // the connection's, where replies to it are made
  std::optional<Identity> who;
  bool signing_in = false;       // a sign-in is being worked on for this connection
  std::set<std::string> tables;  // joined, so a disconnect can detach from each
  bool lobby = false;
  std::string session;  // the hash of the session token it signed in with (sessions_)
  std::string device;   // the program the player uses (the handshake's User-Agent), if said
};

// What the hub is built on: what its tables share, and the stores of accounts and
// results. Everything must outlive it.
struct HubServices {
  TableServices tables;
  AccountStore& accounts;
  ResultsStore& results;
  // A clustered node's view of the other nodes (docs/scaling.md); none: one server alone.
  TableLocator* cluster = nullptr;
};

class Hub {
 public:
  explicit Hub(const HubServices& services);

  void Handle(ClientContext& client, const v1::Envelope& request);
  void Disconnected(ClientContext& client);
  // At shutdown, once the I/O threads have stopped: waits for the sign-ins and reads under
  // way, which use storage.
  void Stop();

  Metrics& metrics() { return services_.tables.metrics; }
  const ServerConfig& config() const { return services_.tables.config; }
  Clock& clock() { return services_.tables.clock; }
  TableDirectory& tables() { return directory_; }
  MatchLog& match_log() { return services_.tables.log; }
  Lobby& lobby() { return lobby_; }
  // The server running tournaments' rounds, before it takes connections.
  void SetTournamentRunner(TournamentRunner* runner) { tournament_runner_ = runner; }
  // A clustered node, before it takes connections (docs/scaling.md).
  void SetCluster(TableLocator* cluster) { services_.cluster = cluster; }
  // hub_cluster.cc: whether a browser Origin is a page served by a node of this cluster
  // (http://host:port for a node at ws://host:port/ws): a player sent to another node
  // keeps the page it loaded from the first.
  bool IsClusterOrigin(const std::string& origin) const;
  // Runs a storage read off the I/O threads; false when too many wait (the caller refuses
  // with RATE_LIMITED or 503).
  bool Read(std::function<void()> job) { return reads_.TrySubmit(std::move(job)); }
  // For the HTTP side's read-only routes (GET /matches/{id}/record): call through Read.
  ResultsStore& results() { return services_.results; }
  // The admin console reads players' accounts through the same store (off I/O threads).
  AccountStore& account_store() { return services_.accounts; }
  // Bans and mutes in force, and players' connections (the admin console).
  SanctionBoard& sanctions() { return sanctions_; }
  // Which connections use each player's session (sign-outs, a cluster's rechecks).
  SessionBoard& sessions() { return sessions_; }
  // A clustered node's notices to the others when a player's rows change (a sanction, a
  // rename, a session signed out), before it takes connections; none: a server alone.
  void SetPlayerChanges(PlayerChanges* changes) { player_changes_ = changes; }
  // Once the change is durable.
  void TellPlayerChanged(std::int64_t account_id, bool renamed = false) {
    if (player_changes_) player_changes_->Changed(account_id, renamed);
  }
  // The tournaments this server runs (docs/tournaments.md), before it takes connections;
  // none: tournament requests are refused.
  void SetTournaments(StoredTournaments* tournaments) { tournaments_ = tournaments; }
  // The events and the runner of their rounds (the admin console's tournaments); none
  // when this server runs none.
  StoredTournaments* tournaments() { return tournaments_; }
  // The I/O threads' executor (answers to callers that wait on a future, the console).
  boost::asio::any_io_executor io_executor() const { return services_.tables.executor; }
  TournamentRunner* tournament_runner() { return tournament_runner_; }
  // tournament_request.cc: the director's powers over an event (start, add_entrant,
  // add_bot, remove_entrant, disqualify, replace_round, end_early), one code path for the
  // protocol's direct_tournament and the admin console. The caller has checked that `by`
  // may act as the event's director. `done` gets ERROR_UNSPECIFIED once the change is
  // stored, or why it was refused (nothing changed).
  using DirectorDone = std::function<void(v1::ErrorCode code, const std::string& message)>;
  void DirectTournament(std::int64_t by, const TournamentSnapshot& event,
                        const v1::DirectTournament& direct, const Executor& executor,
                        DirectorDone done);
  // Connections, guests, registrations and tables per address and per account.
  AddressLimits& limits() { return limits_; }

 private:
  // hub_sign_in.cc: guests, registration, sign-in and resuming a session.
  void SignInRequest(ClientContext& client, const std::shared_ptr<Peer>& peer,
                     const v1::Envelope& request);
  void SignedIn(ClientContext& client, const std::shared_ptr<Peer>& peer,
                const SignInResult& result, const std::string& request_id);
  // hub_sessions.cc: a player's own sessions: sign out (this one, or all), change the
  // password, list them, sign one out.
  static bool IsSessionRequest(v1::Envelope::BodyCase body);
  void SessionRequest(ClientContext& client, const std::shared_ptr<Peer>& peer,
                      const v1::Envelope& request);
  void ChangePassword(ClientContext& client, const std::shared_ptr<Peer>& peer,
                      const v1::ChangePassword& request, const std::string& request_id);
  void ListSessions(ClientContext& client, const std::shared_ptr<Peer>& peer,
                    const std::string& request_id);
  // hub_bot_tables.cc: what a table asks when an add_bot by `asking` would leave it with
  // only bots: why not (beyond the limits), or nothing.
  Table::OnlyBotsGate BotTableGate(const std::string& table_id, std::int64_t asking);
  // The results readers, on the read pool.
  void AnswerFromStorage(const std::shared_ptr<Peer>& peer, const v1::Envelope& request,
                         std::int64_t self);
  void CreateTable(ClientContext& client, const std::shared_ptr<Peer>& peer,
                   const v1::CreateTable& request, const std::string& request_id);
  // A request that names a table.
  void TableRequest(ClientContext& client, const std::shared_ptr<Peer>& peer,
                    const v1::Envelope& request);
  // hub_cluster.cc: a table not open here may be played on another node: the client is
  // sent there (or asked to try again while the table moves).
  void TableElsewhere(const std::shared_ptr<Peer>& peer, const std::string& request_id,
                      const std::string& table_id);
  // After sign-in on a clustered node: the addresses of every node.
  void SendNodes(const std::shared_ptr<Peer>& peer);
  void Refuse(const std::shared_ptr<Peer>& peer, const std::string& request_id, v1::ErrorCode code,
              const std::string& message);
  // hub_tournament_run.cc: the director's pause and resume of an event.
  void TournamentRunRequest(ClientContext& client, const std::shared_ptr<Peer>& peer,
                            const v1::Envelope& request);
  // report_request.cc: a player's report of another player or a chat line.
  void ReportRequest(ClientContext& client, const std::shared_ptr<Peer>& peer,
                     const v1::Envelope& request);
  // After sign-in: the player's tournament tables waiting for them, pushed again.
  void TellTournamentTables(std::int64_t account_id);
  // tournament_request.cc: the tournament requests (docs/tournaments.md, "Protocol").
  static bool IsTournamentRequest(v1::Envelope::BodyCase body);
  void TournamentRequest(ClientContext& client, const std::shared_ptr<Peer>& peer,
                         const v1::Envelope& request);

  HubServices services_;
  Accounts accounts_;
  Backoff account_sign_ins_;    // failed sign-ins per name key
  Backoff address_sign_ins_;    // and per address
  BlockingWork password_work_;  // after accounts_: its destructor waits for jobs using it
  BlockingWork reads_;
  Lobby lobby_;
  BotTables bot_tables_;  // before directory_, which tells it of every table
  TableDirectory directory_;
  SanctionBoard sanctions_;
  TournamentRunner* tournament_runner_ = nullptr;
  StoredTournaments* tournaments_ = nullptr;
  SessionBoard sessions_;
  PlayerChanges* player_changes_ = nullptr;
  AddressLimits limits_;
};

}  // namespace kafenio::server
