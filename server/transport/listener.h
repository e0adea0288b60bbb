#pragma once
// Accepts TCP connections and starts an HTTP session for each.
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <string>

#include "server/transport/server_context.h"

namespace kafenio::server {

// Binds and starts accepting; returns the bound endpoint (the port, when 0 was asked),
// or sets `error`.
boost::asio::ip::tcp::endpoint StartListener(boost::asio::io_context& io, ServerContext& context,
                                             std::string& error);
// The same on another address (the admin listener).
boost::asio::ip::tcp::endpoint StartListener(boost::asio::io_context& io, ServerContext& context,
                                             const std::string& address, std::uint16_t port,
                                             std::string& error);

}  // namespace kafenio::server
