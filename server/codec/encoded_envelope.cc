#include "server/codec/encoded_envelope.h"

#include "server/codec/frame_codec.h"

namespace kafenio::server {

EncodedEnvelope::EncodedEnvelope(const v1::Envelope& envelope)
    : binary_(EncodeFrame(envelope, false)) {}

const std::string& EncodedEnvelope::Json() const {
  std::call_once(json_once_, [this] { json_ = EncodeFrame(Decode(), true); });
  return json_;
}

std::shared_ptr<const EncodedEnvelope> EncodedEnvelope::WithRequestId(
    const std::string& request_id) const {
  v1::Envelope id_only;
  id_only.set_request_id(request_id);
  return std::shared_ptr<const EncodedEnvelope>(
      new EncodedEnvelope(FromBinary{}, binary_ + id_only.SerializeAsString()));
}

v1::Envelope EncodedEnvelope::Decode() const {
  v1::Envelope envelope;
  // Parsing what EncodeFrame wrote cannot fail.
  envelope.ParseFromString(binary_);
  return envelope;
}

}  // namespace kafenio::server
