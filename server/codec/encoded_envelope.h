#pragma once
// An Envelope ready to send: encoded to protobuf binary once, when it is made, and to JSON
// on first use (only text clients ask for it). Immutable after construction and shared by
// every connection it goes to, and kept in a table's event history in this compact form
// rather than as a message object.
#include <memory>
#include <mutex>
#include <string>

#include "kafenio/v1/kafenio.pb.h"

namespace kafenio::server {

class EncodedEnvelope {
 public:
  explicit EncodedEnvelope(const v1::Envelope& envelope);
  // The same message with its request_id set (it had none): the copy for the one receiver
  // whose request it answers. Made from the encoding, without building the message again
  // (protobuf reads a field wherever it stands).
  std::shared_ptr<const EncodedEnvelope> WithRequestId(const std::string& request_id) const;

  const std::string& Binary() const { return binary_; }
  const std::string& Json() const;  // thread-safe
  const std::string& Encoded(bool text) const { return text ? Json() : Binary(); }
  // The message again, for the rare paths that change a copy (reconnect snapshots).
  v1::Envelope Decode() const;

 private:
  struct FromBinary {};
  EncodedEnvelope(FromBinary, std::string binary) : binary_(std::move(binary)) {}

  std::string binary_;
  mutable std::once_flag json_once_;
  mutable std::string json_;
};

}  // namespace kafenio::server
