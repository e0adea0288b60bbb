// The manual clock tests move instead of sleeping, and the chat allowance it drives.
#include <boost/asio/io_context.hpp>
#include <catch2/catch.hpp>

#include "server/app/clock.h"
#include "server/app/table/members.h"
#include "tests/table/recording_peer.h"

namespace kafenio::server {
namespace {

TEST_CASE("a manual clock runs alarms when it is moved past them, earliest first") {
  boost::asio::io_context io;
  ManualClock clock(1000);
  std::vector<int> ran;
  auto late = clock.After(io.get_executor(), 500, [&] { ran.push_back(500); });
  auto early = clock.After(io.get_executor(), 100, [&] { ran.push_back(100); });
  auto cancelled = clock.After(io.get_executor(), 50, [&] { ran.push_back(50); });
  cancelled.reset();
  clock.Advance(99);
  io.poll();
  CHECK(ran.empty());
  clock.Advance(1);
  io.restart();
  io.poll();
  CHECK(ran == std::vector<int>{100});
  CHECK(clock.NowMs() == 1100);
  CHECK(clock.Pending() == 1);
  // Cancelled after it came due but before it ran: it does not run.
  clock.Advance(1000);
  late.reset();
  io.restart();
  io.poll();
  CHECK(ran == std::vector<int>{100});
}

TEST_CASE("chat allows a burst, then one message per share of ten seconds") {
  Members members;
  ManualClock clock(0);
  for (int i = 0; i < 5; ++i) CHECK(members.TakeChatToken(1, 5, clock.NowMs()));
  CHECK_FALSE(members.TakeChatToken(1, 5, clock.NowMs()));
  CHECK(members.TakeChatToken(2, 5, clock.NowMs()));  // each account has its own
  clock.Advance(1999);
  CHECK_FALSE(members.TakeChatToken(1, 5, clock.NowMs()));
  clock.Advance(1);
  CHECK(members.TakeChatToken(1, 5, clock.NowMs()));
}

TEST_CASE("members: who is here, connected, and what they are sent") {
  Members members;
  auto anna = std::make_shared<testing::RecordingPeer>(1);
  auto watcher = std::make_shared<testing::RecordingPeer>(2);
  members.Add(anna, Identity{10, "anna", false});
  members.Add(watcher, Identity{11, "w", true});
  CHECK(members.IsConnected(10));
  v1::Envelope chat;
  chat.mutable_chat()->set_text("γεια");
  members.SendToAll(std::make_shared<const EncodedEnvelope>(chat));
  CHECK(anna->received.size() == 1);
  CHECK(watcher->received.back()->chat().text() == "γεια");
  CHECK(members.Remove(1));
  CHECK_FALSE(members.Remove(1));
  CHECK_FALSE(members.IsConnected(10));
  watcher.reset();  // the connection closed
  CHECK_FALSE(members.IsConnected(11));
  CHECK_FALSE(members.empty());  // until it is detached
}

}  // namespace
}  // namespace kafenio::server
