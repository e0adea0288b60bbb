// The scan under the WebSocket stream that answers a close reason that is not UTF-8 with
// 1007 (server/transport/close_frame_scan.h): it follows the client's masked frames
// whatever the reads' boundaries, and rewrites only the server's 1002 close frame.
#include <catch2/catch.hpp>

#include <cstdint>
#include <string>
#include <vector>

#include "server/transport/close_frame_scan.h"

namespace kafenio::server {
namespace {

using Bytes = std::vector<std::uint8_t>;

// A client's frame: FIN, `opcode`, masked with a fixed key, the length in its three forms.
Bytes ClientFrame(std::uint8_t opcode, const Bytes& payload) {
  Bytes frame{static_cast<std::uint8_t>(0x80 | opcode)};
  if (payload.size() < 126) {
    frame.push_back(static_cast<std::uint8_t>(0x80 | payload.size()));
  } else if (payload.size() < 65536) {
    frame.push_back(0x80 | 126);
    frame.push_back(static_cast<std::uint8_t>(payload.size() >> 8));
    frame.push_back(static_cast<std::uint8_t>(payload.size()));
  } else {
    frame.push_back(0x80 | 127);
    for (int shift = 56; shift >= 0; shift -= 8) {
      frame.push_back(
          static_cast<std::uint8_t>(static_cast<std::uint64_t>(payload.size()) >> shift));
    }
  }
  const std::uint8_t key[4] = {0x37, 0xfa, 0x21, 0x3d};
  frame.insert(frame.end(), key, key + 4);
  for (std::size_t i = 0; i < payload.size(); ++i) frame.push_back(payload[i] ^ key[i % 4]);
  return frame;
}

Bytes Close(std::uint16_t code, const std::string& reason) {
  Bytes payload{static_cast<std::uint8_t>(code >> 8), static_cast<std::uint8_t>(code)};
  payload.insert(payload.end(), reason.begin(), reason.end());
  return ClientFrame(0x8, payload);
}

Bytes Join(std::initializer_list<Bytes> frames) {
  Bytes all;
  for (const Bytes& frame : frames) all.insert(all.end(), frame.begin(), frame.end());
  return all;
}

// Fed whole, byte by byte and in reads of 7 bytes: the same answer.
bool BadReason(const Bytes& stream) {
  CloseFrameScan whole;
  whole.Feed(stream.data(), stream.size());
  CloseFrameScan bytewise;
  for (const std::uint8_t byte : stream) bytewise.Feed(&byte, 1);
  CloseFrameScan chunks;
  for (std::size_t at = 0; at < stream.size(); at += 7) {
    chunks.Feed(stream.data() + at, std::min<std::size_t>(7, stream.size() - at));
  }
  REQUIRE(whole.BadCloseReason() == bytewise.BadCloseReason());
  REQUIRE(whole.BadCloseReason() == chunks.BadCloseReason());
  return whole.BadCloseReason();
}

TEST_CASE("a close frame whose reason is not UTF-8 is seen after frames of every length") {
  const Bytes text = ClientFrame(0x1, Bytes(30, 'x'));
  const Bytes medium = ClientFrame(0x2, Bytes(300, 0x88));  // payload bytes look like a close
  const Bytes large = ClientFrame(0x2, Bytes(70000, 0xff));
  const Bytes ping = ClientFrame(0x9, {});
  CHECK(BadReason(Join({text, medium, large, ping, Close(1000, "\xff\xfe")})));
  CHECK(BadReason(Close(1001, "τέλος\xc3")));  // cut in the middle of a character
  CHECK_FALSE(BadReason(Join({text, medium, Close(1000, "τέλος")})));
  CHECK_FALSE(BadReason(Close(1000, "")));
  CHECK_FALSE(BadReason(ClientFrame(0x8, {})));
  CHECK_FALSE(BadReason(Join({text, ping})));
  // Whatever follows a close frame is not looked at.
  CHECK_FALSE(BadReason(Join({Close(1000, "bye"), Close(1000, "\xff")})));
}

TEST_CASE("only the server's 1002 close frame becomes 1007") {
  Bytes protocol_error{0x88, 0x02, 0x03, 0xea};
  CHECK(CloseAsInvalidPayload(protocol_error.data(), protocol_error.size()));
  CHECK(protocol_error == Bytes{0x88, 0x02, 0x03, 0xef});
  Bytes normal{0x88, 0x02, 0x03, 0xe8};
  CHECK_FALSE(CloseAsInvalidPayload(normal.data(), normal.size()));
  Bytes text{0x81, 0x04, 0x03, 0xea, 'a', 'b'};
  CHECK_FALSE(CloseAsInvalidPayload(text.data(), text.size()));
  Bytes short_frame{0x88, 0x00};
  CHECK_FALSE(CloseAsInvalidPayload(short_frame.data(), short_frame.size()));
}

}  // namespace
}  // namespace kafenio::server
