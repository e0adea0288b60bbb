#include "server/app/peer.h"

namespace kafenio::server {

std::shared_ptr<const v1::Envelope> MakeOk(const std::string& request_id) {
  auto envelope = std::make_shared<v1::Envelope>();
  envelope->set_request_id(request_id);
  envelope->mutable_ok();
  return envelope;
}

std::shared_ptr<const v1::Envelope> MakeError(const std::string& request_id, v1::ErrorCode code,
                                              const std::string& message) {
  auto envelope = std::make_shared<v1::Envelope>();
  envelope->set_request_id(request_id);
  v1::Error& error = *envelope->mutable_error();
  error.set_code(code);
  error.set_message(message);
  error.set_request_id(request_id);
  return envelope;
}

}  // namespace kafenio::server
