// The hooks tournaments and the console build on: the table directory (find, list, close
// with a reason, listeners), seats reserved for named accounts, pausing a table, and the
// clocks behind turns and grace periods, moved by the test instead of slept through.
#include <catch2/catch.hpp>
#include <map>

#include "tests/server_unit/table_harness.h"

namespace kafenio::server {
namespace {

using testing::PilottaTable;
using testing::TableHarness;

// Plays bot moves until it is `seat`'s turn at `peer`'s table view; returns the last event.
const v1::MatchEvent* UntilTurnOf(TableHarness& h, testing::RecordingPeer& peer, int seat) {
  for (int guard = 0; guard < 50; ++guard) {
    h.Settle();
    const auto events = peer.Events();
    if (!events.empty() && events.back()->view().pilotta().to_act() == seat) return events.back();
  }
  FAIL("never " << seat << "'s turn");
  return nullptr;
}

TEST_CASE_METHOD(TableHarness,
                 "the directory finds tables by id, invite and player, and lists them") {
  const Identity anna{Player("anna"), "anna", false};
  auto open_table = NewTable(PilottaTable("open"));
  TableSettings hidden = PilottaTable("hidden");
  hidden.is_private = true;
  hidden.invite_code = "c0de";
  hidden.rated = true;
  auto private_table = NewTable(hidden);
  auto peer = Peer(1);
  private_table->Open(peer, anna, "open");
  private_table->Sit(peer, anna, 2, "sit");
  Settle();

  CHECK(directory.Find("open") == open_table);
  CHECK_FALSE(directory.Find("nope"));
  CHECK(directory.FindByInvite("c0de") == private_table);
  CHECK_FALSE(directory.FindByInvite(""));
  const auto mine = directory.FindByPlayer(anna.account_id);
  REQUIRE(mine.size() == 1);
  CHECK(mine[0].table_id() == "hidden");
  CHECK(mine[0].seats(2).name() == "anna");
  CHECK(directory.List({}).size() == 2);
  TableFilter filter;
  filter.is_private = true;
  CHECK(directory.List(filter).size() == 1);
  filter = {};
  filter.rated = false;
  CHECK(directory.List(filter).at(0).table_id() == "open");
  filter = {};
  filter.game = "diloti";
  CHECK(directory.List(filter).empty());
  filter = {};
  filter.match_in_progress = false;
  CHECK(directory.List(filter).size() == 2);
}

TEST_CASE_METHOD(TableHarness,
                 "closing a table with a reason tells its members and its listeners") {
  const Identity anna{Player("anna"), "anna", false};
  auto table = NewTable(PilottaTable("t1"));
  auto peer = Peer(1);
  log.hold = true;  // the match stays in its first deal...
  table->Open(peer, anna, "open");
  for (int seat = 0; seat < 4; ++seat) table->AddBot(peer, anna, seat, "b" + std::to_string(seat));
  Settle();
  REQUIRE(news.started.size() == 1);      // a bot match watched by anna
  table->Pause("so that the bots wait");  // ...and no bot moves once it is stored
  log.hold = false;
  log.Release();
  Settle();
  CHECK(metrics.tables.load() == 1);
  CHECK(directory.Close("t1", "closed by staff: testing"));
  Settle();
  CHECK_FALSE(directory.Find("t1"));
  CHECK(metrics.tables.load() == 0);  // counted once, by the directory
  CHECK_FALSE(directory.Close("t1", "again"));
  REQUIRE(news.closed.size() == 1);
  CHECK(news.closed[0] == std::pair<std::string, std::string>{"t1", "closed by staff: testing"});
  bool told = false;
  for (const auto& m : peer->received) {
    if (m->has_table_closed()) told = m->table_closed().reason() == "closed by staff: testing";
  }
  CHECK(told);
  // The match that was live is abandoned, and the table is stored as closed.
  CHECK(store.LoadUnfinishedMatches().empty());
  CHECK(store.LoadOpenTables().empty());
}

TEST_CASE_METHOD(TableHarness, "listeners hear when a match starts and how it finished") {
  const Identity anna{Player("anna"), "anna", false};
  TableSettings settings = PilottaTable("t1");
  settings.options = {"target=11"};
  settings.rules_text = "cyprus target=11";
  settings.series_matches = 1;
  auto table = NewTable(settings);
  auto peer = Peer(1);
  table->Open(peer, anna, "open");
  for (int seat = 0; seat < 4; ++seat) table->AddBot(peer, anna, seat, "b" + std::to_string(seat));
  for (int guard = 0; guard < 1000 && news.finished.empty(); ++guard) Settle();
  REQUIRE(news.started.size() == 1);
  REQUIRE(news.finished.size() == 1);
  const MatchOutcome& outcome = news.finished[0];
  CHECK(outcome.table_id == "t1");
  CHECK(outcome.match_id == news.started[0]);
  CHECK((outcome.winner == 0 || outcome.winner == 1));
  CHECK(std::max(outcome.totals[0], outcome.totals[1]) >= 11);
  CHECK(outcome.seat_accounts == std::vector<std::int64_t>{0, 0, 0, 0});
  CHECK(store.FinishedMatchRecord(outcome.match_id));
}

TEST_CASE_METHOD(TableHarness, "seats reserved for named accounts wait for them, then play") {
  const Identity anna{Player("anna"), "anna", false};
  const Identity petros{Player("petros"), "petros", false};
  TableSettings settings = PilottaTable("t1");
  auto table = NewTable(settings);
  std::map<std::string, Refusal> answers;
  const auto answer = [&](const std::string& name) {
    return [&answers, name](Refusal r) { answers[name] = r; };
  };
  table->Reserve({{0, anna}, {1, Identity{}}, {2, petros}, {3, Identity{}}}, answer("all"));
  table->Reserve({{4, anna}}, answer("no such seat"));
  table->Reserve({{1, anna}}, answer("twice"));  // she holds seat 0 already
  Settle();
  REQUIRE(answers.size() == 3);
  CHECK_FALSE(answers["all"]);
  CHECK(answers["no such seat"].code == v1::BAD_REQUEST);
  CHECK(answers["twice"].code == v1::SEAT_TAKEN);
  const auto stored = store.LoadOpenTables();
  REQUIRE(stored.size() == 1);
  CHECK(stored[0].seats.size() == 4);
  CHECK(directory.FindByPlayer(petros.account_id).size() == 1);

  // Nobody has connected: the table waits the grace for them, then both come and play.
  CHECK(news.closed.empty());
  auto a = Peer(1);
  auto p = Peer(2);
  table->Join(a, anna, "", 0, 0, "join");
  table->Join(p, petros, "", 0, 0, "join");
  table->SetReady(a, anna, true, "ready");
  table->SetReady(p, petros, true, "ready");
  Settle();
  REQUIRE(news.started.size() == 1);
  CHECK(store.LoadUnfinishedMatches().at(0).match.seat_accounts ==
        std::vector<std::int64_t>{anna.account_id, 0, petros.account_id, 0});
  // While a match is live, seats are not reserved.
  table->Reserve({{1, anna}}, answer("during the match"));
  Settle();
  CHECK(answers["during the match"].code == v1::MATCH_IN_PROGRESS);
}

TEST_CASE_METHOD(TableHarness,
                 "reserved players who never come are waited for the grace, then dropped") {
  const Identity anna{Player("anna"), "anna", false};
  auto table = NewTable(PilottaTable("t1"));
  table->Reserve({{0, anna}}, [](Refusal) {});
  Settle();
  CHECK(clock.Pending() == 1);  // the grace
  Advance(config.empty_table_grace_ms - 1);
  CHECK(news.closed.empty());
  Advance(1);
  REQUIRE(news.closed.size() == 1);
  CHECK(store.LoadOpenTables().empty());
}

TEST_CASE_METHOD(TableHarness, "a paused table freezes the turn clock and refuses moves") {
  const Identity anna{Player("anna"), "anna", false};
  auto table = NewTable(PilottaTable("t1"));
  auto peer = Peer(1);
  table->Open(peer, anna, "open");
  for (int seat = 1; seat < 4; ++seat) table->AddBot(peer, anna, seat, "b" + std::to_string(seat));
  table->Sit(peer, anna, 0, "sit");
  table->SetReady(peer, anna, true, "ready");
  const v1::MatchEvent* turn = UntilTurnOf(*this, *peer, 0);
  const std::int64_t seq = turn->seq();
  CHECK(turn->turn_deadline_unix_ms() == clock.NowMs() + 60000);

  Advance(20000);  // 40 s left
  table->Pause("a tournament round is paused");
  Settle();
  CHECK(peer->LastInfo()->paused());
  table->PlayMove(peer, anna, turn->view().pilotta().legal_moves(0), 0, "move");
  Settle();
  CHECK(peer->ReplyTo("move")->error().code() == v1::TABLE_PAUSED);
  Advance(10 * 60000);  // far past the deadline: nothing happens while paused
  CHECK(peer->LastSeq() == seq);

  table->Resume();
  Settle();
  const v1::TableInfo* info = peer->LastInfo();
  CHECK_FALSE(info->paused());
  CHECK(info->turn_deadline_unix_ms() == clock.NowMs() + 40000);
  Advance(39999);
  CHECK(peer->LastSeq() == seq);
  Advance(1);  // her time is up: a bot stands in, and she is shown away
  CHECK(peer->LastSeq() > seq);
  CHECK(peer->LastInfo()->seats(0).away());
}

TEST_CASE_METHOD(TableHarness, "a table whose players dropped between matches waits the grace") {
  const Identity anna{Player("anna"), "anna", false};
  auto table = NewTable(PilottaTable("t1"));
  auto peer = Peer(1);
  table->Open(peer, anna, "open");
  table->Sit(peer, anna, 0, "sit");
  Settle();
  table->Detach(peer->PeerId());
  Settle();
  Advance(config.empty_table_grace_ms / 2);
  // She comes back within the grace, drops again, and the grace starts over.
  auto again = Peer(2);
  table->Join(again, anna, "", 0, 0, "back");
  Settle();
  table->Detach(again->PeerId());
  Settle();
  Advance(config.empty_table_grace_ms - 1);
  CHECK(news.closed.empty());
  Advance(1);
  CHECK(news.closed.size() == 1);
}

}  // namespace
}  // namespace kafenio::server
