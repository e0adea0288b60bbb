#include "server/rating/void_replay.h"

#include <algorithm>
#include <set>
#include <stdexcept>
#include <string>

#include "server/rating/record_match_result.h"

namespace kafenio::rating {
namespace {

// A player's rating as the replay goes: the last row's values and time.
struct Running {
  storage::Rating rating;
  bool rated = false;  // has a rated match so far
};

}  // namespace

VoidReplay ReplayWithoutMatch(const VoidReplayInput& input, const Glicko2Config& config) {
  VoidReplay out;
  // The window's matches in the order they were rated (their first row), with their rows.
  std::vector<std::int64_t> order;
  std::map<std::int64_t, std::vector<storage::RatingHistoryRow>> rows_of;
  for (const auto& row : input.window) {
    if (!rows_of.contains(row.match_id)) order.push_back(row.match_id);
    rows_of[row.match_id].push_back(row);
  }

  std::map<std::int64_t, Running> running;
  const auto state = [&](std::int64_t account, const std::string& mode) -> Running& {
    auto [it, fresh] = running.try_emplace(account);
    if (fresh) {
      it->second.rating = storage::Rating{account, mode};
      if (const auto before = input.before.find(account); before != input.before.end()) {
        const auto& row = before->second;
        it->second.rating.rating = row.rating;
        it->second.rating.rd = row.rd;
        it->second.rating.volatility = row.volatility;
        it->second.rating.updated_ms = row.time_ms;
        it->second.rated = true;
      }
    }
    return it->second;
  };

  std::set<std::int64_t> affected;
  std::set<std::int64_t> played_voided;
  for (const std::int64_t match_id : order) {
    const auto& rows = rows_of[match_id];
    if (match_id == input.voided_match_id) {
      for (const auto& row : rows) {
        out.removed.push_back(row.id);
        affected.insert(row.account_id);
        played_voided.insert(row.account_id);
        state(row.account_id, row.mode);  // from the row before the window
      }
      continue;
    }
    const bool touched = std::any_of(rows.begin(), rows.end(), [&](const auto& row) {
      return affected.contains(row.account_id);
    });
    if (!touched) {
      // Nobody whose rating changed played here: the rows stand as they are.
      for (const auto& row : rows) {
        Running& player = state(row.account_id, row.mode);
        player.rating.rating = row.rating;
        player.rating.rd = row.rd;
        player.rating.volatility = row.volatility;
        player.rating.updated_ms = row.time_ms;
        player.rated = true;
      }
      continue;
    }
    const auto found = input.matches.find(match_id);
    if (found == input.matches.end()) {
      throw std::invalid_argument("match " + std::to_string(match_id) + " is not given");
    }
    const RatedMatch& rated = found->second;
    std::vector<storage::Rating> before;
    for (const auto& seat : rated.match.seats) {
      if (!seat.account_id) {
        throw std::invalid_argument("match " + std::to_string(match_id) + " has a bot");
      }
      before.push_back(state(*seat.account_id, rows.front().mode).rating);
    }
    const auto after = RatingsAfterMatch(rated.match, rated.result, before, config);
    for (const auto& row : rows) {
      const auto seat = std::find_if(after.begin(), after.end(), [&](const storage::Rating& r) {
        return r.account_id == row.account_id;
      });
      if (seat == after.end()) {
        throw std::invalid_argument("player " + std::to_string(row.account_id) +
                                    " did not play match " + std::to_string(match_id));
      }
      storage::RatingHistoryRow changed = row;
      changed.rating = seat->rating;
      changed.rd = seat->rd;
      changed.volatility = seat->volatility;
      out.rerated.push_back(changed);
      Running& player = state(row.account_id, row.mode);
      player.rating.rating = changed.rating;
      player.rating.rd = changed.rd;
      player.rating.volatility = changed.volatility;
      player.rating.updated_ms = row.time_ms;
      player.rated = true;
      affected.insert(row.account_id);
    }
    ++out.matches_rerated;
  }

  for (const std::int64_t account : affected) {
    const Running& player = running.at(account);
    if (!player.rated) {
      out.unrated.push_back(account);
      continue;
    }
    storage::Rating rating = player.rating;
    const auto current = input.current.find(account);
    const int matches = current == input.current.end() ? 0 : current->second.matches;
    rating.matches = std::max(0, matches - (played_voided.contains(account) ? 1 : 0));
    out.current.push_back(rating);
  }
  return out;
}

}  // namespace kafenio::rating
