// GameStore's readers of finished matches and ratings (issue 5), on the storage
// readers LoadMatchRecord, MatchHistory, FindMatch, RatingHistory, FindRating and
// Leaderboard.
#include <algorithm>
#include <string>

#include "server/rating/rating_modes.h"
#include "server/storage/game_store.h"

namespace kafenio::server {
namespace {

std::string StateName(storage::MatchState state) {
  switch (state) {
    case storage::MatchState::live:
      return "live";
    case storage::MatchState::finished:
      return "finished";
    case storage::MatchState::abandoned:
      return "abandoned";
  }
  return "live";
}

// What this rated match did to the player: its rating_history row and the one before.
std::optional<RatingChange> ChangeOf(storage::Storage& storage, std::int64_t account_id,
                                     std::string_view mode, std::int64_t match_id) {
  const auto history = storage.RatingHistory(account_id, mode);
  double before = storage::Rating{}.rating;  // a new player's
  for (const auto& entry : history) {
    if (entry.match_id == match_id) {
      return RatingChange{std::string(mode), before, entry.rating, entry.rd};
    }
    before = entry.rating;
  }
  return std::nullopt;
}

}  // namespace

std::optional<std::string> GameStore::FinishedMatchRecord(std::int64_t match_id) {
  auto record = storage_->LoadMatchRecord(match_id);
  if (!record) return record;
  // A voided match's record says so in a comment, which readers of the format skip
  // (shared/record-format.md): the moves are as played, the result counts for nothing.
  std::vector<storage::MatchVoid> voids;
  storage_->ReadStaff([&](storage::StaffSql& sql) { voids = sql.MatchVoids({match_id}); });
  if (!voids.empty()) {
    std::string reason = voids.front().reason;
    std::replace(reason.begin(), reason.end(), '\n', ' ');
    std::replace(reason.begin(), reason.end(), '\r', ' ');
    *record = "# void: " + reason + "\n" + *record;
  }
  return record;
}

std::vector<MatchHistoryEntry> GameStore::MatchHistory(std::int64_t account_id, int limit,
                                                       std::int64_t before_match_id) {
  std::vector<MatchHistoryEntry> history;
  for (const storage::MatchSummary& summary :
       storage_->MatchHistory(account_id, limit, before_match_id)) {
    MatchHistoryEntry entry;
    entry.match_id = summary.match_id;
    entry.game = summary.game;
    entry.rules = summary.rules;
    entry.state = StateName(summary.state);
    entry.started_unix_ms = summary.created_ms;
    entry.finished_unix_ms = summary.finished_ms.value_or(0);
    entry.own_seat = summary.seat;
    entry.own_team = summary.seat % 2;
    entry.winner = summary.winner.value_or(-1);
    if (summary.state != storage::MatchState::live) {
      entry.totals = {summary.total[0], summary.total[1]};
    }
    entry.rated = summary.rated;
    if (const auto match = storage_->FindMatch(summary.match_id)) {
      for (std::size_t seat = 0; seat < match->seats.size(); ++seat) {
        const storage::SeatHolder& holder = match->seats[seat];
        SeatSummary out{static_cast<int>(seat), 0, holder.bot.empty() ? "bot" : holder.bot};
        if (holder.account_id) {
          out.account_id = *holder.account_id;
          if (const auto account = storage_->FindAccount(*holder.account_id)) {
            out.name = account->name;
          }
        }
        entry.seats.push_back(std::move(out));
      }
      const auto mode = rating::RatingMode(match->game, static_cast<int>(match->seats.size()));
      if (summary.rated && mode && summary.state != storage::MatchState::live) {
        entry.rating = ChangeOf(*storage_, account_id, *mode, summary.match_id);
      }
    }
    history.push_back(std::move(entry));
  }
  // Which of them staff voided (migration 0015).
  std::vector<std::int64_t> ids;
  for (const auto& entry : history) ids.push_back(entry.match_id);
  std::vector<storage::MatchVoid> voids;
  if (!ids.empty())
    storage_->ReadStaff([&](storage::StaffSql& sql) { voids = sql.MatchVoids(ids); });
  for (const auto& match_void : voids) {
    for (auto& entry : history) {
      if (entry.match_id == match_void.match_id) entry.void_reason = match_void.reason;
    }
  }
  return history;
}

std::vector<RatingRecord> GameStore::RatingsOf(std::int64_t account_id) {
  const auto account = storage_->FindAccount(account_id);
  std::vector<RatingRecord> ratings;
  for (const std::string_view mode : {rating::kDiloti1v1, rating::kDiloti2v2, rating::kPilotta}) {
    if (const auto found = storage_->FindRating(account_id, mode)) {
      ratings.push_back(RatingRecord{account_id, account ? account->name : std::string(),
                                     found->mode, found->rating, found->rd, found->volatility,
                                     found->matches, found->updated_ms});
    }
  }
  return ratings;
}

std::vector<RatingPoint> GameStore::RatingHistoryOf(std::int64_t account_id,
                                                    const std::string& mode) {
  std::vector<RatingPoint> points;
  for (const auto& entry : storage_->RatingHistory(account_id, mode)) {
    points.push_back(
        RatingPoint{entry.match_id, entry.rating, entry.rd, entry.volatility, entry.time_ms});
  }
  return points;
}

std::vector<RatingRecord> GameStore::Leaderboard(const std::string& mode, int limit) {
  std::vector<RatingRecord> board;
  for (const storage::LeaderboardEntry& entry : storage_->Leaderboard(mode, limit)) {
    RatingRecord record;
    record.account_id = entry.account_id;
    record.name = entry.name;
    record.mode = mode;
    record.rating = entry.rating;
    record.rd = entry.rd;
    record.matches = entry.matches;
    // The leaderboard reader leaves out volatility and time; the profile has them.
    if (const auto full = storage_->FindRating(entry.account_id, mode)) {
      record.volatility = full->volatility;
      record.updated_unix_ms = full->updated_ms;
    }
    board.push_back(std::move(record));
  }
  return board;
}

std::optional<ResultsStore::TournamentRows> GameStore::Tournament(std::int64_t tournament_id) {
  auto row = storage_->FindTournament(tournament_id);
  if (!row) return std::nullopt;
  return TournamentRows{std::move(*row), storage_->LoadTournamentLog(tournament_id)};
}

}  // namespace kafenio::server
