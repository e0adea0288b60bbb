// EventOutbox: events wait for durability, go out in order, and stay for catch-up.
#include "server/app/table/event_outbox.h"

#include <catch2/catch.hpp>

#include "tests/table/recording_peer.h"

namespace kafenio::server {
namespace {

// An event for seat 0 and spectators only.
EventOutbox::Pending Event(std::int64_t seq, bool durable,
                           const std::shared_ptr<Peer>& mover = nullptr) {
  EventOutbox::Pending pending;
  pending.seq = seq;
  pending.durable = durable;
  for (std::size_t audience : {std::size_t{0}, kSpectator}) {
    v1::Envelope envelope;
    envelope.mutable_match_event()->set_seq(seq);
    envelope.mutable_match_event()->set_table_id(audience == kSpectator ? "spectators" : "seat 0");
    pending.audiences[audience] = std::make_shared<const EncodedEnvelope>(envelope);
  }
  if (mover) pending.ack = Ack{mover, std::to_string(seq), {}};
  return pending;
}

std::vector<std::int64_t> Deliver(EventOutbox& outbox) {
  std::vector<std::int64_t> seqs;
  outbox.DeliverReady([&](const EventOutbox::Pending& p) { seqs.push_back(p.seq); });
  return seqs;
}

TEST_CASE("events go out in order, each once it and those before it are durable") {
  EventOutbox outbox(16);
  outbox.Push(Event(1, true));
  outbox.Push(Event(2, false));
  outbox.Push(Event(3, true));
  CHECK(Deliver(outbox) == std::vector<std::int64_t>{1});
  CHECK_FALSE(outbox.empty());
  outbox.MarkDurable(2);
  CHECK(Deliver(outbox) == std::vector<std::int64_t>{2, 3});
  CHECK(outbox.empty());
  CHECK(outbox.last_delivered() == 3);
}

TEST_CASE("a failed event is dropped with every later one, and their movers are named") {
  EventOutbox outbox(16);
  const auto mover = std::make_shared<testing::RecordingPeer>(1);
  outbox.Push(Event(1, true));
  outbox.Push(Event(2, false, mover));
  outbox.Push(Event(3, true));
  outbox.Push(Event(4, false, mover));
  CHECK(Deliver(outbox) == std::vector<std::int64_t>{1});
  const auto acks = outbox.DropFrom(2);
  REQUIRE(acks.size() == 2);
  CHECK(acks[0].request_id == "2");
  CHECK(acks[1].request_id == "4");
  CHECK(outbox.empty());
  CHECK(outbox.last_delivered() == 1);
}

TEST_CASE("catch-up: the missed events while the history has them, else none (a snapshot)") {
  EventOutbox outbox(3);
  outbox.StartHistory(0);
  for (int seq = 1; seq <= 5; ++seq) outbox.Push(Event(seq, true));
  Deliver(outbox);
  CHECK(outbox.last_delivered() == 5);
  const auto missed = outbox.Missed(0, 3);
  REQUIRE(missed);
  REQUIRE(missed->size() == 2);
  CHECK((*missed)[0]->Decode().match_event().seq() == 4);
  CHECK_FALSE(outbox.Missed(0, 1));  // 2 is no longer kept
  CHECK_FALSE(outbox.Missed(1, 3));  // seat 1's events were never built
  CHECK_FALSE(outbox.Missed(0, 0));  // nothing seen: a snapshot
  const auto watched = outbox.Missed(kSpectator, 4);
  REQUIRE(watched);
  CHECK(watched->at(0)->Decode().match_event().table_id() == "spectators");
}

TEST_CASE("a connection waits for one snapshot however often it asks") {
  EventOutbox outbox(3);
  const auto peer = std::make_shared<testing::RecordingPeer>(1);
  outbox.WaitForSnapshot(peer, 2);
  outbox.WaitForSnapshot(peer, 2);
  CHECK(outbox.IsWaitingForSnapshot(peer));
  CHECK(outbox.TakeSnapshotRequests().size() == 1);
  CHECK_FALSE(outbox.snapshots_waiting());
}

}  // namespace
}  // namespace kafenio::server
