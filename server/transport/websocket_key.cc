#include "server/transport/websocket_key.h"

#include <sodium.h>

#include <array>

namespace kafenio::server {

bool ValidWebsocketKey(std::string_view key) {
  if (key.size() != 24) return false;
  std::array<unsigned char, 18> decoded{};
  std::size_t length = 0;
  const char* end = nullptr;
  // libsodium's decoder: strict about the alphabet and the padding, unlike a hand-made one.
  const int failed = sodium_base642bin(decoded.data(), decoded.size(), key.data(), key.size(),
                                       nullptr, &length, &end, sodium_base64_VARIANT_ORIGINAL);
  return failed == 0 && end == key.data() + key.size() && length == 16;
}

}  // namespace kafenio::server
