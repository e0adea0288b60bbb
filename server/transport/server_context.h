#pragma once
// What the transport layer needs from the rest of the server.
#include "server/app/hub.h"
#include "server/app/metrics.h"
#include "server/config/server_config.h"

namespace kafenio::server {

struct ServerContext {
  const ServerConfig& config;
  Hub& hub;
  Metrics& metrics;
};

}  // namespace kafenio::server
