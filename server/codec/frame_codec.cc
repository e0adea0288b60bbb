#include "server/codec/frame_codec.h"

#include <google/protobuf/stubs/logging.h>
#include <google/protobuf/util/json_util.h>

namespace kafenio::server {

bool DecodeFrame(std::string_view payload, bool text, v1::Envelope& out, std::string& error) {
  out.Clear();
  if (text) {
    google::protobuf::util::JsonParseOptions options;
    options.ignore_unknown_fields = false;
    const auto status = google::protobuf::util::JsonStringToMessage(
        google::protobuf::StringPiece(payload.data(), payload.size()), &out, options);
    if (!status.ok()) {
      error = "not a JSON Envelope: " + std::string(status.message());
      return false;
    }
    return true;
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
  if (text) {
    google::protobuf::util::JsonPrintOptions options;
    options.preserve_proto_field_names = true;
    options.always_print_primitive_fields = true;
    (void)google::protobuf::util::MessageToJsonString(envelope, &out, options);
  } else {
    envelope.SerializeToString(&out);
  }
  return out;
}

}  // namespace kafenio::server
