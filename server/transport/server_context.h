#pragma once
// What the transport layer needs from the rest of the server.
#include "server/app/hub.h"
#include "server/app/metrics.h"
#include "server/config/server_config.h"
#include "server/transport/http_routes.h"

namespace kafenio::server {

struct ServerContext {
  const ServerConfig& config;
  Hub& hub;
  Metrics& metrics;
  const HttpRoutes& routes;  // this listener's
  bool websocket = true;     // whether /ws upgrades here
};

}  // namespace kafenio::server
