#pragma once
// RFC 6455 4.2.1: a client's Sec-WebSocket-Key is 16 bytes in base64 (24 characters with
// "==" padding). Anything else is a bad handshake: 400, not an upgrade.
#include <string_view>

namespace kafenio::server {

bool ValidWebsocketKey(std::string_view key);

}  // namespace kafenio::server
