// The queries the server needs: accounts, sessions, tables and series, match history,
// records and leaderboards, each read back through the Storage interface.
#include <catch2/catch.hpp>

#include "server/storage/storage_error.h"
#include "tests/storage/storage_fixture.h"

namespace kafenio::storage {
namespace {

using testing::StorageFixture;
using testing::Write;

TEST_CASE("accounts are found by name regardless of case, and names are unique", "[storage]") {
  StorageFixture fixture(GENERATE(KAFENIO_BACKENDS));
  const auto id = fixture.CreateAccount("Giorgos");
  REQUIRE(Write(*fixture.store, [&](WriteTransaction& tx) {
            tx.SetPasswordHash(id, "$argon2id$v=19$m=65536,t=2,p=1$abc$def");
          }).ok());
  const auto found = fixture.store->FindAccountByName("giorgos");
  REQUIRE(found);
  CHECK(found->id == id);
  CHECK(found->name == "Giorgos");
  CHECK(found->password_hash == "$argon2id$v=19$m=65536,t=2,p=1$abc$def");
  CHECK(fixture.store->FindAccount(id)->name == "Giorgos");
  CHECK_FALSE(fixture.store->FindAccountByName("nobody"));

  const auto duplicate = Write(*fixture.store, [](WriteTransaction& tx) {
    tx.CreateAccount(Account{0, "GIORGOS", std::nullopt, 2, {}});
  });
  CHECK_FALSE(duplicate.ok());
}

TEST_CASE("sessions are found by token hash until they expire", "[storage]") {
  StorageFixture fixture(GENERATE(KAFENIO_BACKENDS));
  const auto id = fixture.CreateAccount("maria");
  REQUIRE(Write(*fixture.store, [&](WriteTransaction& tx) {
            tx.PutSession(Session{"hash-a", id, 1000});
            tx.PutSession(Session{"hash-b", id, 5000});
          }).ok());
  CHECK(fixture.store->FindSession("hash-a", 999)->account_id == id);
  CHECK_FALSE(fixture.store->FindSession("hash-a", 1000));
  REQUIRE(Write(*fixture.store, [](WriteTransaction& tx) { tx.DeleteExpiredSessions(2000); }).ok());
  CHECK_FALSE(fixture.store->FindSession("hash-a", 0));
  REQUIRE(Write(*fixture.store, [](WriteTransaction& tx) { tx.DeleteSession("hash-b"); }).ok());
  CHECK_FALSE(fixture.store->FindSession("hash-b", 0));
}

TEST_CASE("tables keep their settings and series score", "[storage]") {
  StorageFixture fixture(GENERATE(KAFENIO_BACKENDS));
  GameTable table;
  table.game = "diloti";
  table.rules = "standard target=61";
  table.seats = 2;
  table.is_public = false;
  table.invite_code = "K7Q2";
  table.clock_ms = 20000;
  table.rated = true;
  table.created_ms = 42;
  std::int64_t id = 0;
  REQUIRE(Write(*fixture.store, [&](WriteTransaction& tx) { id = tx.CreateTable(table); }).ok());
  const auto stored = fixture.store->FindTable(id);
  REQUIRE(stored);
  CHECK(stored->game == "diloti");
  CHECK(stored->rules == "standard target=61");
  CHECK(stored->seats == 2);
  CHECK_FALSE(stored->is_public);
  CHECK(stored->invite_code == "K7Q2");
  CHECK(stored->clock_ms == 20000);
  CHECK(stored->rated);
  CHECK(fixture.store->FindSeries(id)->matches_played == 0);

  REQUIRE(Write(*fixture.store, [&](WriteTransaction& tx) {
            tx.PutSeries(Series{id, 3, {2, 1}});
          }).ok());
  const auto series = fixture.store->FindSeries(id);
  CHECK(series->matches_played == 3);
  CHECK(series->score == std::array<int, 2>{2, 1});
}

// A 2-player Diloti match between two accounts, seat 1 dealing first.
Match TwoPlayerMatch(std::int64_t seat0, std::int64_t seat1) {
  Match match;
  match.game = "diloti";
  match.rules = "standard";
  match.seats = {SeatHolder{seat0, "", {}}, SeatHolder{seat1, "", {}}};
  match.first_dealer = 1;
  match.created_ms = 10;
  return match;
}

TEST_CASE("a match's life: seeds, moves, results, record and history", "[storage]") {
  StorageFixture fixture(GENERATE(KAFENIO_BACKENDS));
  const auto eleni = fixture.CreateAccount("eleni");
  const auto nikos = fixture.CreateAccount("nikos");
  const Match match = TwoPlayerMatch(eleni, nikos);
  const auto id = fixture.CreateMatch(match);

  REQUIRE(Write(*fixture.store, [&](WriteTransaction& tx) {
            tx.PutHandSeed(HandSeed{id, 1, 1, 0xFEDCBA9876543210ULL, "00ff", "abcd", false});
            tx.AppendMove(MoveEvent{id, 1, 1, 0, "lay 8c", 11});
            tx.AppendMove(MoveEvent{id, 2, 1, 1, "capture 8d 8c", 12});
          }).ok());

  auto live = fixture.store->LoadUnfinishedMatches();
  REQUIRE(live.size() == 1);
  CHECK(live[0].match.id == id);
  CHECK(live[0].match.first_dealer == 1);
  REQUIRE(live[0].hands.size() == 1);
  CHECK(live[0].hands[0].seed == 0xFEDCBA9876543210ULL);  // all 64 bits survive
  CHECK_FALSE(live[0].hands[0].revealed);
  REQUIRE(live[0].moves.size() == 2);
  CHECK(live[0].moves[1].move == "capture 8d 8c");
  CHECK(live[0].moves[1].seat == 1);

  MatchResult result;
  result.match_id = id;
  result.winner = 1;
  result.total = {40, 61};
  result.record = "game diloti\nrules standard\n";
  result.finished_ms = 99;
  REQUIRE(Write(*fixture.store, [&](WriteTransaction& tx) {
            tx.RevealHandSeed(id, 1);
            tx.PutHandResult(
                HandResult{id, 1, {40, 61}, {40, 61}, "hand 1 done score 40 61 total 40 61"});
            tx.FinishMatch(result);
          }).ok());
  CHECK(fixture.store->LoadUnfinishedMatches().empty());
  CHECK(fixture.store->LoadHandSeeds(id)[0].revealed);
  CHECK(fixture.store->LoadMatchRecord(id) == result.record);
  CHECK(fixture.store->FindMatch(id)->state == MatchState::finished);
  CHECK(fixture.store->FindMatch(id)->finished_ms == 99);

  // A match cannot be finished twice.
  CHECK_FALSE(Write(*fixture.store, [&](WriteTransaction& tx) { tx.FinishMatch(result); }).ok());

  const auto second = fixture.CreateMatch(match);
  const auto history = fixture.store->MatchHistory(nikos, 10, 0);
  REQUIRE(history.size() == 2);
  CHECK(history[0].match_id == second);
  CHECK(history[0].state == MatchState::live);
  CHECK(history[1].match_id == id);
  CHECK(history[1].seat == 1);
  CHECK(history[1].winner == 1);
  CHECK(history[1].total == std::array<int, 2>{40, 61});
  const auto older = fixture.store->MatchHistory(nikos, 10, second);
  REQUIRE(older.size() == 1);
  CHECK(older[0].match_id == id);
}

TEST_CASE("how a player holds a live match's seat is stored and read back", "[storage]") {
  StorageFixture fixture(GENERATE(KAFENIO_BACKENDS));
  const auto eleni = fixture.CreateAccount("eleni");
  const auto nikos = fixture.CreateAccount("nikos");
  const auto id = fixture.CreateMatch(TwoPlayerMatch(eleni, nikos));

  // A new match's seats are held by their players.
  auto live = fixture.store->LoadUnfinishedMatches();
  REQUIRE(live.size() == 1);
  REQUIRE(live[0].match.seats.size() == 2);
  CHECK(live[0].match.seats[0].hold == SeatHold{});
  CHECK(live[0].match.seats[1].hold == SeatHold{});

  const SeatHold timed_out{.bot_holding = false, .left = false, .timeouts = 2};
  const SeatHold left{.bot_holding = true, .left = true, .timeouts = 1};
  REQUIRE(Write(*fixture.store, [&](WriteTransaction& tx) {
            tx.PutSeatHold(id, 0, timed_out);
            tx.PutSeatHold(id, 1, left);
          }).ok());
  live = fixture.store->LoadUnfinishedMatches();
  REQUIRE(live.size() == 1);
  CHECK(live[0].match.seats[0].hold == timed_out);
  CHECK(live[0].match.seats[1].hold == left);
  CHECK(live[0].match.seats[1].account_id == nikos);

  // A seat the match does not have is refused, and nothing changes.
  CHECK_FALSE(Write(*fixture.store, [&](WriteTransaction& tx) {
                tx.PutSeatHold(id, 0, SeatHold{});
                tx.PutSeatHold(id, 2, left);
              }).ok());
  CHECK_FALSE(
      Write(*fixture.store, [&](WriteTransaction& tx) { tx.PutSeatHold(id + 1, 0, left); }).ok());
  CHECK(fixture.store->LoadUnfinishedMatches()[0].match.seats[0].hold == timed_out);
}

TEST_CASE("who sits at an open table is stored until the table closes", "[storage]") {
  StorageFixture fixture(GENERATE(KAFENIO_BACKENDS));
  const auto eleni = fixture.CreateAccount("eleni");
  GameTable settings;
  settings.game = "diloti";
  settings.rules = "standard";
  settings.seats = 2;
  settings.public_id = "t1";
  std::int64_t waiting = 0;
  std::int64_t playing = 0;
  REQUIRE(Write(*fixture.store, [&](WriteTransaction& tx) {
            waiting = tx.CreateTable(settings);
            settings.public_id = "t2";
            playing = tx.CreateTable(settings);
          }).ok());
  Match match = TwoPlayerMatch(eleni, eleni);
  match.table_id = playing;
  fixture.CreateMatch(match);

  // A new table is open and seats nobody; one with a live match comes back with the match.
  auto open = fixture.store->LoadOpenTables();
  REQUIRE(open.size() == 1);
  CHECK(open[0].table.id == waiting);
  CHECK(open[0].table.public_id == std::optional<std::string>("t1"));
  CHECK(open[0].seats.empty());
  CHECK(open[0].series.matches_played == 0);

  // A bot's stored name says its level, and comes back as it was stored.
  const std::vector<TableSeat> seated{{0, eleni}, {1, std::nullopt}, {2, std::nullopt, "strong bot"}};
  REQUIRE(Write(*fixture.store, [&](WriteTransaction& tx) {
            tx.PutTableSeats(waiting, seated);
            tx.PutSeries(Series{waiting, 2, {1, 1}});
          }).ok());
  open = fixture.store->LoadOpenTables();
  REQUIRE(open.size() == 1);
  CHECK(open[0].seats == seated);
  CHECK(open[0].seats[1].IsBot());
  CHECK(open[0].series.score == std::array<int, 2>{1, 1});

  // Each write replaces the seating.
  REQUIRE(Write(*fixture.store, [&](WriteTransaction& tx) {
            tx.PutTableSeats(waiting, {TableSeat{1, eleni}});
          }).ok());
  CHECK(fixture.store->LoadOpenTables()[0].seats == std::vector<TableSeat>{{1, eleni}});

  // A table that does not exist is refused, and the batch changes nothing.
  CHECK_FALSE(Write(*fixture.store, [&](WriteTransaction& tx) {
                tx.PutTableSeats(waiting, seated);
                tx.PutTableSeats(playing + 1, seated);
              }).ok());
  CHECK_FALSE(
      Write(*fixture.store, [&](WriteTransaction& tx) { tx.CloseTable(playing + 1, 5); }).ok());
  CHECK(fixture.store->LoadOpenTables()[0].seats == std::vector<TableSeat>{{1, eleni}});

  // A closed table seats nobody and takes no seats again; closing twice keeps the first time.
  REQUIRE(Write(*fixture.store, [&](WriteTransaction& tx) { tx.CloseTable(waiting, 77); }).ok());
  REQUIRE(Write(*fixture.store, [&](WriteTransaction& tx) { tx.CloseTable(waiting, 99); }).ok());
  CHECK(fixture.store->LoadOpenTables().empty());
  CHECK(fixture.store->FindTable(waiting)->closed_ms == std::optional<std::int64_t>(77));
  CHECK_FALSE(fixture.store->FindTable(playing)->closed_ms);
  CHECK_FALSE(
      Write(*fixture.store, [&](WriteTransaction& tx) { tx.PutTableSeats(waiting, seated); }).ok());
  fixture.Reopen();
  CHECK(fixture.store->LoadOpenTables().empty());
}

TEST_CASE("moves after a sequence number are returned in order", "[storage]") {
  StorageFixture fixture(GENERATE(KAFENIO_BACKENDS));
  const auto id = fixture.CreateMatch(testing::BotMatch("pilotta", 4));
  REQUIRE(Write(*fixture.store, [&](WriteTransaction& tx) {
            for (int sequence = 5; sequence >= 1; --sequence) {
              tx.AppendMove(MoveEvent{id, sequence, 1, sequence % 4, "pass", sequence});
            }
          }).ok());
  const auto missed = fixture.store->LoadMoves(id, 2);
  REQUIRE(missed.size() == 3);
  CHECK(missed[0].sequence == 3);
  CHECK(missed[2].sequence == 5);
}

}  // namespace
}  // namespace kafenio::storage
