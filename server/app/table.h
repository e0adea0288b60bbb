#pragma once
// One table: its seats, its members (players and spectators), its series of matches and
// the match in play. A table lives on its own strand; every public method posts there, so
// nothing inside needs a lock and one table never waits for another.
//
// The life of a move: Apply on the engine (refused -> typed error, nothing changes), then
// the event is built for every audience and handed to storage; only when storage reports
// it durable is it broadcast and the mover's request acknowledged (Emit/Flush below).
#include <array>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>
#include <chrono>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>

#include "server/app/metrics.h"
#include "server/app/peer.h"
#include "server/config/server_config.h"
#include "server/fairness/seed_commitment.h"
#include "server/game/game.h"
#include "server/storage/game_store.h"

namespace kafenio::server {

class Lobby;

struct Identity {
  std::int64_t account_id = 0;
  std::string name;
  bool guest = false;  // signed in as a guest: no seat at a rated table
};

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
  std::int64_t table_number = 0;  // the store's number for it: draws the first dealer
  bool rated = false;             // docs/ratings.md: registered players only; bots make it unrated
};

class Table : public std::enable_shared_from_this<Table> {
 public:
  using Executor = boost::asio::strand<boost::asio::any_io_executor>;
  // Called (on the table's strand) when the table has closed for good.
  using OnClosed = std::function<void(const std::string& table_id)>;

  // `deal_secret` keys every hand's seed (docs/fairness.md); it must outlive the table.
  Table(boost::asio::any_io_executor executor, TableSettings settings, const ServerConfig& config,
        GameStore& storage, Lobby& lobby, Metrics& metrics,
        const fairness::ServerSecret& deal_secret, OnClosed on_closed);

  const std::string& id() const { return settings_.table_id; }

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

  // Requests, each answered to `peer` with Ok, a specific reply or a typed Error.
  void Open(std::shared_ptr<Peer> peer, Identity who, std::string request_id);  // creator joins
  void Join(std::shared_ptr<Peer> peer, Identity who, std::string invite, std::int64_t match_id,
            std::int64_t last_seq, std::string request_id);
  void Sit(std::shared_ptr<Peer> peer, Identity who, int seat, std::string request_id);
  void Stand(std::shared_ptr<Peer> peer, Identity who, std::string request_id);
  void Leave(std::shared_ptr<Peer> peer, Identity who, std::string request_id);
  void SetReady(std::shared_ptr<Peer> peer, Identity who, bool ready, std::string request_id);
  void AddBot(std::shared_ptr<Peer> peer, Identity who, int seat, std::string request_id);
  void Reclaim(std::shared_ptr<Peer> peer, Identity who, std::string request_id);
  void PlayMove(std::shared_ptr<Peer> peer, Identity who, v1::Move move, std::int64_t expected_seq,
                std::string request_id);
  void Chat(std::shared_ptr<Peer> peer, Identity who, std::string text, std::string request_id);
  // The connection closed: it stops receiving; a seat it held stays its player's.
  void Detach(std::uint64_t peer_id);

 private:
  struct Seat {
    enum class Kind { empty, human, bot };
    Kind kind = Kind::empty;
    Identity who;
    bool ready = false;
    // Whether a bot plays the seat for its player, whether they left the table during the
    // match (unless they reclaim the seat it is given up when the match ends, and nobody
    // waits for them: MaybeClose), and their timeouts in a row. Changed through SetHold
    // while a match is live, so that a restart restores it.
    SeatHold hold;
    // Shown to the table: the player missed a turn or left during the match, and has not
    // played or reclaimed the seat since.
    bool Away() const { return hold.left || hold.timeouts > 0; }
    // A bot's seat: always ready, never held for anyone.
    static Seat Bot() { return Seat{Kind::bot, Identity{0, "bot"}, true, {}}; }
  };
  struct Member {
    PeerRef peer;
    Identity who;
  };
  // One event, built for each audience (seats 0..3, then spectators at index 4).
  static constexpr std::size_t kSpectator = 4;
  using Audiences = std::array<std::shared_ptr<const EncodedEnvelope>, 5>;
  struct Ack {
    PeerRef peer;
    std::string request_id;
    std::chrono::steady_clock::time_point received;
  };
  struct Pending {
    std::int64_t seq = 0;
    int hand = 0;  // the hand the views show
    Audiences audiences;
    bool durable = false;
    std::optional<Ack> ack;
  };
  struct ChatWindow {
    std::deque<std::chrono::steady_clock::time_point> sent;
  };

  template <class F>
  void OnStrand(F&& f) {
    boost::asio::post(strand_,
                      [self = shared_from_this(), f = std::forward<F>(f)]() mutable { f(*self); });
  }
  void Reply(const std::shared_ptr<Peer>& peer, std::shared_ptr<const v1::Envelope> message);
  void Fail(const std::shared_ptr<Peer>& peer, const std::string& request_id, v1::ErrorCode code,
            const std::string& message);
  int SeatOf(std::int64_t account_id) const;
  bool IsMember(std::uint64_t peer_id) const { return members_.count(peer_id) != 0; }
  void AddMember(const std::shared_ptr<Peer>& peer, const Identity& who);
  std::size_t AudienceOf(const Member& member) const;

  v1::TableInfo Info() const;
  void PublishInfo();
  void MaybeStartMatch();
  void StartMatch();
  void DealHand();
  // The deadline for the seat to act, from now: 0 when no human is on the clock.
  std::int64_t TurnDeadlineFromNow() const;
  // Sets how the seat is held and, during a match, stores a change of it.
  void SetHold(int seat, const SeatHold& hold);
  // Stores who sits where, while no match is live (a live match's seats are its own), so
  // that a restart between matches seats them again.
  void SaveSeating();
  // The seats taken for the next match, as stored.
  std::vector<TableSeatRecord> Seating() const;
  // The published commitment of `hand` (hex), empty when there is none.
  std::string CommitmentOf(int hand) const;
  void SubmitMove(int seat, const v1::Move& move, bool by_server, std::optional<Ack> ack,
                  const std::shared_ptr<Peer>& mover);
  void FinishMatch();
  // Whether the match about to start counts for ratings: a rated table, every seat a
  // registered player (bots and guests make it unrated).
  bool MatchIsRated() const;
  // The seat whose player abandoned the match now ending (a bot held it at the end:
  // they left, or ran out of time until a bot took over, and never reclaimed it), when
  // only one team has such seats; -1 otherwise (docs/ratings.md).
  int AbandonedBy() const;

  // Builds the event for every audience and queues it; `record` (when set) must be
  // durable before this or any later event is delivered.
  void Emit(const std::function<void(v1::MatchEvent&)>& fill,
            std::optional<MatchEventRecord> record, std::optional<Ack> ack = std::nullopt);
  void OnDurable(std::int64_t seq, bool ok);
  void SendWaitingSnapshots();
  void Flush();
  void SendCatchUp(const std::shared_ptr<Peer>& peer, const Member& member, std::int64_t match_id,
                   std::int64_t last_seq);

  // After every flushed change: let a bot move, or arm the turn clock.
  void ScheduleNext();
  void BotStep(std::int64_t seq);
  void OnClock(std::int64_t seq);
  void MaybeClose();
  void CloseIfStillEmpty(std::uint64_t grace_generation);
  void Close();

  Executor strand_;
  TableSettings settings_;
  const ServerConfig& config_;
  GameStore& storage_;
  Lobby& lobby_;
  Metrics& metrics_;
  const fairness::ServerSecret& deal_secret_;
  OnClosed on_closed_;
  boost::asio::steady_timer clock_;
  // Waits for the players of a table nobody is connected to (MaybeClose); each wait has a
  // generation, so that one that ended just as a newer one began closes nothing.
  boost::asio::steady_timer grace_;
  std::uint64_t grace_generation_ = 0;

  std::array<Seat, 4> seats_{};
  std::map<std::uint64_t, Member> members_;
  std::map<std::int64_t, ChatWindow> chat_;
  bool closed_ = false;

  // The series.
  int first_dealer_of_series_ = 0;
  int matches_played_ = 0;
  std::array<int, 2> series_score_{};

  // The match in play (or the last one, kept for its final view).
  std::unique_ptr<GameMatch> match_;
  bool match_live_ = false;
  std::int64_t match_id_ = 0;
  std::int64_t seq_ = 0;  // the last event's sequence number
  std::int64_t turn_deadline_ms_ = 0;
  // Fair shuffles: the hand in play's seed, salt and dealer (revealed when it ends), and
  // every hand's published commitment (index: hand number - 1).
  struct HandSeed {
    std::uint64_t seed = 0;
    std::string salt_hex;
    int dealer = 0;
  };
  HandSeed hand_seed_;
  std::vector<std::string> commitments_;
  int delivered_hand_ = 0;  // the hand of the last delivered event
  bool step_scheduled_ = false;
  bool info_pending_ = false;      // a table change waits behind undelivered events
  std::deque<Pending> outbox_;     // emitted, waiting for durability, in seq order
  std::deque<Audiences> history_;  // delivered events, the newest last
  struct SnapshotRequest {
    PeerRef peer;
    int audience;
  };
  std::vector<SnapshotRequest> snapshot_waiting_;  // sent once the outbox is empty
  std::int64_t history_first_seq_ = 1;
};

}  // namespace kafenio::server
