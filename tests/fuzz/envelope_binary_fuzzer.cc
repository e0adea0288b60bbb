// libFuzzer target: a binary WebSocket frame decoded as an Envelope
// (server/codec/frame_codec.cc, protobuf binary). Any bytes: no crash, no sanitizer
// report, and an Envelope that decodes keeps its binary and JSON round trips.
#include <cstdint>
#include <string_view>

#include "tests/fuzz/envelope_fuzz_check.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view payload(reinterpret_cast<const char*>(data), size);
  kafenio::v1::Envelope envelope;
  std::string error;
  if (kafenio::server::DecodeFrame(payload, false, envelope, error)) {
    kafenio::fuzz::CheckRoundTrips(envelope);
  }
  return 0;
}
