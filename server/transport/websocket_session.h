#pragma once
// One WebSocket connection at /ws: reads Envelopes (binary or JSON), hands them to the
// hub, and writes what the application delivers, one write in flight with a bounded queue
// behind it. Limits: message size, handshake/idle timeouts with pings, a message rate.
#include <boost/beast/core/tcp_stream.hpp>
#include <boost/beast/http/message.hpp>
#include <boost/beast/http/string_body.hpp>

#include "server/transport/server_context.h"

namespace kafenio::server {

// `address`: the client's (client_address.h), whose connection the hub's limits counted;
// the session gives it back when it ends.
void StartWebsocketSession(boost::beast::tcp_stream stream,
                           boost::beast::http::request<boost::beast::http::string_body> request,
                           const std::string& address, ServerContext& context);

}  // namespace kafenio::server
