#pragma once
// Limits per address and per account against abuse (docs/security.md, "Abuse limits"):
// their settings and defaults. A café's players share one address, so the per-address
// defaults leave room for a room full of them; docs/security.md gives each one's reason.
#include <string>
#include <vector>

namespace kafenio::server {

struct AbuseLimits {
  int connections_per_address = 64;             // WebSocket connections open at once
  int guests_per_address_per_hour = 60;         // guest accounts made
  int registrations_per_address_per_hour = 20;  // accounts registered
  int tables_per_address = 40;                  // tables open at once, created from it
  int tables_per_account = 4;                   // tables open at once, created by one player
  // Tables whose every seat holds a bot play without pause for nobody: at once, per player
  // who made them and on the whole server; 0 forbids them.
  int bot_tables_per_account = 2;
  int bot_tables_total = 50;
  // Loopback addresses (the operator's own tools, load tests) are not limited per address
  // unless this is true. Behind a reverse proxy, set trusted_proxy instead.
  bool limit_loopback = false;
  // Reverse proxies whose X-Forwarded-For is believed: a connection from one of these
  // addresses counts as the address the proxy says it forwards (the last one not itself a
  // trusted proxy). Any other connection's X-Forwarded-For is ignored.
  std::vector<std::string> trusted_proxies;
};

// Applies one KEY=VALUE setting of these; false with `error` empty when the key is not one
// of them, false with `error` set when its value is wrong.
bool ApplyAbuseSetting(AbuseLimits& limits, const std::string& key, const std::string& value,
                       std::string& error);

}  // namespace kafenio::server
