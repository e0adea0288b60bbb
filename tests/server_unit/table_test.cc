// Tables driven directly, without a network: durability before delivery, restores after a
// restart, the seating between matches and a series of matches.
#include <catch2/catch.hpp>

#include "server/fairness/seed_commitment.h"
#include "tests/server_unit/table_harness.h"

namespace kafenio::server {
namespace {

using testing::PilottaTable;
using testing::RecordingPeer;
using testing::TableHarness;

struct Fixture : TableHarness {
  Fixture() { me = Identity{Player("me"), "me", false}; }
  // Seats `me` in seat 0 with bots in the others, ready: the match starts.
  std::shared_ptr<server::Table> StartPilotta(const std::string& id) {
    auto table = NewTable(PilottaTable(id));
    table->Open(peer, me, "open");
    for (int seat = 1; seat < 4; ++seat) {
      table->AddBot(peer, me, seat, "bot" + std::to_string(seat));
    }
    table->Sit(peer, me, 0, "sit");
    table->SetReady(peer, me, true, "ready");
    Settle();
    return table;
  }
  // Another table object for a table as a restart rebuilds it.
  std::shared_ptr<server::Table> Rebuilt(TableSettings settings, TableListener& listener) {
    return std::make_shared<server::Table>(
        TableServices{io.get_executor(), config, log, metrics, clock, secret}, listener,
        std::move(settings));
  }

  std::shared_ptr<RecordingPeer> peer = Peer(1);
  Identity me;
};

TEST_CASE_METHOD(Fixture,
                 "no event is seen and no move acknowledged before storage says it is durable") {
  log.hold = true;
  auto table = StartPilotta("t1");
  // The match started (stored before it began) and the deal waits for storage.
  REQUIRE(peer->LastSeq() == 1);
  REQUIRE(log.held() == 1);
  CHECK(log.held_event(0).kind == MatchEventRecord::Kind::deal);

  // Let the bots play until it is our turn.
  for (int guard = 0; guard < 100; ++guard) {
    log.Release();
    Settle();
    const auto events = peer->Events();
    if (log.held() == 0 && events.back()->view().pilotta().to_act() == 0) break;
  }
  const auto* last = peer->Events().back();
  REQUIRE(last->view().pilotta().to_act() == 0);
  const std::int64_t seq = last->seq();

  // Someone else's turn? No: a wrong seat's move is refused and nothing is stored. The
  // move is not a pass: after three passing bots it would end the auction and store the
  // redeal too.
  v1::Move move;
  for (const v1::Move& legal : last->view().pilotta().legal_moves()) {
    move = legal;
    if (legal.notation() != "pass") break;
  }
  REQUIRE(move.notation() != "pass");
  move.clear_seat();
  table->PlayMove(peer, Identity{99, "stranger", false}, move, 0, "stranger");
  Settle();
  CHECK(peer->ReplyTo("stranger")->error().code() == v1::NOT_YOUR_SEAT);
  CHECK(log.held() == 0);

  table->PlayMove(peer, me, move, 0, "mine");
  Settle();
  CHECK(log.held() == 1);
  CHECK(peer->LastSeq() == seq);       // not broadcast yet
  CHECK(peer->IndexOf("mine") == -1);  // not acknowledged yet

  log.Release();
  Settle();
  CHECK(peer->LastSeq() > seq);
  const int ack = peer->IndexOf("mine");
  REQUIRE(ack >= 0);
  // The acknowledgement is the move's own event, answered to the request.
  const auto& reply = *peer->received[static_cast<std::size_t>(ack)];
  REQUIRE(reply.has_match_event());
  CHECK(reply.match_event().seq() == seq + 1);
  const auto stored = store.LoadUnfinishedMatches();
  REQUIRE(stored.size() == 1);
  CHECK(stored[0].events.back().seat == 0);
  CHECK(stored[0].events.back().notation == move.notation());
}

TEST_CASE_METHOD(Fixture, "a restart restores a bot holding the seat of a player who left") {
  log.hold = true;
  auto table = StartPilotta("t1");
  REQUIRE(peer->LastSeq() == 1);  // started; the deal waits for storage

  // She leaves during the match: a bot holds her seat, and that is stored at once.
  table->Leave(peer, me, "leave");
  Settle();
  auto unfinished = store.LoadUnfinishedMatches();
  REQUIRE(unfinished.size() == 1);
  REQUIRE(unfinished[0].seat_holds.size() == 4);
  CHECK(unfinished[0].seat_holds[0] == SeatHold{.bot_holding = true, .left = true, .timeouts = 0});
  CHECK(unfinished[0].seat_holds[1] == SeatHold{});

  // The server stops before the deal is stored; a new one rebuilds the table. Her turn
  // clock is a minute (and the clock does not move), so only a bot holding her seat lets
  // the match finish here, and only her having left lets the table close as it ends.
  log.Drop();
  log.hold = false;
  testing::ReportedNews restart;
  TableSettings settings = PilottaTable("t2");
  settings.table_number = unfinished[0].table_number;
  auto restored = Rebuilt(settings, restart);
  REQUIRE(restored->Restore(unfinished[0]).empty());
  Settle();
  CHECK(restart.closed.size() == 1);
  REQUIRE(restart.finished.size() == 1);
  CHECK(restart.finished[0].abandoned_by == 0);
  CHECK(store.FinishedMatchRecord(unfinished[0].match.match_id));
  const auto history = store.MatchHistory(me.account_id, 1, 0);
  REQUIRE(history.size() == 1);
  CHECK(history[0].state == "abandoned");  // she left and never came back (docs/ratings.md)
}

TEST_CASE_METHOD(Fixture, "between matches the seating is stored, and a restart seats it again") {
  auto table = NewTable(PilottaTable("t1"));
  const std::int64_t number = table->settings().table_number;
  table->Open(peer, me, "open");
  table->Sit(peer, me, 2, "sit");
  for (int seat : {0, 1, 3}) table->AddBot(peer, me, seat, "bot" + std::to_string(seat));
  table->Stand(peer, me, "stand");
  Settle();
  for (const char* request : {"sit", "bot0", "bot1", "bot3", "stand"}) {
    CHECK(peer->ReplyTo(request)->has_ok());
  }
  auto open = store.LoadOpenTables();
  REQUIRE(open.size() == 1);
  CHECK(open[0].seats.size() == 3);  // the bots
  table->Sit(peer, me, 2, "sit again");
  Settle();
  open = store.LoadOpenTables();
  REQUIRE(open.size() == 1);
  CHECK(open[0].table_number == number);
  std::vector<std::pair<int, std::int64_t>> seats;
  for (const TableSeatRecord& seat : open[0].seats) seats.emplace_back(seat.seat, seat.account_id);
  CHECK(seats ==
        std::vector<std::pair<int, std::int64_t>>{{0, 0}, {1, 0}, {2, me.account_id}, {3, 0}});
  CHECK(open[0].seats[2].name == "me");

  // Two matches of the series were played before the server stopped; the second one's
  // result stored the series with the seating.
  MatchResultRecord result;
  result.match_id = StoreMatch(MatchRecord{
      0, number, 2, "pilotta", "cyprus target=51", 1, {0, 0, me.account_id, 0}, 1, false});
  result.winner = 1;
  result.totals = {51, 30};
  result.table_number = number;
  result.series = SeriesRecord{2, {1, 1}};
  result.seats_after = open[0].seats;
  REQUIRE(Finish(result).ok());
  open = store.LoadOpenTables();
  REQUIRE(open.size() == 1);
  TableSettings settings = PilottaTable("t1");
  settings.table_number = number;
  testing::ReportedNews restart;
  auto restored = Rebuilt(settings, restart);
  restored->RestoreSeating(open[0]);
  Settle();
  CHECK(restart.closed.empty());  // waiting the grace for its player

  // She comes back: her seat is hers, not ready; once she is, the series' third match
  // starts with the third dealer in turn.
  auto back = Peer(2);
  restored->Join(back, me, "", 0, 0, "join");
  restored->SetReady(back, me, true, "ready");
  Settle();
  CHECK(back->ReplyTo("ready")->has_ok());
  const auto events = back->Events();
  REQUIRE_FALSE(events.empty());
  REQUIRE(events[0]->has_match_started());
  CHECK(events[0]->match_started().first_dealer() ==
        (fairness::FirstDealer(secret, number, 4) + 2) % 4);
  CHECK(events[0]->match_started().match_number() == 3);
  const auto live = store.LoadUnfinishedMatches();
  REQUIRE(live.size() == 1);
  CHECK(live[0].match.seat_accounts == std::vector<std::int64_t>{0, 0, me.account_id, 0});
  CHECK(live[0].series.matches_played == 2);
  CHECK(store.LoadOpenTables().empty());  // the table comes back with its match now
}

TEST_CASE_METHOD(Fixture, "a restored table nobody comes back to closes, and stays closed") {
  config.empty_table_grace_ms = 0;
  auto table = NewTable(PilottaTable("t1"));
  table->Open(peer, me, "open");
  table->Sit(peer, me, 0, "sit");
  Settle();
  auto open = store.LoadOpenTables();
  REQUIRE(open.size() == 1);
  REQUIRE(open[0].seats.size() == 1);

  testing::ReportedNews restart;
  TableSettings settings = PilottaTable("t1");
  settings.table_number = table->settings().table_number;
  auto restored = Rebuilt(settings, restart);
  restored->RestoreSeating(open[0]);
  Settle();
  CHECK(restart.closed.size() == 1);
  CHECK(store.LoadOpenTables().empty());
}

TEST_CASE_METHOD(Fixture, "a series of bot matches rotates the first dealer and keeps the score") {
  auto table = NewTable(PilottaTable("t1"));
  table->Open(peer, me, "open");
  for (int seat = 0; seat < 4; ++seat) table->AddBot(peer, me, seat, "bot" + std::to_string(seat));
  std::vector<int> first_dealers;
  std::vector<std::array<int, 2>> scores;
  for (int guard = 0; guard < 200000 && scores.size() < 3; ++guard) {
    io.restart();
    if (io.poll_one() == 0) store.storage().Flush();
    for (auto& m : peer->received) {
      if (!m->has_match_event()) continue;
      const auto& event = m->match_event();
      if (event.has_match_started()) first_dealers.push_back(event.match_started().first_dealer());
      if (event.has_match_ended()) {
        scores.push_back(
            {event.match_ended().series_score(0), event.match_ended().series_score(1)});
      }
    }
    peer->received.clear();
  }
  REQUIRE(scores.size() == 3);
  REQUIRE(first_dealers.size() >= 3);
  CHECK(first_dealers[1] == (first_dealers[0] + 1) % 4);
  CHECK(first_dealers[2] == (first_dealers[0] + 2) % 4);
  for (std::size_t i = 0; i < scores.size(); ++i)
    CHECK(scores[i][0] + scores[i][1] == static_cast<int>(i) + 1);
  CHECK(news.started.size() >= 3);
  CHECK(news.finished.size() >= 3);
}

}  // namespace
}  // namespace kafenio::server
