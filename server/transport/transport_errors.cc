#include "server/transport/transport_errors.h"

#include <boost/asio/error.hpp>
#include <boost/beast/core/error.hpp>
#include <boost/beast/http/error.hpp>
#include <boost/beast/websocket/error.hpp>

#include "server/log/log.h"

namespace kafenio::server {
namespace {

namespace net = boost::asio;
namespace beast = boost::beast;

bool NormalEnd(const boost::system::error_code& error) {
  return error == net::error::operation_aborted || error == net::error::eof ||
         error == net::error::connection_reset || error == net::error::connection_aborted ||
         error == net::error::broken_pipe || error == net::error::bad_descriptor ||
         error == net::error::not_connected || error == beast::error::timeout ||
         error == beast::http::error::end_of_stream || error == beast::websocket::error::closed;
}

}  // namespace

void ReportTransportError(const char* where, const boost::system::error_code& error) {
  if (!error || NormalEnd(error)) return;
  const auto& http_errors = beast::http::make_error_code(beast::http::error::end_of_stream);
  const auto& websocket_errors = beast::websocket::make_error_code(beast::websocket::error::closed);
  if (error.category() == http_errors.category() ||
      error.category() == websocket_errors.category()) {
    // The client broke HTTP or WebSocket rules: its connection ends; nothing is wrong here.
    log::debug("{}: {}", where, error.message());
    return;
  }
  log::warn("{}: {}", where, error.message());
}

}  // namespace kafenio::server
