#pragma once
// What the game server keeps durably, as one small abstract class (namespace
// kafenio::server). SqliteGameStore puts it on the SQLite storage of issue 5
// (kafenio::storage::Storage, group commit); MemoryGameStore keeps it in the process, for
// tests and `--db memory`.
//
// Threading: every method may be called from any thread. Lookups and account/session
// writes are synchronous. Match events are the hot path: AppendEvent queues the event and
// calls `done` (on any thread) once it is durable, or with ok=false when it could not be
// stored. The server acknowledges and broadcasts a move only from that callback, so an
// accepted move is never seen by anyone before it is durable.
#include <array>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "server/storage/result_records.h"
#include "server/storage/rows.h"

namespace kafenio::server {

struct AccountRecord {
  std::int64_t id = 0;
  std::string name;
  std::string password_hash;  // crypto_pwhash_str (Argon2id) output; empty for guests
  bool guest = true;
  std::int64_t created_unix_ms = 0;
};

struct SessionRecord {
  std::string token_hash;  // hex SHA-256 of the token; the token itself is never stored
  std::int64_t account_id = 0;
  std::int64_t expires_unix_ms = 0;
};

struct TableRecord {
  std::string table_id;
  std::string game;
  std::string rules;  // canonical preset and options
  int seat_count = 0;
  bool is_private = false;
  std::string invite_code;
  int turn_clock_ms = 0;
  std::int64_t created_by = 0;
  std::int64_t created_unix_ms = 0;
  int series_matches = 0;  // 0: no limit
  bool rated = false;      // a rated table (docs/ratings.md); casual when false
};

struct MatchRecord {
  std::int64_t match_id = 0;
  std::string table_id;
  int match_number = 0;  // within the table's series, from 1
  std::string game;
  std::string rules;
  int first_dealer = 0;
  std::vector<std::int64_t> seat_accounts;  // 0 for a bot
  std::int64_t started_unix_ms = 0;
  // Counts for ratings: a rated table with a registered player in every seat.
  bool rated = false;
};

// One entry of a match's event log, in sequence order. kind "deal" carries the hand's
// seed (text: the decimal seed) with its salt and commitment (docs/fairness.md); kind
// "move" carries the record notation with the seat ("2 play Jh"). Replaying deals and
// moves in order rebuilds the match.
struct MatchEventRecord {
  std::int64_t match_id = 0;
  std::int64_t seq = 0;
  std::string kind;  // "deal" or "move"
  int seat = -1;     // the mover; for deals, the dealer
  std::string text;
  bool by_server = false;  // a bot or the clock played it
  std::int64_t unix_ms = 0;
  std::string salt_hex;        // deals only
  std::string commitment_hex;  // deals only
};

struct HandResultRecord {
  std::int64_t match_id = 0;
  int hand_number = 0;
  std::string line;  // the record's "hand N ..." line
};

// Who sits in one seat of a table between matches: an account or a bot.
struct TableSeatRecord {
  int seat = 0;
  std::int64_t account_id = 0;  // 0: a bot
  // Filled in by LoadOpenTables (ignored by SaveTableSeats): the account's name, and
  // whether it is a guest's.
  std::string name;
  bool guest = false;
};

struct SeriesRecord {
  std::string table_id;
  int matches_played = 0;
  std::array<int, 2> score{};  // matches won by each team
};

struct MatchResultRecord {
  std::int64_t match_id = 0;
  int winner = -1;  // team
  std::vector<int> totals;
  std::int64_t finished_unix_ms = 0;
  int abandoned_by = -1;  // a seat that abandoned the match (docs/ratings.md), or -1
  // The table after the match, stored in the same transaction as the result, so that a
  // restart never finds the result without them: its series so far (table_id empty: none)
  // and who sits there for the next match.
  SeriesRecord series;
  std::vector<TableSeatRecord> seats_after;
};

// How a player holds a live match's seat (storage::SeatHold): who plays it and whether they
// left, kept so that a restart carries on as the table was.
using SeatHold = storage::SeatHold;

// Everything crash recovery needs to rebuild one unfinished match and its table: the
// table, the match with its players, every hand's seed in order and every stored move in
// sequence order (each move tagged with its hand). Replaying them through the engine
// gives back exactly the state whose events players were sent.
struct RecoveredMatch {
  struct Deal {
    int hand = 0;
    int dealer = 0;
    std::uint64_t seed = 0;
    std::string salt_hex;
    std::string commitment_hex;
  };
  struct Move {
    std::int64_t seq = 0;
    int hand = 0;
    int seat = 0;
    std::string notation;  // without the seat
  };
  TableRecord table;
  MatchRecord match;
  std::vector<std::string> seat_names;  // by seat; "" for a bot
  std::vector<SeatHold> seat_holds;     // by seat, as last stored
  SeriesRecord series;
  std::vector<Deal> deals;
  std::vector<Move> moves;
  int hand_results_stored = 0;  // hands whose result is already stored
};

// A table a restart brings back without a match: still open (not closed), no match live,
// and who sat where when it was last stored.
struct RecoveredTable {
  TableRecord table;
  std::int64_t table_number = 0;       // the store's number for it, as SaveTable returned
  std::vector<TableSeatRecord> seats;  // the seats taken, by seat number
  SeriesRecord series;
};

class GameStore {
 public:
  using Done = std::function<void(bool ok)>;
  virtual ~GameStore() = default;

  // Accounts. CreateAccount fills in the id; it returns nullopt when the name is taken.
  virtual std::optional<AccountRecord> CreateAccount(AccountRecord account) = 0;
  virtual std::optional<AccountRecord> FindAccountByName(const std::string& name) = 0;
  virtual std::optional<AccountRecord> FindAccount(std::int64_t id) = 0;

  // Sessions, by token hash.
  virtual void SaveSession(const SessionRecord& session) = 0;
  virtual std::optional<SessionRecord> FindSession(const std::string& token_hash) = 0;
  virtual void DeleteSession(const std::string& token_hash) = 0;

  // Tables and matches.
  // Returns the store's number for the table (1, 2, 3, ... in creation order), 0 when it
  // could not be stored.
  virtual std::int64_t SaveTable(const TableRecord& table) = 0;
  // Stores a new match (match.match_id is ignored) once it is durable and returns the id
  // the store gave it, which is the match's id everywhere; 0 when it could not be stored.
  virtual std::int64_t SaveMatch(const MatchRecord& match) = 0;
  virtual void AppendEvent(const MatchEventRecord& event, Done done) = 0;
  // Queued behind the match's earlier writes; a restart restores the seat as last stored.
  virtual void SaveSeatHold(std::int64_t match_id, int seat, const SeatHold& hold) = 0;
  // Also reveals the hand's seed (docs/fairness.md).
  virtual void SaveHandResult(const HandResultRecord& result) = 0;
  // Stores the result, for a rated match every player's new rating, and the table's series
  // and seating after the match, in one transaction; returns once they are durable.
  virtual void SaveMatchResult(const MatchResultRecord& result) = 0;
  // Who sits at the table while no match is live there (the seats taken), queued behind
  // the table's earlier writes; a restart seats them again (LoadOpenTables).
  virtual void SaveTableSeats(const std::string& table_id,
                              const std::vector<TableSeatRecord>& seats) = 0;
  // The table has closed for good: a restart does not bring it back.
  virtual void CloseTable(const std::string& table_id) = 0;
  // The match will never finish (its table closed while it was live).
  virtual void AbandonMatch(std::int64_t match_id) = 0;

  // Crash recovery, at start-up: every match stored as live, with what rebuilds it.
  virtual std::vector<RecoveredMatch> LoadUnfinishedMatches() = 0;
  // And every table still open without a live match (a table with a live match comes back
  // with it), with who sat there.
  virtual std::vector<RecoveredTable> LoadOpenTables() = 0;

  // Results and ratings (issue 5). Match ids are the server's.
  // The game record (shared/record-format.md) of a finished match; none while it is live.
  virtual std::optional<std::string> FinishedMatchRecord(std::int64_t match_id) = 0;
  // The account's matches, newest first; before_match_id pages backwards (0: the newest).
  virtual std::vector<MatchHistoryEntry> MatchHistory(std::int64_t account_id, int limit,
                                                      std::int64_t before_match_id) = 0;
  // The account's current rating in every mode it has played rated.
  virtual std::vector<RatingRecord> RatingsOf(std::int64_t account_id) = 0;
  // Highest rating first.
  virtual std::vector<RatingRecord> Leaderboard(const std::string& mode, int limit) = 0;
};

}  // namespace kafenio::server
