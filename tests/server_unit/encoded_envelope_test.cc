#include "server/codec/encoded_envelope.h"

#include <catch2/catch.hpp>
#include <thread>
#include <vector>

#include "server/codec/frame_codec.h"
#include "server/codec/scratch_envelope.h"

namespace kafenio::server {
namespace {

void FillEvent(v1::Envelope& envelope, int seq) {
  v1::MatchEvent& event = *envelope.mutable_match_event();
  event.set_table_id("t1");
  event.set_match_id(3);
  event.set_seq(seq);
  v1::MovePlayed& played = *event.mutable_move_played();
  played.mutable_move()->set_notation("play Jh belote");
  played.mutable_move()->set_seat(2);
  v1::PilottaView& view = *event.mutable_view()->mutable_pilotta();
  view.set_to_act(3);
  for (const char* card : {"7h", "Jh", "As", "Kd"}) view.add_hand(card);
}

TEST_CASE("an encoded envelope holds exactly what EncodeFrame writes, in both forms") {
  v1::Envelope original;
  FillEvent(original, 12);
  const EncodedEnvelope encoded(original);
  CHECK(encoded.Binary() == EncodeFrame(original, false));
  CHECK(encoded.Json() == EncodeFrame(original, true));
  CHECK(&encoded.Encoded(true) == &encoded.Json());
  CHECK(&encoded.Encoded(false) == &encoded.Binary());
  CHECK(encoded.Decode().SerializeAsString() == original.SerializeAsString());
}

TEST_CASE("the copy for the requester is the same message with its request id") {
  v1::Envelope original;
  FillEvent(original, 7);
  const EncodedEnvelope encoded(original);
  const auto reply = encoded.WithRequestId("m42");
  v1::Envelope expected = original;
  expected.set_request_id("m42");
  CHECK(reply->Decode().SerializeAsString() == expected.SerializeAsString());
  CHECK(reply->Json() == EncodeFrame(expected, true));
  CHECK(encoded.Decode().request_id().empty());
}

TEST_CASE("the JSON form is made once, whichever thread asks first") {
  v1::Envelope original;
  FillEvent(original, 1);
  const EncodedEnvelope encoded(original);
  std::vector<const std::string*> seen(4);
  std::vector<std::thread> threads;
  for (std::size_t i = 0; i < seen.size(); ++i)
    threads.emplace_back([&, i] { seen[i] = &encoded.Json(); });
  for (auto& thread : threads) thread.join();
  for (const std::string* json : seen) CHECK(json == seen[0]);
  CHECK(*seen[0] == EncodeFrame(original, true));
}

TEST_CASE("scratch envelopes start empty each time, also when nested") {
  for (int seq = 1; seq <= 3; ++seq) {
    const ScratchEnvelope outer;
    CHECK(outer->ByteSizeLong() == 0);  // nothing left over from the last one
    FillEvent(*outer, seq);
    {
      const ScratchEnvelope inner;  // while the thread's arena is taken: an arena of its own
      CHECK(inner->ByteSizeLong() == 0);
      FillEvent(*inner, 100 + seq);
      CHECK(inner->match_event().seq() == 100 + seq);
    }
    CHECK(outer->match_event().seq() == seq);
    CHECK(outer->match_event().view().pilotta().hand_size() == 4);
    v1::Envelope copy;
    FillEvent(copy, seq);
    CHECK(EncodedEnvelope(*outer).Binary() == EncodedEnvelope(copy).Binary());
  }
}

}  // namespace
}  // namespace kafenio::server
