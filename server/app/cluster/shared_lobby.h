#pragma once
// The same lobby on every node (docs/scaling.md). This node's public tables are written to
// the database's lobby rows in small batches, with a NOTIFY; every node LISTENs, reads the
// rows changed since the last it read and shows the other nodes' tables in its own lobby.
// The rows stay the truth: a node starting (or whose LISTEN connection broke) reads them
// all again. Writes run on the cluster's thread (a timer from the Clock), reads on a thread
// of their own that waits for notifications.
#include <atomic>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>

#include "server/app/clock.h"
#include "server/app/cluster/cluster_options.h"
#include "server/app/lobby.h"
#include "server/app/table/table_listener.h"
#include "server/app/table_directory.h"
#include "server/storage/cluster_store.h"

namespace kafenio::server {

class SharedLobby final : public TableListener {
 public:
  // `store` is this lobby's own (its LISTEN connection blocks); `executor` runs the batched
  // writes (the cluster's thread).
  SharedLobby(ClusterOptions options, std::unique_ptr<storage::ClusterStore> store,
              TableDirectory& directory, Lobby& lobby, Clock& clock,
              boost::asio::any_io_executor executor);
  ~SharedLobby() override;

  // Reads every row, then follows the notifications, and starts writing this node's
  // changes. Call after the directory has its tables.
  void Start();
  void Stop();

  // TableListener, from the directory: this node's tables.
  void TableChanged(const v1::TableInfo& info) override;
  void MatchStarted(const std::string&, std::int64_t) override {}
  void MatchFinished(const MatchOutcome&) override {}
  void TableClosed(const std::string& table_id, const std::string& reason) override;

 private:
  void Follow();
  void Apply(const std::vector<storage::LobbyRow>& rows);
  void ScheduleFlush();
  void Flush();

  const ClusterOptions options_;
  std::unique_ptr<storage::ClusterStore> store_;
  TableDirectory& directory_;
  Lobby& lobby_;
  Clock& clock_;
  boost::asio::any_io_executor executor_;

  std::mutex mutex_;
  std::map<std::string, std::optional<std::string>> pending_;  // public id -> info or gone
  bool flush_scheduled_ = false;
  std::unique_ptr<Alarm> flush_alarm_;  // only on executor_

  std::int64_t version_ = 0;  // the newest row read (Follow's thread only)
  std::atomic<bool> stopping_{false};
  std::thread follower_;
};

}  // namespace kafenio::server
