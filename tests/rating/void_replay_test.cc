// Voiding a rated match replays the ladder without it (server/rating/void_replay.h): the
// replay must equal rating the remaining matches from scratch, touch only matches whose
// players were affected (directly or through an opponent), and drop the match from counts.
#include <catch2/catch.hpp>

#include <map>

#include "server/rating/record_match_result.h"
#include "server/rating/void_replay.h"

namespace kafenio::rating {
namespace {

using storage::Match;
using storage::MatchResult;
using storage::Rating;
using storage::RatingHistoryRow;

constexpr const char* kMode = "diloti-1v1";

// A ladder built the way the server builds it: each match rated from the current ratings,
// its rows appended in seat order.
struct Ladder {
  std::map<std::int64_t, Rating> current;
  std::vector<RatingHistoryRow> rows;
  std::map<std::int64_t, RatedMatch> matches;

  void Play(std::int64_t match_id, std::int64_t seat0, std::int64_t seat1, int winner) {
    Match match;
    match.id = match_id;
    match.game = "diloti";
    match.rated = true;
    match.seats = {{seat0, "", {}}, {seat1, "", {}}};
    MatchResult result;
    result.match_id = match_id;
    result.winner = winner;
    result.finished_ms = match_id * 1000;
    std::vector<Rating> before;
    for (std::int64_t account : {seat0, seat1}) {
      before.push_back(current.try_emplace(account, Rating{account, kMode}).first->second);
    }
    for (const Rating& after : RatingsAfterMatch(match, result, before)) {
      current[after.account_id] = after;
      rows.push_back(RatingHistoryRow{static_cast<std::int64_t>(rows.size()) + 1, after.account_id,
                                      kMode, match_id, after.rating, after.rd, after.volatility,
                                      after.updated_ms});
    }
    matches.emplace(match_id, RatedMatch{match, result});
  }
};

VoidReplayInput InputVoiding(const Ladder& ladder, std::int64_t voided) {
  VoidReplayInput input;
  input.voided_match_id = voided;
  std::int64_t first = 0;
  for (const auto& row : ladder.rows) {
    if (row.match_id == voided && first == 0) first = row.id;
  }
  for (const auto& row : ladder.rows) {
    if (row.id < first) {
      input.before[row.account_id] = row;  // the last one before the window wins
    } else {
      input.window.push_back(row);
      if (row.match_id != voided)
        input.matches.emplace(row.match_id, ladder.matches.at(row.match_id));
      input.current[row.account_id] = ladder.current.at(row.account_id);
    }
  }
  return input;
}

TEST_CASE("voiding a match replays the ladder as if it was never played", "[rating][void]") {
  // Players 1..6. Match 11 is voided; 12 involves player 2 of it; 13 meets player 3, who
  // met 2 in match 12: affected through an opponent; 14 is among players 5 and 6 alone.
  Ladder played;
  played.Play(10, 1, 3, 1);
  played.Play(11, 1, 2, 0);
  played.Play(12, 2, 3, 0);
  played.Play(14, 5, 6, 1);
  played.Play(13, 3, 4, 1);

  Ladder without;  // the same matches but 11
  without.Play(10, 1, 3, 1);
  without.Play(12, 2, 3, 0);
  without.Play(14, 5, 6, 1);
  without.Play(13, 3, 4, 1);

  const VoidReplay replay = ReplayWithoutMatch(InputVoiding(played, 11));
  CHECK(replay.removed == std::vector<std::int64_t>{3, 4});
  CHECK(replay.matches_rerated == 2);  // 12 and 13; 14 stands
  for (const auto& row : replay.rerated) {
    CHECK(row.match_id != 14);
    const auto same = std::find_if(without.rows.begin(), without.rows.end(), [&](const auto& r) {
      return r.match_id == row.match_id && r.account_id == row.account_id;
    });
    REQUIRE(same != without.rows.end());
    CHECK(row.rating == Approx(same->rating).epsilon(1e-12));
    CHECK(row.rd == Approx(same->rd).epsilon(1e-12));
    CHECK(row.volatility == Approx(same->volatility).epsilon(1e-12));
  }
  CHECK(replay.rerated.size() == 4);
  std::map<std::int64_t, Rating> current;
  for (const auto& rating : replay.current) current[rating.account_id] = rating;
  CHECK(current.size() == 4);  // 1, 2, 3, 4; not 5 and 6
  for (std::int64_t account : {1, 2, 3, 4}) {
    INFO("player " << account);
    CHECK(current.at(account).rating == Approx(without.current.at(account).rating).epsilon(1e-12));
    CHECK(current.at(account).matches == without.current.at(account).matches);
    CHECK(current.at(account).updated_ms == without.current.at(account).updated_ms);
  }
  CHECK(replay.unrated.empty());
}

TEST_CASE("a player whose only rated match is voided is unrated again", "[rating][void]") {
  Ladder played;
  played.Play(1, 7, 8, 0);
  const VoidReplay replay = ReplayWithoutMatch(InputVoiding(played, 1));
  CHECK(replay.removed.size() == 2);
  CHECK(replay.current.empty());
  CHECK(replay.unrated.size() == 2);
}

TEST_CASE("a later match missing from the input is an error", "[rating][void]") {
  Ladder played;
  played.Play(1, 7, 8, 0);
  played.Play(2, 8, 9, 0);
  VoidReplayInput input = InputVoiding(played, 1);
  input.matches.clear();
  CHECK_THROWS_AS(ReplayWithoutMatch(input), std::invalid_argument);
}

}  // namespace
}  // namespace kafenio::rating
