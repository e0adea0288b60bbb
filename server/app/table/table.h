#pragma once
// One table: a thin actor on its own strand that answers requests and composes the units
// that do the work: Seating (who sits where, holds, readiness), Members (connections and
// chat), Series, MatchRunner (the match, its seeds and its log), EventOutbox (events wait
// for durability, then go out in order, with a history for catch-up) and the turn plan
// (bots and turn clocks). Every public method posts to the strand, so nothing inside needs
// a lock and one table never waits for another.
//
// The life of a move: the runner applies it (refused -> typed error, nothing changes),
// the event is built for every audience and its log entry goes to storage; only when
// storage reports it durable is it delivered and the mover's request acknowledged. Writes
// go out one at a time (SerialWrites); when one fails, the match is rolled back to what is
// stored and the players are told (STORAGE_UNAVAILABLE).
#include <array>
#include <boost/asio/io_context.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/strand.hpp>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "server/app/blocking_work.h"
#include "server/app/clock.h"
#include "server/app/identity.h"
#include "server/app/metrics.h"
#include "server/app/peer.h"
#include "server/app/table/event_outbox.h"
#include "server/app/table/match_limits.h"
#include "server/app/table/match_runner.h"
#include "server/app/table/members.h"
#include "server/app/table/seating.h"
#include "server/app/table/serial_writes.h"
#include "server/app/table/series.h"
#include "server/app/table/table_listener.h"
#include "server/app/table/turn_plan.h"
#include "server/config/server_config.h"
#include "server/fairness/seed_commitment.h"
#include "server/storage/match_log.h"

namespace kafenio::server {

struct TableSettings {
  std::string table_id;
  std::string game;
  std::string preset;
  std::vector<std::string> options;
  std::string rules_text;
  int seats = 4;
  bool is_private = false;
  std::string invite_code;
  int turn_clock_ms = 30000;
  int series_matches = 0;         // 0: no limit
  std::int64_t table_number = 0;  // the store's number for it: names it in writes and draws
                                  // the series' first dealer
  bool rated = false;             // docs/ratings.md: registered players only; bots make it unrated
  // A tournament's table (docs/tournaments.md, "Running the rounds"): it waits for its
  // reserved players however long, plays out with bots alone, and ends its match at the
  // event's limits. Event 0: not a tournament table.
  std::int64_t tournament_id = 0;
  int tournament_round = 0;
  int tournament_table = 0;  // 1-based in the round
  MatchLimits limits;
  // Duplicate deals: hand h (1-based) is dealt from deal_seeds[h - 1] (the event's, the
  // same at every table of the round) instead of the server's own seed, and the series'
  // first dealer is the event's, so every table deals each hand from the same seat.
  std::vector<std::uint64_t> deal_seeds;
  std::optional<int> first_dealer;
};

// What every table of a server shares; it must outlive them.
struct TableServices {
  // The io_context's own executor type, not the erased any_io_executor: a table's strand
  // over it posts without allocating for the executor each time.
  boost::asio::io_context::executor_type executor;
  const ServerConfig& config;
  MatchLog& log;
  Metrics& metrics;
  Clock& clock;
  const fairness::ServerSecret& deal_secret;  // keys every hand's seed (docs/fairness.md)
  // Where bots think (docs/bots.md): a bounded pool off the I/O threads. Null: on the
  // table's strand, as unit tests without threads want it.
  BlockingWork* bots = nullptr;
};

// A seat kept for a named account before anyone connects (tournaments, a restart).
struct SeatReservation {
  int seat = 0;
  Identity who;  // account 0: a bot
  BotLevel bot_level = BotLevel::easy;
};

class Table : public std::enable_shared_from_this<Table> {
 public:
  using Executor = boost::asio::strand<boost::asio::io_context::executor_type>;

  // `listener` hears of the table's changes, matches and closing (the table directory).
  Table(const TableServices& services, TableListener& listener, TableSettings settings);

  const std::string& id() const { return settings_.table_id; }
  const TableSettings& settings() const { return settings_; }

  // Crash recovery, at start-up before the server takes connections: rebuilds the match
  // from its stored deals and moves (the same engine, so the same state and the same
  // sequence numbers players saw), then carries on: the next deal, the end of the match,
  // or the seat to act with a fresh turn clock. Players who come back get a snapshot.
  // Returns an error, empty on success; on error the table must be discarded.
  std::string Restore(const RecoveredMatch& recovered);
  // The same for a table that had no match live: its players are seated again as stored
  // (not ready: they confirm the next match when they are back) and the series goes on.
  // Nobody is connected yet, so the table waits empty_table_grace_ms for them.
  void RestoreSeating(const RecoveredTable& recovered);
  // The same while the server runs (a clustered node taking a table over, docs/scaling.md):
  // on the table's strand, so requests that reach it meanwhile wait. `done` gets Restore's
  // error (empty on success), on the strand.
  void AdoptMatch(RecoveredMatch recovered, std::function<void(std::string error)> done);
  void AdoptSeating(RecoveredTable recovered);
  // This node no longer holds the table (its lease passed; another node plays it now): it
  // stops at once without writing anything, and its members are sent `moved` (a
  // ClusterRedirect) to find it again.
  void Drop(std::shared_ptr<const v1::Envelope> moved);

  // Requests, each answered to `peer` with Ok, a specific reply or a typed Error.
  void Open(std::shared_ptr<Peer> peer, Identity who, std::string request_id);  // creator joins
  void Join(std::shared_ptr<Peer> peer, Identity who, std::string invite, std::int64_t match_id,
            std::int64_t last_seq, std::string request_id);
  void Sit(std::shared_ptr<Peer> peer, Identity who, int seat, std::string request_id);
  void Stand(std::shared_ptr<Peer> peer, Identity who, std::string request_id);
  void Leave(std::shared_ptr<Peer> peer, Identity who, std::string request_id);
  void SetReady(std::shared_ptr<Peer> peer, Identity who, bool ready, std::string request_id);
  // `admit_only_bots` is asked, at the moment of the change, when this bot fills the last
  // seat with no player at the table: why such a table may not be made, or nothing.
  using OnlyBotsGate = std::function<std::optional<std::string>()>;
  void AddBot(std::shared_ptr<Peer> peer, Identity who, int seat, std::string request_id,
              BotLevel level = BotLevel::easy, OnlyBotsGate admit_only_bots = {});
  void Reclaim(std::shared_ptr<Peer> peer, Identity who, std::string request_id);
  void PlayMove(std::shared_ptr<Peer> peer, Identity who, v1::Move move, std::int64_t expected_seq,
                std::string request_id);
  void Chat(std::shared_ptr<Peer> peer, Identity who, std::string text, std::string request_id);
  // The connection closed: it stops receiving; a seat it held stays its player's.
  void Detach(std::uint64_t peer_id);

  // For the server itself (tournaments, the console); `done` runs on the table's strand.
  // Seats named accounts (not ready) or bots between matches, as if they had sat down.
  void Reserve(std::vector<SeatReservation> seats, std::function<void(Refusal)> done);
  // Freezes the turn clocks and refuses moves (TABLE_PAUSED) until Resume; no match starts.
  // `applied` runs on the table's strand once the table is paused (or resumed), so a caller
  // that waits for it never reports the change before the table shows it.
  void Pause(std::string reason, std::function<void()> applied = {});
  void Resume(std::function<void()> applied = {});
  // A tournament's round time limit moved (the event was paused): hands end by it from now.
  void SetDeadline(std::int64_t deadline_ms);
  // Closes the table now: members are told why, a live match is abandoned. `closed` runs
  // on the strand once the table is closed (out of the directory and the lobby).
  void Close(std::string reason, std::function<void()> closed = {});
  // table_kick.cc: staff remove a player (the admin console). Their connections here are
  // told why (table_closed) and dropped; during a match a bot holds the seat to its end
  // (the player abandoned it), between matches the seat is freed. They may not join, sit
  // or reclaim here again (KICKED). `done` runs on the strand: NOT_AT_TABLE when they hold
  // no seat.
  void Kick(std::int64_t account_id, std::string reason, std::function<void(Refusal)> done);
  // table_watch.cc: the console watches (docs/admin.md). Each peer gets the view of its
  // audience (kSpectator: what a spectator sees; a seat number: that seat's hidden hand) as
  // the snapshot match event a member of it would get, sent once every event so far is
  // delivered, so nothing shows before it is durable. The table holds the peers weakly:
  // the caller keeps them until they are answered. `queued` runs on the strand first:
  // false when no match is live (nothing will be sent).
  void Peek(std::vector<std::pair<int, std::shared_ptr<Peer>>> looks,
            std::function<void(bool queued)> queued);

 private:
  template <class F>
  void OnStrand(F&& f) {
    boost::asio::post(strand_,
                      [self = shared_from_this(), f = std::forward<F>(f)]() mutable { f(*self); });
  }
  // table.cc: helpers, info, storage and closing.
  void Reply(const std::shared_ptr<Peer>& peer, std::shared_ptr<const v1::Envelope> message);
  void Fail(const std::shared_ptr<Peer>& peer, const std::string& request_id, const Refusal& why);
  // A request refused because what it changed could not be stored.
  static Refusal NotStored();
  // table_kick.cc: a request of a player staff removed from this table.
  static Refusal KickedOut();
  std::size_t AudienceOf(const Members::Member& member) const;
  v1::TableInfo Info() const;
  void PublishInfo();
  // Queues a write behind the table's earlier ones; `done` runs on the strand.
  void Write(SerialWrites::Issue issue, Then<WriteResult> done);
  // A write failed: a log line, the metric, and an error to the players at the table.
  void StorageFailed(const std::string& what, const WriteResult& result);
  // Stores who sits where (while no match is live; a live match's seats are its own) and
  // publishes it; if it cannot be stored, the seats go back to what is stored. `then` says
  // which.
  void SaveSeating(std::function<void(bool stored)> then);
  // Sets how the seat is held and, during a match, stores a change of it.
  void SetHold(int seat, const SeatHold& hold);
  // Sit, stand and add a bot: the seating rule, then the seating stored.
  void ChangeSeats(const std::shared_ptr<Peer>& peer, const std::string& request_id,
                   const std::function<Refusal()>& change);
  void MaybeClose();
  void CloseIfStillEmpty(std::uint64_t grace_generation);
  void CloseNow(const std::string& reason);

  // table_match.cc: the match.
  bool MatchBusy() const { return runner_.live() || starting_; }
  void MaybeStartMatch();
  void StartMatch();
  void OnMatchStored(const Written<std::int64_t>& stored, const MatchSpec& spec,
                     const std::vector<std::int64_t>& accounts);
  void DealHand();
  void SubmitMove(int seat, const v1::Move& move, bool by_server, std::optional<Ack> ack,
                  const std::shared_ptr<Peer>& mover);
  void FinishMatch();
  // The event's limits (hands, the round's time) end the match after the hand just ended.
  bool LimitReached() const;
  // The end of the match is stored: the series, the seats and the table move on.
  void MatchFinished(const MatchResultRecord& result);
  // The deadline for the seat to act, from now: 0 when no player is on the clock.
  std::int64_t TurnDeadlineFromNow() const;
  // Builds the event for every audience and queues it; `write` (when set) stores its log
  // entry, and the event (or any later one) is delivered only once that is durable.
  // `stored` runs once it is.
  void Emit(std::int64_t seq, const std::function<void(v1::MatchEvent&)>& fill,
            SerialWrites::Issue write = {}, std::optional<Ack> ack = std::nullopt,
            std::function<void()> stored = {});
  void StoreEvent(std::int64_t seq, const MatchEventRecord& record, std::optional<Ack> ack,
                  const std::function<void(v1::MatchEvent&)>& fill);
  void OnEventStored(std::int64_t seq, const WriteResult& result,
                     const std::function<void()>& stored);
  void Flush();
  void SendCatchUp(const std::shared_ptr<Peer>& peer, const Members::Member& member,
                   std::int64_t match_id, std::int64_t last_seq);
  void SendWaitingSnapshots();
  // table_turns.cc: after every delivered change, let a bot move or arm the turn clock.
  void ScheduleNext();
  // Whatever the match waits for: its end stored, the next deal, or the seat to act (after
  // a restart, or storage failing).
  void CarryOn();
  void BotStep(std::int64_t seq);
  void OnClock(std::int64_t seq);
  // Asks the seat's bot for its move, on the bot pool when there is one; the move is
  // submitted on the strand if the match is still where it was (`seq`) and a bot still
  // plays the seat (or stands in for its player, whose time ran out: `stand_in`).
  // The decision also carries how many times the seat had been given back to its player
  // (`returns`): one decided before the player took the seat back is dropped, even when the
  // match has not moved since (a stand-in still thinking while they reclaimed it).
  void ThinkForSeat(int seat, std::int64_t seq, bool stand_in);
  void BotMoveReady(int seat, std::int64_t seq, bool stand_in, std::uint64_t returns,
                    const v1::Move& move);
  // table_away.cc: players whose connections dropped during a match. Each seated player with
  // no connection here gets disconnect_grace_ms, then a bot holds the seat; coming back
  // (join_table) gives it back, as reclaim_seat does.
  void WatchAbsentPlayers();
  void AbsenceGraceOver(int seat, std::int64_t account_id);
  // A player who joins the table again takes back the seat a bot holds for them (unless
  // they left the table during the match: that needs reclaim_seat).
  void WelcomeBack(std::int64_t account_id);
  // The seat is its player's again: no bot, no timeouts; a bot decision under way for it is
  // dropped, and on their turn with no time left their clock starts afresh.
  void GiveSeatBack(int seat);

  Executor strand_;
  TableServices services_;
  TableListener& listener_;
  TableSettings settings_;
  const ServerConfig& config_;

  Seating seating_;
  Seating stored_seating_;  // as last stored: what a failed seating write goes back to
  Members members_;
  Series series_;
  MatchRunner runner_;
  EventOutbox outbox_;
  TurnClock turn_clock_;
  SerialWrites writes_;

  bool closed_ = false;
  bool dropped_ = false;  // Drop: nothing more is written
  bool paused_ = false;
  std::set<std::int64_t> kicked_;           // accounts staff removed (Kick)
  bool starting_ = false;                   // the match is being stored
  bool info_pending_ = false;               // a table change waits behind undelivered events
  bool step_scheduled_ = false;             // a bot's move is posted
  bool bot_thinking_ = false;               // a bot's decision is on the bot pool
  std::int64_t delivered_deadline_ms_ = 0;  // the turn deadline players were last sent
  std::unique_ptr<Alarm> turn_alarm_;
  // Waits for the players of a table nobody is connected to (MaybeClose); each wait has a
  // generation, so that one that ended just as a newer one began closes nothing.
  std::unique_ptr<Alarm> grace_alarm_;
  std::uint64_t grace_generation_ = 0;
  // Per seat: the disconnect grace of its absent player (WatchAbsentPlayers), and how many
  // times the seat was given back to its player (GiveSeatBack).
  std::array<std::unique_ptr<Alarm>, Seating::kMaxSeats> absence_alarms_;
  std::array<std::uint64_t, Seating::kMaxSeats> seat_returns_{};
};

}  // namespace kafenio::server
