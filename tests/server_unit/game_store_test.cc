// GameStore, the server's one store over Storage (here SQLite in memory, as `--db memory`):
// writes complete on the caller's executor, conflicts are told apart from failures, the
// match log reads back for recovery, and results and ratings read back for players.
#include "server/storage/game_store.h"

#include <catch2/catch.hpp>
#include <thread>

#include "server/rating/glicko2.h"
#include "tests/server_unit/store_fixture.h"
#include "tests/storage/temp_dir.h"

namespace kafenio::server {
namespace {

using testing::StoreFixture;

// A match with a deal and one move, stored as a table stores it.
std::int64_t Start(StoreFixture& f, const std::string& game, std::vector<std::int64_t> seats,
                   bool rated) {
  MatchRecord match;
  match.game = game;
  match.rules = "online target=11";
  match.seat_accounts = std::move(seats);
  match.started_unix_ms = 1000;
  match.rated = rated;
  match.match_id = f.StoreMatch(match);
  MatchEventRecord deal;
  deal.match_id = match.match_id;
  deal.kind = MatchEventRecord::Kind::deal;
  deal.hand = 1;
  deal.seat = 1;
  deal.seed = 42;
  REQUIRE(f.Append(deal).ok());
  MatchEventRecord move;
  move.match_id = match.match_id;
  move.seq = 3;
  move.hand = 1;
  move.seat = 0;
  move.notation = "lay 8c";
  REQUIRE(f.Append(move).ok());
  return match.match_id;
}

WriteResult Finish(StoreFixture& f, std::int64_t match_id, int winner, int abandoned_by = -1) {
  MatchResultRecord result;
  result.match_id = match_id;
  result.winner = winner;
  result.totals = {11, 5};
  result.finished_unix_ms = 5000;
  result.abandoned_by = abandoned_by;
  result.record = "game diloti\nrules online target=11\nplayers 2\n";
  return f.Finish(result);
}

const rating::Glicko2Rating kNew{1500, 350, 0.06};

rating::Glicko2Rating After(double score) {
  const rating::Glicko2Game game{kNew, score};
  return rating::Glicko2Update(kNew, std::span(&game, 1));
}

TEST_CASE("writes complete on the caller's executor; a taken name is a conflict") {
  StoreFixture f;
  const auto io_thread = std::this_thread::get_id();
  std::optional<std::thread::id> answered_on;
  AccountRecord eleni{0, "Eleni", "hash", false, 1};
  const auto created =
      f.Wait<Written<AccountRecord>>([&](Executor ex, Then<Written<AccountRecord>> then) {
        f.store.CreateAccount(eleni, ex, [&, then](Written<AccountRecord> r) {
          answered_on = std::this_thread::get_id();
          then(std::move(r));
        });
      });
  CHECK(created.result.ok());
  CHECK(created.value.id > 0);
  CHECK(answered_on == io_thread);
  eleni.name = "ELENI";  // names ignore case
  const auto again =
      f.Wait<Written<AccountRecord>>([&](Executor ex, Then<Written<AccountRecord>> then) {
        f.store.CreateAccount(eleni, ex, then);
      });
  CHECK(again.result.conflict());
  CHECK(f.store.FindAccountByName("eleni")->id == created.value.id);
  // A session is found until it expires.
  REQUIRE(f.Wait([&](Executor ex, Then<WriteResult> then) {
             f.store.SaveSession(SessionRecord{"abc", created.value.id, 2000}, ex, then);
           }).ok());
  CHECK(f.store.FindSession("abc", 1999));
  CHECK_FALSE(f.store.FindSession("abc", 2000));
  REQUIRE(f.Wait([&](Executor ex, Then<WriteResult> then) {
             f.store.DeleteSession("abc", ex, then);
           }).ok());
  CHECK_FALSE(f.store.FindSession("abc", 0));
}

TEST_CASE("a write that breaks the data fails alone, as unavailable, and changes nothing") {
  StoreFixture f;
  MatchEventRecord move;
  move.match_id = 99;  // no such match
  move.seq = 2;
  const WriteResult refused = f.Append(move);
  CHECK_FALSE(refused.ok());
  CHECK_FALSE(refused.message.empty());
  CHECK(f.store.LoadUnfinishedMatches().empty());
}

TEST_CASE("a match's result comes with its table's series and seating for the next match") {
  kafenio::testing::TempDir dir;
  const std::string path = dir.File("kafenio.db");
  std::int64_t match_id = 0;
  {
    StoreFixture f;
    // A file this time: what a restart finds is read back from it.
    GameStore store(storage::OpenSqliteStorage(storage::SqliteOptions{path}));
    const auto player =
        f.Wait<Written<AccountRecord>>([&](Executor ex, Then<Written<AccountRecord>> then) {
           store.CreateAccount(AccountRecord{0, "eleni", "hash", false, 1}, ex, then);
         }).value.id;
    const auto table =
        f.Wait<Written<std::int64_t>>([&](Executor ex, Then<Written<std::int64_t>> then) {
           store.CreateTable(
               TableRecord{"t1", "diloti", "online", 2, false, "", 30000, player, 1, 3, false}, ex,
               then);
         }).value;
    REQUIRE(table > 0);
    REQUIRE(f.Wait([&](Executor ex, Then<WriteResult> then) {
               store.SaveTableSeats(
                   table, {TableSeatRecord{0, player, {}, false}, TableSeatRecord{1, 0, {}, false}},
                   ex, then);
             }).ok());
    match_id =
        f.Wait<Written<std::int64_t>>([&](Executor ex, Then<Written<std::int64_t>> then) {
           store.CreateMatch(MatchRecord{0, table, 1, "diloti", "online", 0, {player, 0}, 1, false},
                             ex, then);
         }).value;
    REQUIRE(match_id > 0);
    CHECK(store.LoadOpenTables().empty());  // the table comes back with its live match
    const auto live = store.LoadUnfinishedMatches();
    REQUIRE(live.size() == 1);
    CHECK(live[0].table.table_id == "t1");
    CHECK(live[0].table_number == table);
    CHECK(live[0].seat_names == std::vector<std::string>{"eleni", ""});

    // She gave her seat up: the next match seats only the bot.
    MatchResultRecord result;
    result.match_id = match_id;
    result.winner = 1;
    result.totals = {61, 40};
    result.finished_unix_ms = 2;
    result.record = "game diloti\n";
    result.table_number = table;
    result.series = SeriesRecord{1, {0, 1}};
    result.seats_after = {TableSeatRecord{1, 0, {}, false}};
    REQUIRE(f.Wait([&](Executor ex, Then<WriteResult> then) {
               store.FinishMatch(result, ex, then);
             }).ok());
  }
  GameStore store(storage::OpenSqliteStorage(storage::SqliteOptions{path}));
  CHECK(store.LoadUnfinishedMatches().empty());
  const auto open = store.LoadOpenTables();
  REQUIRE(open.size() == 1);
  CHECK(open[0].table.table_id == "t1");
  CHECK(open[0].series.matches_played == 1);
  CHECK(open[0].series.score == std::array<int, 2>{0, 1});
  REQUIRE(open[0].seats.size() == 1);
  CHECK(open[0].seats[0].seat == 1);
  CHECK(open[0].seats[0].account_id == 0);
  CHECK(store.FinishedMatchRecord(match_id) == "game diloti\n");
}

TEST_CASE("the match log reads back in sequence order with each hand's seed") {
  StoreFixture f;
  const auto anna = f.Player("anna");
  const auto match = Start(f, "diloti", {anna, 0}, false);
  const auto live = f.store.LoadUnfinishedMatches();
  REQUIRE(live.size() == 1);
  REQUIRE(live[0].events.size() == 2);
  CHECK(live[0].events[0].kind == MatchEventRecord::Kind::deal);
  CHECK(live[0].events[0].seed == 42);
  CHECK(live[0].events[0].seat == 1);
  CHECK(live[0].events[1].notation == "lay 8c");
  CHECK(live[0].events[1].seq == 3);
  CHECK(live[0].match.match_id == match);
  CHECK(live[0].hand_results_stored == 0);
  // A move that ends its hand stores the hand's result with it.
  MatchEventRecord last;
  last.match_id = match;
  last.seq = 4;
  last.hand = 1;
  last.seat = 1;
  last.notation = "lay 9c";
  last.hand_result = HandResultRecord{1, "hand 1 score 3 8 total 3 8"};
  REQUIRE(f.Append(last).ok());
  CHECK(f.store.LoadUnfinishedMatches()[0].hand_results_stored == 1);
}

TEST_CASE("a finished match's record is the one stored with its result") {
  StoreFixture f;
  const auto anna = f.Player("anna");
  const auto match = Start(f, "diloti", {anna, 0}, false);
  CHECK_FALSE(f.store.FinishedMatchRecord(match));  // live: no record yet
  REQUIRE(Finish(f, match, 0).ok());
  CHECK(f.store.FinishedMatchRecord(match) == "game diloti\nrules online target=11\nplayers 2\n");
  CHECK_FALSE(f.store.FinishedMatchRecord(match + 1));
}

TEST_CASE("a rated 1v1 match rates both players and shows in their history") {
  StoreFixture f;
  const auto anna = f.Player("anna");
  const auto petros = f.Player("petros");
  const auto match = Start(f, "diloti", {anna, petros}, true);
  REQUIRE(Finish(f, match, 1).ok());

  const auto won = After(1);
  const auto lost = After(0);
  const auto board = f.store.Leaderboard("diloti-1v1", 10);
  REQUIRE(board.size() == 2);
  CHECK(board[0].name == "petros");
  CHECK(board[0].rating == Approx(won.rating));
  CHECK(board[0].rd == Approx(won.rd));
  CHECK(board[1].name == "anna");
  CHECK(board[1].rating == Approx(lost.rating));
  CHECK(f.store.Leaderboard("diloti-1v1", 1).size() == 1);
  CHECK(f.store.Leaderboard("pilotta", 10).empty());

  const auto ratings = f.store.RatingsOf(anna);
  REQUIRE(ratings.size() == 1);
  CHECK(ratings[0].mode == "diloti-1v1");
  CHECK(ratings[0].matches == 1);
  CHECK(ratings[0].volatility == Approx(lost.volatility));

  const auto history = f.store.MatchHistory(anna, 10, 0);
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

TEST_CASE("bots make a match unrated; history pages newest first") {
  StoreFixture f;
  const auto anna = f.Player("anna");
  const auto first = Start(f, "diloti", {anna, 0}, true);  // a bot in seat 1
  REQUIRE(Finish(f, first, 0).ok());
  const auto second = Start(f, "pilotta", {anna, 0, 0, 0}, false);
  CHECK(f.store.RatingsOf(anna).empty());

  const auto newest = f.store.MatchHistory(anna, 1, 0);
  REQUIRE(newest.size() == 1);
  CHECK(newest[0].match_id == second);
  CHECK(newest[0].state == "live");
  CHECK(newest[0].winner == -1);
  CHECK(newest[0].seats[1].name == "bot");
  const auto older = f.store.MatchHistory(anna, 1, second);
  REQUIRE(older.size() == 1);
  CHECK(older[0].match_id == first);
  CHECK_FALSE(older[0].rating);
  CHECK(f.store.MatchHistory(anna, 1, first).empty());
}

TEST_CASE("abandoning a 2v2 match loses it for the whole team; a closed table's match too") {
  StoreFixture f;
  const std::vector<std::int64_t> seats{f.Player("a"), f.Player("b"), f.Player("c"), f.Player("d")};
  const auto match = Start(f, "diloti", seats, true);
  REQUIRE(Finish(f, match, 0, 2).ok());  // team 0 won on points, but seat 2 abandoned
  const auto lost = After(0);            // against a composite of two new players
  const auto won = After(1);
  for (std::size_t seat = 0; seat < seats.size(); ++seat) {
    const auto ratings = f.store.RatingsOf(seats[seat]);
    REQUIRE(ratings.size() == 1);
    CHECK(ratings[0].mode == "diloti-2v2");
    CHECK(ratings[0].rating == Approx(seat % 2 == 0 ? lost.rating : won.rating));
  }
  CHECK(f.store.MatchHistory(seats[0], 1, 0)[0].state == "abandoned");

  // A table that closes with its match live abandons it; no rating changes.
  const auto closed = Start(f, "diloti", {seats[0], seats[1]}, true);
  REQUIRE(f.Wait([&](Executor ex, Then<WriteResult> then) {
             f.store.AbandonMatch(closed, "game diloti\n", 9000, ex, then);
           }).ok());
  CHECK(f.store.MatchHistory(seats[0], 1, 0)[0].state == "abandoned");
  CHECK(f.store.LoadUnfinishedMatches().empty());
  CHECK(f.store.RatingsOf(seats[0])[0].matches == 1);
}

}  // namespace
}  // namespace kafenio::server
