#pragma once
// An event as a fold over its stored log, and the next round as a pure function of that
// state: the server publishes what NextRound returns, stores it, and `kafenio tournament
// verify` replays the log to check that every published round is what NextRound gives for
// the log before it (a round the director replaced by hand is recorded as such).
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "server/tournament/knockout_bracket.h"
#include "server/tournament/tournament_config.h"
#include "server/tournament/tournament_types.h"

namespace kafenio::tournament {

enum class EntrantStatus : std::uint8_t { kRegistered, kWithdrawn, kDisqualified };

struct EntrantRecord {
  EntrantId id = 0;
  double rating = 0;
  int manual_rank = 0;
  EntrantStatus status = EntrantStatus::kRegistered;
  int first_round = 1;  // a late entrant's first round; the rounds before it were missed
  std::vector<std::int64_t> accounts;
  std::string name;
};

// One table of a published round. `bracket_match` names the knockout match it plays
// (-1 in Swiss, round robin and pools).
struct PublishedTable {
  Pairing pairing;
  int bracket_match = -1;
  std::optional<MatchResult> result;
  // The server's table for it, once opened (kTableOpened), and its match once started.
  std::string table_id;
  std::int64_t table_number = 0;
  std::int64_t match_id = 0;
};

struct PublishedRound {
  int round = 0;
  std::vector<PublishedTable> tables;
  std::vector<EntrantId> byes;  // Swiss: at most one; pools: one per pool of odd size
  bool by_hand = false;         // the director replaced a pairing in it
  // When it was published, and how long the event stood paused during it (the round's
  // time limit and no-show grace run from the one, moved on by the other).
  std::int64_t published_ms = 0;
  std::int64_t paused_ms = 0;
};

// Whether two rounds pair the same entrants at the same tables (results aside).
bool SamePairings(const PublishedRound& a, const PublishedRound& b);

// The log's entries. Each is stored as one row (server/app/tournament/ encodes them).
struct TournamentEvent {
  enum class Kind : std::uint8_t {
    kEntrantAdded,    // entrant, rating, manual_rank
    kEntrantRemoved,  // entrant; disqualified or withdrawn
    kStarted,         // the field is closed and seeded
    kRoundPublished,  // round
    kResult,          // result (of table `table` of round result.round)
    kFinished,
    kRoundReplaced,  // round: the director's pairing for the current round, before results
    // The server running the rounds (none of these changes a pairing or a standing):
    kTableOpened,   // round_number, table: the table opened for it (table_id, table_number)
    kMatchStarted,  // round_number, table: its match (match_id)
    kPaused,        // the director paused every table of the event (reason)
    kResumed,
    // The registration desk (server/app/tournament/registration_desk.h); pairing and
    // standings do not depend on them, so Apply takes them as they are.
    kInvited,             // entrant: the invitation's number; accounts: inviter, invitee;
                          // name: the pair's name
    kInvitationAnswered,  // entrant: the invitation's number; name: accepted, declined,
                          // cancelled
    kCheckedIn,           // accounts: the player who checked in
    // The director's arrangements of the field:
    kPairForbidden,  // entrant, other: kept apart by the Swiss pairing where possible
    kPairAllowed,    // entrant, other: a forbidden pair lifted
    kRanked,         // entrant, manual_rank: its seed for manual seeding (before the start)
  };
  Kind kind = Kind::kEntrantAdded;
  EntrantId entrant = 0;
  EntrantId other = 0;  // kPairForbidden, kPairAllowed: the second entrant
  double rating = 0;
  int manual_rank = 0;
  // Who plays as the entrant (a player, or both of a pair; 0: a bot) and its name; the
  // pairing does not depend on them.
  std::vector<std::int64_t> accounts;
  std::string name;
  std::vector<std::string> names;  // kInvited: the inviter's and the invitee's names
  bool disqualified = false;
  PublishedRound round;
  int table = 0;
  MatchResult result;
  int round_number = 0;
  std::string table_id;
  std::int64_t table_number = 0;
  std::int64_t match_id = 0;
  std::string reason;
  std::int64_t at_ms = 0;  // when it was stored (the log row's time)
};

struct TournamentState {
  TournamentConfig config;
  std::vector<EntrantRecord> entrants;  // in registration order
  std::vector<EntrantId> seed_order;    // fixed at the start
  std::vector<PublishedRound> rounds;
  bool started = false;
  bool finished = false;
  bool paused = false;  // by the director: every table of the event stands still
  std::int64_t paused_since_ms = 0;
  std::string pause_reason;  // the director's, while paused (every node tells it)

  const EntrantRecord* FindEntrant(EntrantId id) const;
  bool Active(EntrantId id) const;
  // Every result so far (byes included), in round order.
  std::vector<MatchResult> Results() const;
  bool RoundComplete(const PublishedRound& round) const;
};

// Applies one event; returns an error (empty when applied) for an event that does not fit
// the state (a result for a table that does not exist, a round published twice).
std::string Apply(TournamentState& state, const TournamentEvent& event);

TournamentState Replay(const TournamentConfig& config, const std::vector<TournamentEvent>& log);

// The round to publish now, if any: nothing while the current round is being played, nor
// when the event is over (then EventComplete is true).
std::optional<PublishedRound> NextRound(const TournamentState& state);
bool EventComplete(const TournamentState& state);

// The knockout bracket of the state's knockout stage (the whole event in single or
// double elimination; after the pools in pools-then-knockout), with its seed order;
// nothing before that stage starts.
struct KnockoutStage {
  KnockoutBracket bracket;
  std::vector<EntrantId> seeded;
  std::vector<ResolvedMatch> resolved;
};
std::optional<KnockoutStage> CurrentKnockout(const TournamentState& state);

// The final (or current) standings: by tie-breaks for Swiss, round robin and pools; by
// knockout places (then tie-breaks) for knockouts.
std::vector<StandingRow> CurrentStandings(const TournamentState& state);

// Replays the log and checks that every published round not marked by hand equals
// NextRound of the state before it. One line per difference; empty when all agree.
std::vector<std::string> VerifyLog(const TournamentConfig& config,
                                   const std::vector<TournamentEvent>& log);

}  // namespace kafenio::tournament
