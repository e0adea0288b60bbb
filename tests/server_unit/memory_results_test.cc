// MemoryGameStore's results and ratings (`kafenio serve --db memory`): the same rules as
// the SQLite store, checked without a server.
#include <catch2/catch.hpp>

#include "server/rating/glicko2.h"
#include "server/storage/memory_game_store.h"

namespace kafenio::server {
namespace {

struct Fixture {
  MemoryGameStore store;
  int started_ = 0;

  std::int64_t Player(const std::string& name) {
    AccountRecord account;
    account.name = name;
    account.guest = false;
    return store.CreateAccount(account)->id;
  }
  // A match with a deal and one move, stored as the table stores it.
  std::int64_t Start(const std::string& game, std::vector<std::int64_t> seats, bool rated) {
    MatchRecord match;
    match.game = game;
    match.rules = "online target=11";
    match.seat_accounts = std::move(seats);
    match.started_unix_ms = 1000 + static_cast<std::int64_t>(++started_);
    match.rated = rated;
    match.match_id = store.SaveMatch(match);
    store.AppendEvent(MatchEventRecord{match.match_id, 1, "deal", 1, "42", false, 0, "", ""},
                      [](bool) {});
    store.AppendEvent(MatchEventRecord{match.match_id, 2, "move", 0, "0 lay 8c", false, 0, "", ""},
                      [](bool) {});
    return match.match_id;
  }
  void Finish(std::int64_t match_id, int winner, int abandoned_by = -1) {
    store.SaveMatchResult(MatchResultRecord{match_id, winner, {11, 5}, 5000, abandoned_by});
  }
};

const rating::Glicko2Rating kNew{1500, 350, 0.06};

rating::Glicko2Rating After(double score) {
  const rating::Glicko2Game game{kNew, score};
  return rating::Glicko2Update(kNew, std::span(&game, 1));
}

TEST_CASE_METHOD(Fixture, "a finished match's record is its header, deals and moves") {
  const auto anna = Player("anna");
  const auto match = Start("diloti", {anna, 0}, false);
  CHECK_FALSE(store.FinishedMatchRecord(match));  // live: no record yet
  Finish(match, 0);
  CHECK(store.FinishedMatchRecord(match) ==
        "game diloti\nrules online target=11\nplayers 2\nhand\ndealer 1\nseed 42\n0 lay 8c\n");
  CHECK_FALSE(store.FinishedMatchRecord(match + 1));
}

TEST_CASE_METHOD(Fixture, "a rated 1v1 match rates both players and shows in their history") {
  const auto anna = Player("anna");
  const auto petros = Player("petros");
  const auto match = Start("diloti", {anna, petros}, true);
  Finish(match, 1);

  const auto won = After(1);
  const auto lost = After(0);
  const auto board = store.Leaderboard("diloti-1v1", 10);
  REQUIRE(board.size() == 2);
  CHECK(board[0].name == "petros");
  CHECK(board[0].rating == Approx(won.rating));
  CHECK(board[0].rd == Approx(won.rd));
  CHECK(board[1].name == "anna");
  CHECK(board[1].rating == Approx(lost.rating));
  CHECK(store.Leaderboard("diloti-1v1", 1).size() == 1);
  CHECK(store.Leaderboard("pilotta", 10).empty());

  const auto ratings = store.RatingsOf(anna);
  REQUIRE(ratings.size() == 1);
  CHECK(ratings[0].mode == "diloti-1v1");
  CHECK(ratings[0].matches == 1);
  CHECK(ratings[0].volatility == Approx(lost.volatility));

  const auto history = store.MatchHistory(anna, 10, 0);
  REQUIRE(history.size() == 1);
  const MatchHistoryEntry& entry = history[0];
  CHECK(entry.match_id == match);
  CHECK(entry.state == "finished");
  CHECK(entry.own_seat == 0);
  CHECK(entry.own_team == 0);
  CHECK(entry.winner == 1);
  CHECK(entry.totals == std::vector<int>{11, 5});
  REQUIRE(entry.seats.size() == 2);
  CHECK(entry.seats[1].name == "petros");
  REQUIRE(entry.rating);
  CHECK(entry.rating->rating_before == 1500);
  CHECK(entry.rating->rating_after == Approx(lost.rating));
}

TEST_CASE_METHOD(Fixture, "bots make a match unrated; history pages newest first") {
  const auto anna = Player("anna");
  const auto first = Start("diloti", {anna, 0}, true);  // a bot in seat 1
  Finish(first, 0);
  const auto second = Start("pilotta", {anna, 0, 0, 0}, false);
  CHECK(store.RatingsOf(anna).empty());

  const auto newest = store.MatchHistory(anna, 1, 0);
  REQUIRE(newest.size() == 1);
  CHECK(newest[0].match_id == second);
  CHECK(newest[0].state == "live");
  CHECK(newest[0].winner == -1);
  CHECK(newest[0].seats[1].name == "bot");
  const auto older = store.MatchHistory(anna, 1, second);
  REQUIRE(older.size() == 1);
  CHECK(older[0].match_id == first);
  CHECK_FALSE(older[0].rating);
  CHECK(store.MatchHistory(anna, 1, first).empty());
}

TEST_CASE_METHOD(Fixture, "abandoning a 2v2 match loses it for the whole team") {
  const std::vector<std::int64_t> seats{Player("a"), Player("b"), Player("c"), Player("d")};
  const auto match = Start("diloti", seats, true);
  Finish(match, 0, 2);         // team 0 won on points, but seat 2 (team 0) abandoned
  const auto lost = After(0);  // against a composite of two new players: 1500 / 350
  const auto won = After(1);
  for (std::size_t seat = 0; seat < seats.size(); ++seat) {
    const auto ratings = store.RatingsOf(seats[seat]);
    REQUIRE(ratings.size() == 1);
    CHECK(ratings[0].mode == "diloti-2v2");
    CHECK(ratings[0].rating == Approx(seat % 2 == 0 ? lost.rating : won.rating));
  }
  CHECK(store.MatchHistory(seats[0], 1, 0)[0].state == "abandoned");
}

}  // namespace
}  // namespace kafenio::server
