#pragma once
// What the storage layer stores, as plain values. Times are Unix milliseconds; a seat's
// team is seat % 2 (partners sit opposite).
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace kafenio::storage {

struct Account {
  std::int64_t id = 0;
  std::string name;
  std::optional<std::string> password_hash;  // Argon2id string; none for guests
  std::int64_t created_ms = 0;
  // The name case-folded and mapped to its confusable skeleton (server/names/): unique.
  // None only for a row written before migration 0012, until the server fills it in.
  std::optional<std::string> name_key;
};

struct Session {
  std::string token_hash;  // a hash of the token, never the token itself
  std::int64_t account_id = 0;
  std::int64_t expires_ms = 0;
};

struct GameTable {
  std::int64_t id = 0;  // ignored when creating; the store assigns it
  std::string game;     // "diloti" or "pilotta"
  std::string rules;    // preset and options, as in a record's `rules` line
  int seats = 4;
  bool is_public = true;
  std::optional<std::string> invite_code;
  std::int64_t clock_ms = 30000;
  bool rated = false;  // rated or casual table
  std::int64_t created_ms = 0;
  std::optional<std::string> public_id;   // the server's name for it (migration 0004)
  int series_matches = 0;                 // matches in its series; 0: no limit
  std::optional<std::int64_t> closed_ms;  // when it closed for good (migration 0006)
};

struct Series {
  std::int64_t table_id = 0;
  int matches_played = 0;
  std::array<int, 2> score{};  // matches won by each team
};

// How a player holds their seat of a live match (migration 0005), so that a restart carries
// on as the table was. Always the default for a bot's seat.
struct SeatHold {
  bool bot_holding = false;  // a bot plays the seat for its player until they reclaim it
  bool left = false;         // they left the table during the match: the seat goes at its end
  int timeouts = 0;          // turns in a row that ran out
  friend bool operator==(const SeatHold&, const SeatHold&) = default;
};

// A seat holds an account or a bot.
struct SeatHolder {
  std::optional<std::int64_t> account_id;
  std::string bot;  // the bot's name when account_id is empty
  SeatHold hold;
  bool IsBot() const { return !account_id.has_value(); }
};

// Who sits in one seat of a table between matches (migration 0006): an account or a bot.
struct TableSeat {
  int seat = 0;
  std::optional<std::int64_t> account_id;  // none: a bot
  std::string bot = "bot";                 // the bot's stored name (its level) when a bot
  bool IsBot() const { return !account_id.has_value(); }
  friend bool operator==(const TableSeat&, const TableSeat&) = default;
};

// A table not closed and without a live match, with its seating and series: what a restart
// brings back besides the live matches.
struct OpenTable {
  GameTable table;
  std::vector<TableSeat> seats;  // the seats taken, by seat number
  Series series;
};

enum class MatchState { live, finished, abandoned };

struct Match {
  std::int64_t id = 0;  // ignored when creating; the store assigns it
  std::optional<std::int64_t> table_id;
  std::string game;
  std::string rules;
  std::vector<SeatHolder> seats;  // by seat number
  int first_dealer = 0;
  bool rated = false;
  MatchState state = MatchState::live;
  std::int64_t created_ms = 0;
  std::optional<std::int64_t> finished_ms;
};

// One hand's deal seed with its commitment (docs/fairness.md). The seed is stored from the
// start so a crashed match can be re-dealt; it may be shown to players only once revealed.
struct HandSeed {
  std::int64_t match_id = 0;
  int hand = 0;  // 1, 2, ... as in the record's "hand N"
  int dealer = 0;
  std::uint64_t seed = 0;
  std::string salt_hex;
  std::string commitment_hex;
  bool revealed = false;
};

// One accepted move. sequence numbers a match's events from 1 without gaps.
struct MoveEvent {
  std::int64_t match_id = 0;
  std::int64_t sequence = 0;
  int hand = 0;
  int seat = 0;
  std::string move;  // record-format notation without the seat: "play Jh"
  std::int64_t time_ms = 0;
};

struct HandResult {
  std::int64_t match_id = 0;
  int hand = 0;
  std::array<int, 2> score{};
  std::array<int, 2> total{};
  std::string breakdown;  // the record's "hand N ..." line
};

// MatchResult::abandoned_by for a match whose table closed with nobody left to play it.
inline constexpr int kAbandonedByTable = -1;

struct MatchResult {
  std::int64_t match_id = 0;
  std::optional<int> winner;  // team; none when abandoned without a winner
  std::array<int, 2> total{};
  std::optional<int> abandoned_by;  // the seat that left, or kAbandonedByTable
  std::string record;               // the game record (shared/record-format.md)
  std::int64_t finished_ms = 0;
};

struct Rating {
  std::int64_t account_id = 0;
  std::string mode;  // "diloti-1v1", "diloti-2v2" or "pilotta"
  double rating = 1500;
  double rd = 350;
  double volatility = 0.06;
  int matches = 0;
  std::int64_t updated_ms = 0;
};

// Everything needed to rebuild an unfinished match: replay each hand from its seed, then
// apply the events in sequence order.
struct UnfinishedMatch {
  Match match;
  std::vector<HandSeed> hands;   // by hand number
  std::vector<MoveEvent> moves;  // by sequence
  std::vector<HandResult> hand_results;
};

// One line of a player's match history.
struct MatchSummary {
  std::int64_t match_id = 0;
  std::string game;
  std::string rules;
  int seat = 0;
  MatchState state = MatchState::live;
  bool rated = false;
  std::optional<int> winner;
  std::array<int, 2> total{};
  std::int64_t created_ms = 0;
  std::optional<std::int64_t> finished_ms;
};

struct LeaderboardEntry {
  std::int64_t account_id = 0;
  std::string name;
  double rating = 0;
  double rd = 0;
  int matches = 0;
};

// One rated match's outcome for one player: the rating after it.
struct RatingHistoryEntry {
  std::int64_t match_id = 0;
  double rating = 0;
  double rd = 0;
  double volatility = 0;
  std::int64_t time_ms = 0;
};

}  // namespace kafenio::storage
