#pragma once
// Every open table of the server, by id: created here (once stored), found by id, by
// invite code or by player, listed with filters, closed with a reason. The tables report
// their changes here; the directory keeps each one's latest info (private tables too),
// passes public ones to the lobby, and passes match and closing news on to listeners
// (tournaments, the console). Thread-safe.
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "server/app/lobby.h"
#include "server/app/table/table.h"
#include "server/app/table/table_listener.h"

namespace kafenio::server {

struct TableFilter {
  std::optional<std::string> game;
  std::optional<bool> rated;
  std::optional<bool> is_private;
  std::optional<bool> match_in_progress;
  std::int64_t player = 0;  // seated there; 0: anyone
};

class TableDirectory final : public TableListener {
 public:
  TableDirectory(const TableServices& services, Lobby& lobby);
  ~TableDirectory() override;

  // Crash recovery, at start-up before any connection: rebuilds every table whose match
  // the store holds as unfinished. Returns how many matches were recovered; a match that
  // cannot be rebuilt is logged and left as it is stored.
  int RecoverUnfinishedMatches();
  // Then every table that had no match live, with players seated (waiting for the next
  // match of their series): they get the same grace to come back as after a dropped
  // connection. Open tables nobody sat at are closed. Returns how many came back.
  int RecoverWaitingTables();

  // A table already stored (MatchLog::CreateTable), now open.
  std::shared_ptr<Table> Add(TableSettings settings);
  std::shared_ptr<Table> Find(const std::string& table_id) const;
  std::shared_ptr<Table> FindByInvite(const std::string& invite_code) const;
  // The latest info of every open table the account holds a seat at.
  std::vector<v1::TableInfo> FindByPlayer(std::int64_t account_id) const;
  std::vector<v1::TableInfo> List(const TableFilter& filter) const;
  // Closes the table (members are told `reason`); false when there is no such table.
  bool Close(const std::string& table_id, const std::string& reason);

  // Several nodes (table_directory_cluster.cc, docs/scaling.md). Takes these tables (by
  // the store's number) over while the server runs, rebuilt as crash recovery rebuilds
  // them; returns how many opened here.
  int AdoptTables(const std::vector<std::int64_t>& table_numbers);
  // This node lost the table's lease: it goes without writing anything, its members are
  // told to find it again (a ClusterRedirect without address). Returns its id, empty when
  // it was not open here.
  std::string Drop(std::int64_t table_number);
  // The store's numbers of every table open here.
  std::vector<std::int64_t> TableNumbers() const;

  // Tournaments (server/app/tournament/tournament_runner.h): fills in what a stored table
  // does not keep (its event, round and limits) whenever one is rebuilt. Set before
  // recovery; it must outlive the directory.
  void SetRebuildHook(std::function<void(TableSettings&)> hook) { rebuild_hook_ = std::move(hook); }

  // Listeners hear of every table's matches and closing; they must outlive the directory.
  void AddListener(TableListener& listener);

  // TableListener, from the tables.
  void TableChanged(const v1::TableInfo& info) override;
  void MatchStarted(const std::string& table_id, std::int64_t match_id) override;
  void MatchFinished(const MatchOutcome& outcome) override;
  void TableClosed(const std::string& table_id, const std::string& reason) override;

 private:
  struct Entry {
    std::shared_ptr<Table> table;
    v1::TableInfo info;  // as last reported
  };
  // A stored table's settings, as recovery rebuilds them.
  TableSettings SettingsOf(const TableRecord& table, std::int64_t table_number) const;
  std::vector<TableListener*> Listeners() const;
  // Brings back tables between matches (start-up, or taking tables over: `adopt`).
  int RecoverWaiting(const std::vector<RecoveredTable>& stored, bool adopt);
  // Forgets a table that could not be rebuilt.
  void Forget(const std::string& table_id);

  TableServices services_;
  Lobby& lobby_;
  mutable std::mutex mutex_;
  std::map<std::string, Entry> tables_;
  std::vector<TableListener*> listeners_;
  std::function<void(TableSettings&)> rebuild_hook_;
};

}  // namespace kafenio::server
