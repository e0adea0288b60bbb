// A table whose storage fails: nothing is acknowledged or shown that was not stored, every
// request is answered (STORAGE_UNAVAILABLE), the match rolls back to what is stored and
// carries on once storage is back.
#include <catch2/catch.hpp>

#include "tests/server_unit/table_harness.h"

namespace kafenio::server {
namespace {

using testing::PilottaTable;
using testing::TableHarness;

bool GotError(const testing::RecordingPeer& peer, v1::ErrorCode code, std::size_t from = 0) {
  for (std::size_t i = from; i < peer.received.size(); ++i) {
    const auto& m = peer.received[i];
    if (m->has_error() && m->error().code() == code) return true;
  }
  return false;
}

struct Fixture : TableHarness {
  Fixture() { anna = Identity{Player("anna"), "anna", false}; }
  std::shared_ptr<server::Table> Seated() {
    auto table = NewTable(PilottaTable("t1"));
    table->Open(peer, anna, "open");
    for (int seat = 1; seat < 4; ++seat)
      table->AddBot(peer, anna, seat, "b" + std::to_string(seat));
    table->Sit(peer, anna, 0, "sit");
    Settle();
    return table;
  }
  // Until it is anna's turn; the last event she has.
  const v1::MatchEvent* HerTurn() {
    for (int guard = 0; guard < 50; ++guard) {
      Settle();
      const auto events = peer->Events();
      if (!events.empty() && events.back()->view().pilotta().to_act() == 0) return events.back();
    }
    FAIL("never her turn");
    return nullptr;
  }
  Identity anna;
  std::shared_ptr<testing::RecordingPeer> peer = Peer(1);
};

TEST_CASE_METHOD(Fixture,
                 "a move that cannot be stored is refused, unseen, and can be played again") {
  auto table = Seated();
  table->SetReady(peer, anna, true, "ready");
  const v1::MatchEvent* turn = HerTurn();
  const std::int64_t seq = turn->seq();
  v1::Move move;
  for (const v1::Move& legal : turn->view().pilotta().legal_moves()) {
    move = legal;
    if (legal.notation() != "pass") break;
  }
  move.clear_seat();

  const std::size_t stored_before = store.LoadUnfinishedMatches().at(0).events.size();
  log.fail = true;
  const std::size_t before = peer->received.size();
  table->PlayMove(peer, anna, move, 0, "lost");
  Settle();
  REQUIRE(peer->ReplyTo("lost"));
  CHECK(peer->ReplyTo("lost")->error().code() == v1::STORAGE_UNAVAILABLE);
  CHECK(peer->LastSeq() == seq);  // nobody saw it
  CHECK(metrics.storage_errors_total.load() >= 1);
  CHECK(store.LoadUnfinishedMatches().at(0).events.size() == stored_before);

  // Storage is back: the same move is played again, numbered where the lost one was.
  log.fail = false;
  table->PlayMove(peer, anna, move, seq, "again");
  Settle();
  REQUIRE(peer->ReplyTo("again"));
  CHECK(peer->ReplyTo("again")->match_event().seq() == seq + 1);  // the event is the answer
  const auto events = peer->Events();
  bool seen = false;
  for (std::size_t i = before; i < peer->received.size(); ++i) {
    const auto& m = peer->received[i];
    if (m->has_match_event() && m->match_event().seq() == seq + 1) {
      seen = m->match_event().move_played().move().notation() == move.notation();
    }
  }
  CHECK(seen);
  const auto stored = store.LoadUnfinishedMatches().at(0).events;
  REQUIRE(stored.size() > stored_before);
  CHECK(stored[stored_before].seq == seq + 1);
  CHECK(stored[stored_before].notation == move.notation());
}

TEST_CASE_METHOD(Fixture, "a deal that cannot be stored is tried again, with the same seed") {
  auto table = Seated();
  log.fail = true;
  // The match itself cannot be stored: nothing starts and the player hears why.
  table->SetReady(peer, anna, true, "ready");
  Settle();
  CHECK(peer->ReplyTo("ready")->has_ok());
  CHECK(GotError(*peer, v1::STORAGE_UNAVAILABLE));
  CHECK(peer->Events().empty());
  CHECK_FALSE(peer->LastInfo()->seats(0).ready());  // she confirms again
  CHECK(news.started.empty());

  // The match is stored but its deal is not: players hear of it and the table tries again.
  log.fail = false;
  log.failing = {"event"};
  table->SetReady(peer, anna, true, "ready again");
  Settle();
  REQUIRE(news.started.size() == 1);
  CHECK(peer->LastSeq() == 1);  // match_started only
  log.failing.clear();
  Advance(config.storage_retry_ms);
  const auto events = peer->Events();
  REQUIRE(events.size() >= 2);
  CHECK(events[1]->has_hand_started());
  CHECK(events[1]->seq() == 2);
  const auto live = store.LoadUnfinishedMatches();
  REQUIRE(live.size() == 1);
  CHECK(live[0].events.at(0).seed ==
        fairness::CommitHandSeed(secret, live[0].match.match_id, 1).seed);
}

TEST_CASE_METHOD(Fixture, "seats that cannot be stored are not taken") {
  auto table = NewTable(PilottaTable("t1"));
  table->Open(peer, anna, "open");
  Settle();
  log.fail = true;
  table->Sit(peer, anna, 0, "sit");
  table->AddBot(peer, anna, 1, "bot");
  Settle();
  CHECK(peer->ReplyTo("sit")->error().code() == v1::STORAGE_UNAVAILABLE);
  CHECK(peer->ReplyTo("bot")->error().code() == v1::STORAGE_UNAVAILABLE);
  CHECK(peer->LastInfo()->seats(0).kind() == v1::SEAT_EMPTY);
  CHECK(peer->LastInfo()->seats(1).kind() == v1::SEAT_EMPTY);
  log.fail = false;
  table->Sit(peer, anna, 0, "sit again");
  Settle();
  CHECK(peer->ReplyTo("sit again")->has_ok());
  CHECK(peer->LastInfo()->seats(0).name() == "anna");
}

TEST_CASE_METHOD(Fixture, "the end of a match is delivered only once it is stored") {
  TableSettings settings = PilottaTable("t1");
  settings.options = {"target=11"};
  settings.rules_text = "cyprus target=11";
  settings.series_matches = 1;
  auto table = NewTable(settings);
  // The match's end cannot be stored: it is not shown, and nobody hears it ended.
  log.failing = {"finish"};
  table->Open(peer, anna, "open");
  for (int seat = 0; seat < 4; ++seat) table->AddBot(peer, anna, seat, "b" + std::to_string(seat));
  for (int guard = 0; guard < 1000 && metrics.storage_errors_total.load() == 0; ++guard) Settle();
  REQUIRE(metrics.storage_errors_total.load() == 1);
  const auto ended = [&] {
    int count = 0;
    for (const auto* event : peer->Events()) count += event->has_match_ended() ? 1 : 0;
    return count;
  };
  CHECK(ended() == 0);
  CHECK(news.finished.empty());
  CHECK(GotError(*peer, v1::STORAGE_UNAVAILABLE));
  log.failing.clear();
  Advance(config.storage_retry_ms);
  CHECK(ended() == 1);
  CHECK(news.finished.size() == 1);
  CHECK(store.FinishedMatchRecord(news.finished[0].match_id));
}

}  // namespace
}  // namespace kafenio::server
