#pragma once
// What can be done to an event: the director's powers and the players' requests, as one
// C++ interface so that the protocol and the staff console call the same code. Every
// accepted change is stored (as entries of the event's log, in one transaction) before
// it is answered; a refused one changes nothing and says why.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "server/app/tournament/event_options.h"
#include "server/storage/store_completion.h"
#include "server/tournament/tournament_state.h"

namespace kafenio::server {

enum class TournamentRefusal : std::uint8_t {
  kNone,
  kNoSuchEvent,
  kNotDirector,       // a director's power asked by someone else
  kNotAllowed,        // not in the event's present state (started, finished, entry closed)
  kBadRequest,        // the request itself is wrong (no such entrant, table or round)
  kUnavailable,       // storage failed: nothing changed
  kEntryRefused,      // this player or pair may not enter (already in, partner taken)
  kNoSuchInvitation,  // no pending invitation of that number for the caller
};

struct TournamentAnswer {
  TournamentRefusal refusal = TournamentRefusal::kNone;
  std::string message;
  std::int64_t id = 0;  // Create: the new event's id; AddEntrant: the entrant's number
  bool ok() const { return refusal == TournamentRefusal::kNone; }
};

struct NewTournament {
  std::string name;
  std::string game;                     // diloti, pilotta
  tournament::TournamentConfig config;  // its seed is published with the event
  std::optional<std::int64_t> starts_ms;
  EventOptions options;  // stored in the settings column's "event_options" member
};

class TournamentDirector {
 public:
  virtual ~TournamentDirector() = default;

  // The creator directs the event.
  virtual void Create(std::int64_t director, NewTournament event, Executor executor,
                      Then<TournamentAnswer> then) = 0;
  // A registration (the player, or both of a pair) or the director adding an entrant;
  // after the start only while the event takes late entries.
  virtual void AddEntrant(std::int64_t by, std::int64_t id, std::string name,
                          std::vector<std::int64_t> accounts, double rating, Executor executor,
                          Then<TournamentAnswer> then) = 0;
  // A withdrawal (by one of the entrant's players, or the director) or a disqualification
  // (the director only). The entrant is paired no more; results stay.
  virtual void RemoveEntrant(std::int64_t by, std::int64_t id, tournament::EntrantId entrant,
                             bool disqualify, Executor executor, Then<TournamentAnswer> then) = 0;
  // Closes the field, seeds it and publishes the first round.
  virtual void Start(std::int64_t by, std::int64_t id, Executor executor,
                     Then<TournamentAnswer> then) = 0;
  // A match's result (from the tables); publishes the next round when this one is
  // complete, and ends the event after its last.
  virtual void RecordResult(std::int64_t id, int table, tournament::MatchResult result,
                            Executor executor, Then<TournamentAnswer> then) = 0;
  // The director replaces the current round's pairing by hand (before any result in it):
  // the round is stored again, marked as the director's.
  virtual void ReplaceRound(std::int64_t by, std::int64_t id, tournament::PublishedRound round,
                            Executor executor, Then<TournamentAnswer> then) = 0;
  virtual void EndEarly(std::int64_t by, std::int64_t id, Executor executor,
                        Then<TournamentAnswer> then) = 0;
  // The director arranges the field: a pair kept apart by the Swiss pairing, or lifted
  // (kPairForbidden, kPairAllowed), an entrant's seed for manual seeding before the start
  // (kRanked). Refused when the entry does not fit the event (tournament::Apply).
  virtual void Arrange(std::int64_t by, std::int64_t id, tournament::TournamentEvent entry,
                       Executor executor, Then<TournamentAnswer> then) = 0;

  // The event as stored now.
  virtual std::optional<tournament::TournamentState> State(std::int64_t id) const = 0;
  virtual std::optional<std::int64_t> DirectorOf(std::int64_t id) const = 0;
};

}  // namespace kafenio::server
