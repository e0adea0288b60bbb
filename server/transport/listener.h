#pragma once
// Accepts TCP connections and starts an HTTP session for each.
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <optional>
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

// In two steps, so that `kafenio serve` holds its ports before it opens the database: a
// port already taken stops it with a clear message before it touches anything.
// BindPort binds and listens (connections wait in the backlog); nullopt with `error` set.
std::optional<boost::asio::ip::tcp::acceptor> BindPort(boost::asio::io_context& io,
                                                       const std::string& address,
                                                       std::uint16_t port, std::string& error);
// Starts accepting on a bound port; returns its endpoint.
boost::asio::ip::tcp::endpoint StartListener(boost::asio::io_context& io, ServerContext& context,
                                             boost::asio::ip::tcp::acceptor bound);

}  // namespace kafenio::server
