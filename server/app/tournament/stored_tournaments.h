#pragma once
// The TournamentDirector over the store: every event's state in memory, as the fold of its
// stored log. Changes to one event are made one at a time: each request is checked against
// the state as stored, turned into log entries (with the round it makes due, published in
// the same transaction), written, and applied once durable; a failed write changes
// nothing. At start-up every event not finished is loaded from its log, so a kill -9 at any
// moment loses nothing acknowledged and changes no published pairing. Thread-safe.
#include <deque>
#include <functional>
#include <map>
#include <mutex>

#include "server/app/clock.h"
#include "server/app/identity.h"
#include "server/app/tournament/registration_desk.h"
#include "server/app/tournament/tournament_director.h"
#include "server/app/tournament/tournament_verify.h"
#include "server/storage/storage.h"

namespace kafenio::server {

// One event as it stands: its row, its state, how it is played and its registration desk.
struct TournamentSnapshot {
  storage::TournamentRow row;
  tournament::TournamentState state;
  EventOptions options;
  RegistrationDesk desk;
};

class StoredTournaments final : public TournamentDirector {
 public:
  // Loads every event that is registering or running (blocking reads: start-up only).
  StoredTournaments(storage::Storage& store, Clock& clock);

  void Create(std::int64_t director, NewTournament event, Executor executor,
              Then<TournamentAnswer> then) override;
  void AddEntrant(std::int64_t by, std::int64_t id, std::string name,
                  std::vector<std::int64_t> accounts, double rating, Executor executor,
                  Then<TournamentAnswer> then) override;
  void RemoveEntrant(std::int64_t by, std::int64_t id, tournament::EntrantId entrant,
                     bool disqualify, Executor executor, Then<TournamentAnswer> then) override;
  void Start(std::int64_t by, std::int64_t id, Executor executor,
             Then<TournamentAnswer> then) override;
  void RecordResult(std::int64_t id, int table, tournament::MatchResult result, Executor executor,
                    Then<TournamentAnswer> then) override;
  void ReplaceRound(std::int64_t by, std::int64_t id, tournament::PublishedRound round,
                    Executor executor, Then<TournamentAnswer> then) override;
  void EndEarly(std::int64_t by, std::int64_t id, Executor executor,
                Then<TournamentAnswer> then) override;
  void Arrange(std::int64_t by, std::int64_t id, tournament::TournamentEvent entry,
               Executor executor, Then<TournamentAnswer> then) override;

  std::optional<tournament::TournamentState> State(std::int64_t id) const override;
  std::optional<std::int64_t> DirectorOf(std::int64_t id) const override;

  // For the server running the rounds (tournament_runner.h).
  // Stores an entry of the server's own (a table opened, a match started, a pause) after
  // checking it fits the event as stored (kNotAllowed with why when not).
  void RecordEntry(std::int64_t id, tournament::TournamentEvent entry, Executor executor,
                   Then<TournamentAnswer> then);
  // Hears every change of an event once it is durable (on the storage writer's thread,
  // under this object's lock: it must only post). Set before any request.
  void SetObserver(std::function<void(std::int64_t id)> observer) {
    observer_ = std::move(observer);
  }
  // Every event loaded or created (registering, running or finished since).
  std::vector<std::int64_t> Ids() const;
  std::optional<storage::TournamentRow> Row(std::int64_t id) const;
  // stored_tournaments_desk.cc: the registration desk (partners' invitations, check-in).
  // `by` invites `invitee` as partner (events of pairs); the answer's id is the invitation.
  void Invite(const Identity& by, std::int64_t id, const Identity& invitee, std::string pair_name,
              Executor executor, Then<TournamentAnswer> then);
  // answer: "accepted" or "declined" (by the invitee), "cancelled" (by the inviter).
  // Accepting enters the pair with `rating` (the team's); the answer's id is the entrant.
  void AnswerInvitation(std::int64_t by, std::int64_t id, int invitation, std::string answer,
                        double rating, Executor executor, Then<TournamentAnswer> then);
  // A registered player checks in within the event's check-in window.
  void CheckIn(std::int64_t by, std::int64_t id, Executor executor, Then<TournamentAnswer> then);

  // In a cluster (docs/scaling.md, "Tournaments in a cluster") every node writes the
  // events' logs: the requests it is asked, the news of its tables. Refresh reads the
  // event's stored log (blocking: the cluster's follower thread calls it) and takes in the
  // entries other nodes wrote, or loads an event made elsewhere. A request whose entry
  // number another node took first (a conflict on the log's key) waits for the refresh
  // that the refresher is asked for, and is decided again against the log as it now is.
  void Refresh(std::int64_t id);
  void SetRefresher(std::function<void(std::int64_t id)> refresher) {
    refresher_ = std::move(refresher);
  }
  // The events not finished here, with how many log entries this node has of each.
  std::vector<std::pair<std::int64_t, std::int64_t>> KnownLengths() const;

  std::optional<TournamentSnapshot> Snapshot(std::int64_t id) const;
  // Events in memory in a state (registering, running), newest first.
  std::vector<TournamentSnapshot> InState(const std::string& state, int limit) const;
  // An event from memory or, for one finished before this start, from storage (blocking).
  std::optional<TournamentSnapshot> ReadSnapshot(std::int64_t id) const;
  // Finished events, newest first, from storage (blocking).
  std::vector<TournamentSnapshot> ReadFinished(int limit) const;

 private:
  // What a request adds to the log, decided against the stored state; a refusal instead
  // when it is not allowed. `answer_id` is what the answer carries.
  struct Change {
    TournamentAnswer refusal;
    std::vector<tournament::TournamentEvent> entries;
    std::int64_t answer_id = 0;
  };
  using Decide = std::function<Change(const tournament::TournamentState&)>;
  // The change that logs `entry` alone, or the rules' refusal of it (kNotAllowed).
  static Change EntryAlone(const tournament::TournamentState& state,
                           const tournament::TournamentEvent& entry);
  struct Request {
    Decide decide;
    Executor executor;
    Then<TournamentAnswer> then;
    int conflicts = 0;  // times its entry number was taken by another node
  };
  struct Event {
    storage::TournamentRow row;
    tournament::TournamentState state;
    EventOptions options;
    RegistrationDesk desk;
    std::int64_t entries = 0;   // stored so far
    std::deque<Request> queue;  // the front is being written when `writing`
    bool writing = false;
    bool stalled = false;         // the front request waits for a Refresh (a conflict)
    bool refresh_wanted = false;  // a Refresh came while writing: ask again after
  };
  // An event as its stored log gives it; none when the log cannot be read.
  static std::optional<Event> Loaded(std::optional<StoredTournamentLog> log);

  std::optional<std::int64_t> DirectorOfLocked(std::int64_t id) const;
  const Event* EventLocked(std::int64_t id) const;
  void Submit(std::int64_t id, Decide decide, Executor executor, Then<TournamentAnswer> then);
  // Takes the next request of an event and writes it (called with the mutex held).
  void Next(std::int64_t id, Event& event);
  void Written(std::int64_t id, const storage::WriteStatus& status,
               std::vector<tournament::TournamentEvent> entries, std::string new_state,
               std::int64_t answer_id);

  storage::Storage& store_;
  Clock& clock_;
  // Recursive: a write refused at once (storage closed) answers inside Enqueue.
  mutable std::recursive_mutex mutex_;
  std::map<std::int64_t, Event> events_;
  std::function<void(std::int64_t id)> observer_;
  std::function<void(std::int64_t id)> refresher_;
};

}  // namespace kafenio::server
