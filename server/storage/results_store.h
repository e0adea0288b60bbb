#pragma once
// Finished matches and ratings, read back for players (Store implements this over
// Storage). Reads block: the server makes them from its blocking-work pool.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "server/storage/result_records.h"
#include "server/storage/tournament_rows.h"

namespace kafenio::server {

class ResultsStore {
 public:
  virtual ~ResultsStore() = default;

  // The game record (shared/record-format.md) of a finished match; none while it is live.
  virtual std::optional<std::string> FinishedMatchRecord(std::int64_t match_id) = 0;
  // The account's matches, newest first; before_match_id pages backwards (0: the newest).
  virtual std::vector<MatchHistoryEntry> MatchHistory(std::int64_t account_id, int limit,
                                                      std::int64_t before_match_id) = 0;
  // The account's current rating in every mode it has played rated.
  virtual std::vector<RatingRecord> RatingsOf(std::int64_t account_id) = 0;
  // The account's rating in `mode` after each of its rated matches, oldest first.
  virtual std::vector<RatingPoint> RatingHistoryOf(std::int64_t account_id,
                                                   const std::string& mode) = 0;
  // Highest rating first.
  virtual std::vector<RatingRecord> Leaderboard(const std::string& mode, int limit) = 0;
  // A tournament's settings row and its log as stored (its standings, its verification:
  // server/app/tournament/); none: no such event.
  struct TournamentRows {
    storage::TournamentRow row;
    std::vector<storage::TournamentLogEntry> log;
  };
  virtual std::optional<TournamentRows> Tournament(std::int64_t tournament_id) = 0;
};

}  // namespace kafenio::server
