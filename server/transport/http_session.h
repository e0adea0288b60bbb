#pragma once
// One HTTP connection: /healthz, /metrics, static files, and the upgrade to /ws.
#include <boost/asio/ip/tcp.hpp>

#include "server/transport/server_context.h"

namespace kafenio::server {

void StartHttpSession(boost::asio::ip::tcp::socket socket, ServerContext& context);

}  // namespace kafenio::server
