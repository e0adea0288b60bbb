#pragma once
// The application's front door: takes each decoded request of a connection, checks who
// is asking, and hands it to accounts, the lobby or a table. Thread-safe; Handle runs on
// the calling connection's strand and never blocks on a table.
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <string>

#include <boost/asio/any_io_executor.hpp>

#include "server/app/accounts.h"
#include "server/app/lobby.h"
#include "server/app/metrics.h"
#include "server/app/password_work.h"
#include "server/app/peer.h"
#include "server/app/table.h"
#include "server/config/server_config.h"
#include "server/storage/game_store.h"

namespace kafenio::server {

// What the application knows of one connection. Owned by the connection and used only
// on its strand.
struct ClientContext {
  std::weak_ptr<Peer> peer;
  std::uint64_t peer_id = 0;
  boost::asio::any_io_executor strand;  // the connection's, where replies to it are made
  std::optional<Identity> who;
  bool signing_in = false;       // a password is being hashed or checked for this connection
  std::set<std::string> tables;  // joined, so a disconnect can detach from each
  bool lobby = false;
};

class Hub {
 public:
  // `deal_secret` keys the deal seeds (docs/fairness.md); it must outlive the hub.
  Hub(boost::asio::any_io_executor executor, const ServerConfig& config, GameStore& storage,
      Metrics& metrics, const fairness::ServerSecret& deal_secret);

  // Crash recovery, at start-up before any connection: rebuilds every table whose match
  // the store holds as unfinished. Returns how many matches were recovered; a match that
  // cannot be rebuilt is reported on stderr and left as it is stored.
  int RecoverUnfinishedMatches();
  // Then every table that had no match live, with players seated (waiting for the next
  // match of their series): they get the same grace to come back as after a dropped
  // connection. Open tables nobody sat at are closed. Returns how many came back.
  int RecoverWaitingTables();

  void Handle(ClientContext& client, const v1::Envelope& request);
  void Disconnected(ClientContext& client);
  Metrics& metrics() { return metrics_; }
  const ServerConfig& config() const { return config_; }
  // For the HTTP side's read-only routes (GET /matches/{id}/record).
  GameStore& storage() { return storage_; }

 private:
  std::shared_ptr<Table> FindTable(const std::string& table_id);
  std::shared_ptr<Table> AddTable(const TableSettings& settings);
  // A stored table's settings, as recovery rebuilds them.
  TableSettings SettingsOf(const TableRecord& table) const;
  void CreateTable(ClientContext& client, const std::shared_ptr<Peer>& peer,
                   const v1::CreateTable& request, const std::string& request_id);
  void SignedIn(ClientContext& client, const std::shared_ptr<Peer>& peer,
                const SignInResult& result, const std::string& request_id);
  // Register and SignIn hash or verify a password: done on password_work_, answered on
  // the connection's strand.
  void SignInWithPassword(ClientContext& client, const std::shared_ptr<Peer>& peer,
                          const v1::Envelope& request);

  boost::asio::any_io_executor executor_;
  const ServerConfig& config_;
  GameStore& storage_;
  Metrics& metrics_;
  const fairness::ServerSecret& deal_secret_;
  Accounts accounts_;
  PasswordWork password_work_;  // after accounts_: its destructor waits for jobs using it
  Lobby lobby_;
  std::mutex tables_mutex_;
  std::map<std::string, std::shared_ptr<Table>> tables_;
};

}  // namespace kafenio::server
