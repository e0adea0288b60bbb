#pragma once
// The server running an event's rounds (docs/tournaments.md, "Running the rounds"): for
// every published pairing it opens one table with the seats reserved for the entrants
// (bot entrants' seats held by the server's bots), tells the players where to go, feeds
// each finished match to the event as its result (which publishes the next round when the
// round is complete), forfeits no-shows after the event's grace, closes the table of a
// match that became a forfeit (a withdrawal, a disqualification), starts an event at its
// scheduled time, and pauses and resumes every table of an event for its director.
//
// Durable across a kill -9 at any moment: a table's opening and its match are entries of
// the event's log (table_opened, match_started), stored before players are told; at
// start-up every running event is looked at again: a table already opened is found again
// (or, if it had closed without its match, reopened under the same id, never a second
// table), the result of a match that finished while the server was down is read from the
// store and fed, and the pairings already published never change (they are the log's).
//
// Everything runs on the runner's own strand; the tables and the event store answer on it.
#include <boost/asio/io_context.hpp>
#include <boost/asio/strand.hpp>
#include <chrono>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "server/app/cluster/table_locator.h"
#include "server/app/hub.h"
#include "server/app/table/table_listener.h"
#include "server/app/tournament/stored_tournaments.h"
#include "server/storage/storage.h"

namespace kafenio::server {

class TournamentRunner final : public TableListener {
 public:
  TournamentRunner(StoredTournaments& events, Hub& hub, storage::Storage& store,
                   boost::asio::io_context::executor_type executor);

  // Before the tables are recovered: rebuilt tables of an event get their event's settings
  // back (round, limits), and the runner hears of every table and every event change.
  void Install();
  // After recovery, before connections: every event goes on (or starts when due).
  void Start();

  // A clustered node (tournament_runner_cluster.cc, docs/scaling.md "Tournaments in a
  // cluster"): it runs only the events whose lease it holds (opens their rounds' tables,
  // starts them when due, forfeits no-shows, finds their tables again after a take-over),
  // while every node records the news of the tables it plays, closes or pauses them as
  // their event says, and tells its own players what their events' logs say, whichever
  // node wrote it. Call before Start; `locator` says where a table not open here is.
  void SetClustered(TableLocator* locator);
  // The events this node holds the leases of now (from the cluster's rounds, any thread):
  // those taken up are run from their logs as a restart does; those lost stop at once.
  void Hold(std::vector<std::int64_t> held);

  // The director's pause and resume of a running event (hub_tournament_run.cc).
  void Pause(std::int64_t by, std::int64_t id, std::string reason, Executor executor,
             Then<TournamentAnswer> then);
  void Resume(std::int64_t by, std::int64_t id, Executor executor, Then<TournamentAnswer> then);

  // A player signed in: each table of a running round that waits for them is pushed again
  // (tournament_round_started), so a player who was away when the round began finds it.
  void SignedIn(std::int64_t account_id);

  // TableListener (from the directory, on the tables' strands).
  void TableChanged(const v1::TableInfo& info) override;
  void MatchStarted(const std::string& table_id, std::int64_t match_id) override;
  void MatchFinished(const MatchOutcome& outcome) override;
  void TableClosed(const std::string& table_id, const std::string& reason) override;

 private:
  // A table of an event: its round and its index in the round.
  struct Place {
    std::int64_t event = 0;
    int round = 0;
    int table = 0;
    friend auto operator<=>(const Place&, const Place&) = default;
  };
  struct Running {
    std::set<Place> opening;    // a table being opened for it
    std::set<Place> recording;  // its result being stored
    std::set<int> announced;    // rounds whose byes were told
    std::unique_ptr<Alarm> start_alarm;
    std::unique_ptr<Alarm> retry_alarm;  // the read pool was busy: look again shortly
    std::unique_ptr<Alarm> no_show_alarm;
    int no_show_round = 0;  // the round the no-show alarm is armed for
    bool finished_told = false;
    // Cluster: tables of the event played by another node (or between nodes), looked at
    // again at the next lease round; whether this node's tables stand paused.
    std::set<std::string> elsewhere;
    bool tables_paused = false;
  };
  using Strand = boost::asio::strand<boost::asio::io_context::executor_type>;

  // Looks at the event as stored and does what is due: start it, open tables, reattach
  // tables after a restart, forfeit no-shows, close forfeited tables, tell the end.
  void Reconcile(std::int64_t id);
  void StartDue(std::int64_t id, const storage::TournamentRow& row);
  void OpenTable(std::int64_t id, const Place& place, std::string table_id,
                 std::int64_t table_number);
  void Opened(std::int64_t id, const Place& place, TableSettings settings,
              std::vector<SeatReservation> seats, bool fresh);
  // A table of the log not open here (after a restart): its stored result, or reopened.
  void Reattach(const Place& place, const tournament::PublishedTable& table);
  void Record(const Place& place, tournament::MatchResult result);
  void RetrySoon(std::int64_t id);
  void ArmNoShow(std::int64_t id, const tournament::TournamentState& state);
  void ForfeitNoShows(std::int64_t id, int round);
  void Tell(const tournament::TournamentState& state, tournament::EntrantId entrant,
            const std::shared_ptr<const v1::Envelope>& message);
  void TellRound(std::int64_t id, const tournament::TournamentState& state, const Place& place,
                 const std::string& table_id);
  void TellResult(std::int64_t id, const tournament::TournamentState& state, const Place& place);
  void PauseTables(std::int64_t id, bool pause, std::string reason, std::function<void()> done);
  // tournament_runner_cluster.cc.
  bool Runs(std::int64_t id) const { return !clustered_ || held_.count(id) > 0; }
  // Every node: this node's open tables of the event follow its state (a forfeit closes
  // one, the director's pause stands them still), and its players hear what changed.
  void Tend(std::int64_t id);
  // After a pause or resume is logged on a cluster node: `done` once every open table of
  // the event's round shows it in the shared lobby, whichever node plays it, or once
  // kTablesShowBound has passed (a node down shows it when its tables are taken over).
  void AwaitTablesShow(std::int64_t id, bool paused, std::chrono::steady_clock::time_point until,
                       std::function<void()> done);
  bool TablesShow(std::int64_t id, bool paused);
  static constexpr std::chrono::milliseconds kTablesShowBound{10000};
  void Notice(std::int64_t id);
  // A table of a held event not open here: its stored result, or where it is played.
  void LocateElsewhere(const Place& place, const tournament::PublishedTable& table);
  // The tables opened for the events' current rounds, by id.
  std::vector<std::pair<std::string, Place>> TablesOfEvents() const;
  // Where a table is, from the events' logs (empty when it is no tournament's).
  std::optional<Place> Locate(const std::string& table_id) const;
  // The settings of a table of the event (its rules, limits and seats).
  std::optional<TableSettings> SettingsFor(const Place& place) const;
  std::int64_t RoundDeadline(const tournament::TournamentState& state,
                             const tournament::PublishedRound& round) const;
  template <class F>
  void OnStrand(F&& f) {
    boost::asio::post(strand_, std::forward<F>(f));
  }

  StoredTournaments& events_;
  Hub& hub_;
  storage::Storage& store_;
  Strand strand_;
  std::map<std::int64_t, Running> running_;
  std::map<std::string, Place> tables_;  // open tables of events, by id
  // Accounts that have come to their table (by table id): a no-show is one who never did.
  std::map<std::string, std::set<std::int64_t>> appeared_;
  // Cluster (strand only): the events held; each event as last told to this node's players.
  bool clustered_ = false;
  TableLocator* locator_ = nullptr;
  std::set<std::int64_t> held_;
  std::map<std::int64_t, tournament::TournamentState> told_;
  bool noticing_ = false;  // Tell sends only from Notice in a cluster
};

}  // namespace kafenio::server
