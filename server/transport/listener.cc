#include "server/transport/listener.h"

#include <boost/asio/strand.hpp>
#include <memory>

#include "server/transport/http_session.h"
#include "server/transport/transport_errors.h"

namespace kafenio::server {
namespace {

namespace net = boost::asio;
using tcp = net::ip::tcp;

class Listener : public std::enable_shared_from_this<Listener> {
 public:
  Listener(net::io_context& io, ServerContext& context, tcp::acceptor bound)
      : io_(io), context_(context), acceptor_(std::move(bound)) {}
  tcp::endpoint Endpoint() const { return acceptor_.local_endpoint(); }

  void Accept() {
    acceptor_.async_accept(
        net::make_strand(io_),
        [self = shared_from_this()](boost::system::error_code ec, tcp::socket socket) {
          // Accept errors (out of descriptors, a reset before accept) drop that one connection.
          ReportTransportError("accept", ec);
          if (!ec) {
            // Small frames both ways: without TCP_NODELAY, Nagle and delayed ACKs add ~40 ms.
            boost::system::error_code ignored;
            socket.set_option(tcp::no_delay(true), ignored);
            StartHttpSession(std::move(socket), self->context_);
          }
          if (ec != net::error::operation_aborted) self->Accept();
        });
  }

 private:
  net::io_context& io_;
  ServerContext& context_;
  tcp::acceptor acceptor_;
};

}  // namespace

tcp::endpoint StartListener(net::io_context& io, ServerContext& context, std::string& error) {
  return StartListener(io, context, context.config.listen_address, context.config.listen_port,
                       error);
}

tcp::endpoint StartListener(net::io_context& io, ServerContext& context,
                            const std::string& address_text, std::uint16_t port,
                            std::string& error) {
  auto bound = BindPort(io, address_text, port, error);
  if (!bound) return {};
  return StartListener(io, context, std::move(*bound));
}

std::optional<tcp::acceptor> BindPort(net::io_context& io, const std::string& address_text,
                                      std::uint16_t port, std::string& error) {
  boost::system::error_code ec;
  const auto address = net::ip::make_address(address_text, ec);
  if (ec) {
    error = "bad listen address '" + address_text + "'";
    return std::nullopt;
  }
  tcp::acceptor acceptor(net::make_strand(io));
  const tcp::endpoint endpoint(address, port);
  acceptor.open(endpoint.protocol(), ec);
  if (!ec) acceptor.set_option(net::socket_base::reuse_address(true), ec);
  if (!ec) acceptor.bind(endpoint, ec);
  if (!ec) acceptor.listen(net::socket_base::max_listen_connections, ec);
  if (ec) {
    error = "cannot listen on " + address_text + ":" + std::to_string(port) + ": " + ec.message();
    return std::nullopt;
  }
  return acceptor;
}

tcp::endpoint StartListener(net::io_context& io, ServerContext& context, tcp::acceptor bound) {
  auto listener = std::make_shared<Listener>(io, context, std::move(bound));
  listener->Accept();
  return listener->Endpoint();
}

}  // namespace kafenio::server
