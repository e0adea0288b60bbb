#pragma once
// The codec: WebSocket message payloads <-> Envelopes. Binary frames hold protobuf
// binary, text frames protobuf JSON (field names as in the .proto; every field printed,
// but in a view patch only what changed), read and written by the code protoc generates
// for us (proto/protoc-gen-kafenio-json).
#include <string>
#include <string_view>

#include "kafenio/v1/kafenio.pb.h"

namespace kafenio::server {

// Decodes one message; on failure returns false and says why in `error`.
bool DecodeFrame(std::string_view payload, bool text, v1::Envelope& out, std::string& error);
std::string EncodeFrame(const v1::Envelope& envelope, bool text);

}  // namespace kafenio::server
