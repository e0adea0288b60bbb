// SerialWrites: one write in flight, in order; a failure fails everything behind it.
#include "server/app/table/serial_writes.h"

#include <catch2/catch.hpp>

namespace kafenio::server {
namespace {

// Writes that wait until the test completes them.
struct Writes {
  SerialWrites serial;
  std::vector<Then<WriteResult>> in_flight;
  std::vector<std::string> done;

  void Add(const std::string& name) {
    serial.Add([this](Then<WriteResult> then) { in_flight.push_back(std::move(then)); },
               [this, name](WriteResult result) {
                 done.push_back(name + (result.ok() ? " ok" : " failed"));
               });
  }
  void Complete(WriteResult result) {
    REQUIRE(in_flight.size() == 1);
    auto then = std::move(in_flight.front());
    in_flight.clear();
    then(std::move(result));
  }
};

TEST_CASE("writes are issued one at a time, in order") {
  Writes writes;
  writes.Add("a");
  writes.Add("b");
  CHECK(writes.in_flight.size() == 1);  // b waits for a
  writes.Complete({});
  CHECK(writes.done == std::vector<std::string>{"a ok"});
  CHECK(writes.in_flight.size() == 1);
  writes.Complete({});
  CHECK(writes.done == std::vector<std::string>{"a ok", "b ok"});
  CHECK(writes.serial.idle());
}

TEST_CASE("a failed write fails every write queued behind it, unissued") {
  Writes writes;
  writes.Add("a");
  writes.Add("b");
  writes.Add("c");
  writes.Complete(WriteResult{WriteResult::Failure::unavailable, "disk"});
  CHECK(writes.done == std::vector<std::string>{"a failed", "b failed", "c failed"});
  CHECK(writes.in_flight.empty());
  CHECK(writes.serial.idle());
  writes.Add("d");  // later writes go out again
  writes.Complete({});
  CHECK(writes.done.back() == "d ok");
}

TEST_CASE("a write queued by a completion is issued once") {
  Writes writes;
  writes.serial.Add([&](Then<WriteResult> then) { writes.in_flight.push_back(std::move(then)); },
                    [&](WriteResult) { writes.Add("next"); });
  writes.Complete({});
  CHECK(writes.in_flight.size() == 1);
  writes.Complete({});
  CHECK(writes.done == std::vector<std::string>{"next ok"});
}

}  // namespace
}  // namespace kafenio::server
