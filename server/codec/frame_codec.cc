#include "server/codec/frame_codec.h"

#include <google/protobuf/stubs/logging.h>

#include "json_runtime.h"
#include "kafenio/v1/kafenio.json.h"

namespace kafenio::server {

bool DecodeFrame(std::string_view payload, bool text, v1::Envelope& out, std::string& error) {
  out.Clear();
  if (text) {
    if (json::FromJson(payload, out, error)) return true;
    error = "not a JSON Envelope: " + error;
    return false;
  }
  // The library logs a line on stderr for every string field that is not UTF-8, which
  // would let any client write to the server's log as fast as it may send frames: the
  // frame is refused to the client instead, and counted in errors_total. (The silencer is
  // process-wide while it lasts; the library logs nothing else while parsing.)
  const google::protobuf::LogSilencer quiet;
  if (payload.size() > static_cast<std::size_t>(INT32_MAX) ||
      !out.ParseFromArray(payload.data(), static_cast<int>(payload.size()))) {
    error = "not a protobuf Envelope (or a string in it is not UTF-8)";
    return false;
  }
  return true;
}

std::string EncodeFrame(const v1::Envelope& envelope, bool text) {
  std::string out;
  if (text) return json::ToJson(envelope);
  envelope.SerializeToString(&out);
  return out;
}

}  // namespace kafenio::server
