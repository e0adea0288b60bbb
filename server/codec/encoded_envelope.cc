#include "server/codec/encoded_envelope.h"

#include "server/codec/frame_codec.h"

namespace kafenio::server {

EncodedEnvelope::EncodedEnvelope(const v1::Envelope& envelope)
    : binary_(EncodeFrame(envelope, false)) {}

const std::string& EncodedEnvelope::Json() const {
  std::call_once(json_once_, [this] { json_ = EncodeFrame(Decode(), true); });
  return json_;
}

v1::Envelope EncodedEnvelope::Decode() const {
  v1::Envelope envelope;
  // Parsing what EncodeFrame wrote cannot fail.
  envelope.ParseFromString(binary_);
  return envelope;
}

}  // namespace kafenio::server
