#pragma once
// What the game server reads back about finished matches and ratings (issue 5): a player's
// match history, ratings and leaderboards, as GameStore returns them (game_store.h).
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace kafenio::server {

// One seat of a stored match, with the name its account had.
struct SeatSummary {
  int seat = 0;
  std::int64_t account_id = 0;  // 0 for a bot
  std::string name;             // "bot" for a bot
};

// What one rated match did to one player's rating.
struct RatingChange {
  std::string mode;
  double rating_before = 0;
  double rating_after = 0;
  double rd_after = 0;
};

// One match of a player's history.
struct MatchHistoryEntry {
  std::int64_t match_id = 0;
  std::string game;
  std::string rules;
  std::string state;  // "live", "finished" or "abandoned" (finished, one side abandoned)
  std::int64_t started_unix_ms = 0;
  std::int64_t finished_unix_ms = 0;  // 0 while live
  std::vector<SeatSummary> seats;
  int own_seat = 0;
  int own_team = 0;  // seat % 2: partners sit opposite
  int winner = -1;   // team, -1 while live or without a winner
  std::vector<int> totals;
  bool rated = false;
  std::optional<RatingChange> rating;      // rated matches only
  std::optional<std::string> void_reason;  // voided by staff: it counts for nothing
};

// A player's current rating in one mode.
struct RatingRecord {
  std::int64_t account_id = 0;
  std::string name;
  std::string mode;
  double rating = 1500;
  double rd = 350;
  double volatility = 0.06;
  int matches = 0;
  std::int64_t updated_unix_ms = 0;
};

// A player's rating in one mode after one rated match (a rating_history row).
struct RatingPoint {
  std::int64_t match_id = 0;
  double rating = 0;
  double rd = 0;
  double volatility = 0;
  std::int64_t time_unix_ms = 0;
};

}  // namespace kafenio::server
