#include "server/transport/close_frame_scan.h"

#include <algorithm>

#include "proto/json_runtime.h"

namespace kafenio::server {
namespace {

constexpr std::uint8_t kCloseOpcode = 0x8;

}  // namespace

void CloseFrameScan::Feed(const std::uint8_t* data, std::size_t size) {
  for (std::size_t i = 0; i < size && !done_; ++i) {
    if (!in_payload_) {
      HeaderByte(data[i]);
      continue;
    }
    if (!close_) {
      // Skip the rest of a data or other control frame's payload at once.
      const std::uint64_t skip = std::min<std::uint64_t>(payload_left_, size - i);
      payload_left_ -= skip;
      i += skip - 1;
      if (payload_left_ == 0) FrameDone();
      continue;
    }
    PayloadByte(data[i]);
  }
}

void CloseFrameScan::HeaderByte(std::uint8_t byte) {
  header_[header_size_++] = byte;
  if (header_size_ == 2) {
    // Byte 2 says how long the header is: a 16- or 64-bit length may follow, then the mask.
    const std::uint8_t length = header_[1] & 0x7f;
    const bool masked = (header_[1] & 0x80) != 0;
    header_needed_ = 2 + (length == 126 ? 2 : length == 127 ? 8 : 0) + (masked ? 4 : 0);
  }
  if (header_size_ < header_needed_) return;
  const std::uint8_t length = header_[1] & 0x7f;
  std::uint64_t payload = length;
  if (length == 126) payload = (std::uint64_t{header_[2]} << 8) | header_[3];
  if (length == 127) {
    payload = 0;
    for (std::size_t k = 2; k < 10; ++k) payload = (payload << 8) | header_[k];
  }
  close_ = (header_[0] & 0x0f) == kCloseOpcode;
  if (close_ && payload > close_payload_.size()) {
    done_ = true;  // not a valid control frame: Beast fails it as a protocol error
    return;
  }
  payload_left_ = payload;
  close_size_ = 0;
  in_payload_ = true;
  if (payload_left_ == 0) FrameDone();
}

void CloseFrameScan::PayloadByte(std::uint8_t byte) {
  const bool masked = (header_[1] & 0x80) != 0;
  if (masked) byte ^= header_[header_needed_ - 4 + close_size_ % 4];
  close_payload_[close_size_++] = byte;
  if (--payload_left_ == 0) FrameDone();
}

void CloseFrameScan::FrameDone() {
  if (close_) {
    done_ = true;
    // The reason follows the two bytes of the code.
    bad_close_reason_ =
        close_size_ > 2 &&
        !json::IsUtf8(reinterpret_cast<const char*>(close_payload_.data()) + 2, close_size_ - 2);
  }
  in_payload_ = false;
  header_size_ = 0;
  header_needed_ = 2;
}

bool CloseAsInvalidPayload(std::uint8_t* frame, std::size_t size) {
  // A server's frames are not masked: the code is the payload's first two bytes.
  if (size < 4 || frame[0] != (0x80 | kCloseOpcode) || (frame[1] & 0x7f) < 2) return false;
  if (frame[2] != 0x03 || frame[3] != 0xea) return false;  // 1002
  frame[3] = 0xef;                                         // 1007
  return true;
}

}  // namespace kafenio::server
