#include "server/codec/frame_codec.h"

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
  if (payload.size() > static_cast<std::size_t>(INT32_MAX) ||
      !out.ParseFromArray(payload.data(), static_cast<int>(payload.size()))) {
    error = "not a protobuf Envelope";
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
