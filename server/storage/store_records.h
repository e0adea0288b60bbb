#pragma once
// The values the game server stores and reads back through its stores (account_store.h,
// match_log.h, results_store.h): accounts and sessions, tables, matches and their event
// log, and what crash recovery rebuilds from them. Plain values, no database types.
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "server/storage/rows.h"

namespace kafenio::server {

struct AccountRecord {
  std::int64_t id = 0;
  std::string name;
  std::string password_hash;  // crypto_pwhash_str (Argon2id) output; empty for guests
  bool guest = true;
  std::int64_t created_unix_ms = 0;
  std::string name_key;  // server/names/player_name.h: what makes a name unique
};

struct SessionRecord {
  std::string token_hash;  // hex SHA-256 of the token; the token itself is never stored
  std::int64_t account_id = 0;
  std::int64_t expires_unix_ms = 0;
};

struct TableRecord {
  std::string table_id;  // the server's public name for it
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
  std::int64_t table_number = 0;  // the store's number for its table (CreateTable)
  int match_number = 0;           // within the table's series, from 1
  std::string game;
  std::string rules;
  int first_dealer = 0;
  std::vector<std::int64_t> seat_accounts;  // 0 for a bot
  std::int64_t started_unix_ms = 0;
  // Counts for ratings: a rated table with a registered player in every seat.
  bool rated = false;
  // By seat: a bot's stored name, which says its level (bot_level.h); "" for a player.
  std::vector<std::string> seat_bots;
};

// The result of one finished hand: stored with the move that ended it, which also reveals
// the hand's seed (docs/fairness.md).
struct HandResultRecord {
  int hand_number = 0;
  std::string line;  // the record's "hand N ..." line
};

// One entry of a match's event log, in sequence order. A deal carries the hand's seed with
// its salt and commitment (docs/fairness.md); a move carries the record notation. Replaying
// deals and moves in order rebuilds the match.
struct MatchEventRecord {
  enum class Kind { deal, move };
  std::int64_t match_id = 0;
  std::int64_t seq = 0;
  Kind kind = Kind::move;
  int hand = 0;            // the hand dealt, or the hand the move belongs to
  int seat = -1;           // the mover; for deals, the dealer
  std::string notation;    // moves: record notation without the seat ("play Jh")
  bool by_server = false;  // moves: a bot or the clock played it
  std::int64_t unix_ms = 0;
  std::uint64_t seed = 0;                       // deals only
  std::string salt_hex;                         // deals only
  std::string commitment_hex;                   // deals only
  std::optional<HandResultRecord> hand_result;  // a move that ended its hand
};

// Who sits in one seat of a table between matches: an account or a bot.
struct TableSeatRecord {
  int seat = 0;
  std::int64_t account_id = 0;  // 0: a bot
  // Filled in when read back (LoadOpenTables; ignored when stored): the account's name,
  // and whether it is a guest's.
  std::string name;
  bool guest = false;
  std::string bot;  // a bot's stored name, which says its level (bot_level.h)
  friend bool operator==(const TableSeatRecord&, const TableSeatRecord&) = default;
};

struct SeriesRecord {
  int matches_played = 0;
  std::array<int, 2> score{};  // matches won by each team
};

struct MatchResultRecord {
  std::int64_t match_id = 0;
  int winner = -1;  // team
  std::array<int, 2> totals{};
  std::int64_t finished_unix_ms = 0;
  int abandoned_by = -1;  // a seat that abandoned the match (docs/ratings.md), or -1
  std::string record;     // the game record (shared/record-format.md)
  // The table after the match, stored in the same transaction as the result, so that a
  // restart never finds the result without them: its series so far and who sits there for
  // the next match (table_number 0: no table to update).
  std::int64_t table_number = 0;
  SeriesRecord series;
  std::vector<TableSeatRecord> seats_after;
};

// How a player holds a live match's seat (storage::SeatHold): who plays it and whether they
// left, kept so that a restart carries on as the table was.
using SeatHold = storage::SeatHold;

// Everything crash recovery needs to rebuild one unfinished match and its table: the
// table, the match with its players, and its event log (deals and moves) in sequence
// order. Replaying it through the engine gives back exactly the state whose events players
// were sent.
struct RecoveredMatch {
  TableRecord table;
  std::int64_t table_number = 0;  // 0: a match stored without a table
  MatchRecord match;
  std::vector<std::string> seat_names;  // by seat; "" for a bot
  std::vector<SeatHold> seat_holds;     // by seat, as last stored
  SeriesRecord series;
  std::vector<MatchEventRecord> events;  // deals and moves, by sequence
  int hand_results_stored = 0;           // hands whose result is already stored
};

// A table a restart brings back without a match: still open (not closed), no match live,
// and who sat where when it was last stored.
struct RecoveredTable {
  TableRecord table;
  std::int64_t table_number = 0;       // the store's number for it, as CreateTable returned
  std::vector<TableSeatRecord> seats;  // the seats taken, by seat number
  SeriesRecord series;
};

}  // namespace kafenio::server
