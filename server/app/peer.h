#pragma once
// A connection as the application layer sees it: something that accepts messages from
// any thread. The transport (websocket_session) implements it; tables and the lobby hold
// weak pointers, so a closed connection simply stops receiving.
#include <cstdint>
#include <memory>
#include <vector>

#include "kafenio/v1/kafenio.pb.h"
#include "server/codec/encoded_envelope.h"

namespace kafenio::server {

class Peer {
 public:
  virtual ~Peer() = default;
  // Thread-safe. The message is shared and immutable, encoded once for every receiver;
  // the connection sends it in its own format (binary or JSON).
  virtual void Send(std::shared_ptr<const EncodedEnvelope> message) = 0;
  // Sends several messages in order, in one trip to the connection's strand (the lobby's
  // coalesced updates). Thread-safe.
  virtual void SendBatch(
      std::shared_ptr<const std::vector<std::shared_ptr<const EncodedEnvelope>>> batch) {
    for (const auto& message : *batch) Send(message);
  }
  virtual std::uint64_t PeerId() const = 0;
  // Closes the connection (staff banned its player). Thread-safe; nothing for a peer that
  // is not a network connection.
  virtual void Disconnect() {}
  // Sends `last` after everything queued before it, then closes the connection normally
  // (its session was signed out). Thread-safe.
  virtual void SendAndClose(std::shared_ptr<const EncodedEnvelope> last) {
    Send(std::move(last));
    Disconnect();
  }

  // Encodes `message` for this one receiver and sends it. To send one message to many,
  // encode it once and Send that.
  void Deliver(const std::shared_ptr<const v1::Envelope>& message) {
    Send(std::make_shared<const EncodedEnvelope>(*message));
  }
};

using PeerRef = std::weak_ptr<Peer>;

// Builders for the two replies every request can get.
std::shared_ptr<const v1::Envelope> MakeOk(const std::string& request_id);
std::shared_ptr<const v1::Envelope> MakeError(const std::string& request_id, v1::ErrorCode code,
                                              const std::string& message);

}  // namespace kafenio::server
