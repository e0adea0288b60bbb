#pragma once
// RFC 6455 asks that a close frame whose reason is not UTF-8 be answered with 1007
// (invalid payload data). Boost.Beast 1.74 answers it with 1002 and no layer above Beast
// sees the frame first (docs/security.md, "Protocol edges"), so the connection's stream
// layer under Beast (close_reason_stream.h) follows the client's frames with this scanner
// and, once it has seen such a close frame, turns Beast's outgoing 1002 into 1007.
#include <array>
#include <cstddef>
#include <cstdint>

namespace kafenio::server {

class CloseFrameScan {
 public:
  // The bytes read from the client, in order, from the first frame on.
  void Feed(const std::uint8_t* data, std::size_t size);
  // A close frame has come whose reason is not UTF-8.
  bool BadCloseReason() const { return bad_close_reason_; }

 private:
  void HeaderByte(std::uint8_t byte);
  void PayloadByte(std::uint8_t byte);
  void FrameDone();

  bool done_ =
      false;  // a close frame has come (or the stream is malformed): nothing after it matters
  bool bad_close_reason_ = false;
  std::array<std::uint8_t, 14> header_{};
  std::size_t header_size_ = 0;
  std::size_t header_needed_ = 2;
  std::uint64_t payload_left_ = 0;
  bool in_payload_ = false;
  bool close_ = false;
  std::array<std::uint8_t, 125> close_payload_{};
  std::size_t close_size_ = 0;
};

// When `frame` (bytes the server writes) is a close frame with code 1002, rewrites its
// code to 1007 and returns true.
bool CloseAsInvalidPayload(std::uint8_t* frame, std::size_t size);

}  // namespace kafenio::server
