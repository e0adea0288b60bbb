#include "server/transport/http_session.h"

#include <algorithm>
#include <boost/asio/post.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket/rfc6455.hpp>
#include <memory>
#include <optional>
#include <string>

#include "server/transport/client_address.h"
#include "server/transport/request_target.h"
#include "server/transport/transport_errors.h"
#include "server/transport/websocket_key.h"
#include "server/transport/websocket_session.h"

namespace kafenio::server {
namespace {

namespace beast = boost::beast;
namespace http = beast::http;
namespace net = boost::asio;

using Request = HttpRequest;
using Response = HttpResponse;

// A browser's Origin must be one the operator allowed, this server's own address, or
// another node of its cluster. Clients that send no Origin (not browsers) are let through.
// When the operator names the public origins (public_origin, behind a reverse proxy), only
// those count as the server's own: the request's Host header, which the client chooses,
// is not trusted then.
bool OriginAllowed(const Request& request, const ServerConfig& config, const Hub& hub) {
  const auto origin = request.find(http::field::origin);
  if (origin == request.end()) return true;
  const std::string value(origin->value());
  for (const std::string& allowed : config.allowed_origins) {
    if (allowed == value || allowed == "*") return true;
  }
  if (hub.IsClusterOrigin(value)) return true;
  if (!config.public_origins.empty()) {
    return std::find(config.public_origins.begin(), config.public_origins.end(), value) !=
           config.public_origins.end();
  }
  const auto host = request.find(http::field::host);
  if (host == request.end()) return false;
  const std::string own(host->value());
  return value == "http://" + own || value == "https://" + own;
}

class HttpSession : public std::enable_shared_from_this<HttpSession> {
 public:
  HttpSession(net::ip::tcp::socket socket, ServerContext& context)
      : stream_(std::move(socket)), context_(context) {}

  void Read() {
    parser_.emplace();
    parser_->body_limit(context_.config.max_message_bytes);
    parser_->header_limit(16 * 1024);
    stream_.expires_after(std::chrono::milliseconds(context_.config.handshake_timeout_ms));
    http::async_read(stream_, buffer_, *parser_,
                     [self = shared_from_this()](beast::error_code ec, std::size_t) {
                       if (ec) {
                         ReportTransportError("http read", ec);
                         return self->Close();
                       }
                       self->OnRequest(self->parser_->release());
                     });
  }

 private:
  void OnRequest(Request request) {
    const std::string path(
        TargetPath(std::string_view(request.target().data(), request.target().size())));
    if (beast::websocket::is_upgrade(request)) {
      if (!context_.websocket || path != "/ws")
        return Send(TextResponse(request, http::status::not_found, "WebSocket lives at /ws\n"));
      const auto key = request[http::field::sec_websocket_key];
      if (!ValidWebsocketKey(std::string_view(key.data(), key.size()))) {
        return Send(TextResponse(request, http::status::bad_request,
                                 "Sec-WebSocket-Key must be 16 bytes in base64\n"));
      }
      if (!OriginAllowed(request, context_.config, context_.hub)) {
        return Send(TextResponse(request, http::status::forbidden, "origin not allowed\n"));
      }
      beast::error_code no_peer;
      const auto peer = stream_.socket().remote_endpoint(no_peer);
      const std::string address =
          ClientAddress(no_peer ? std::string("unknown") : peer.address().to_string(), request,
                        context_.config.abuse.trusted_proxies);
      if (!context_.hub.limits().OpenConnection(address)) {
        return Send(TextResponse(request, http::status::too_many_requests,
                                 "too many connections from your address\n"));
      }
      stream_.expires_never();
      return StartWebsocketSession(std::move(stream_), std::move(request), address, context_);
    }
    // Who is asking, for the admin console's sign-in limits; never what the client claims.
    beast::error_code ec;
    const auto remote = stream_.socket().remote_endpoint(ec);
    request.set(kRemoteAddressHeader, ec ? std::string("unknown") : remote.address().to_string());
    // Handlers may answer from another thread (storage reads): back to this connection.
    context_.routes.Dispatch(request, [self = shared_from_this()](Response response) {
      net::post(self->stream_.get_executor(), [self, response = std::move(response)]() mutable {
        self->Send(std::move(response));
      });
    });
  }

  void Send(Response response) {
    auto shared = std::make_shared<Response>(std::move(response));
    http::async_write(stream_, *shared,
                      [self = shared_from_this(), shared](beast::error_code ec, std::size_t) {
                        ReportTransportError("http write", ec);
                        if (ec || !shared->keep_alive()) return self->Close();
                        self->Read();
                      });
  }

  void Close() {
    beast::error_code ignored;
    stream_.socket().shutdown(net::ip::tcp::socket::shutdown_send, ignored);
  }

  beast::tcp_stream stream_;
  ServerContext& context_;
  beast::flat_buffer buffer_;
  std::optional<http::request_parser<http::string_body>> parser_;
};

}  // namespace

void StartHttpSession(net::ip::tcp::socket socket, ServerContext& context) {
  std::make_shared<HttpSession>(std::move(socket), context)->Read();
}

}  // namespace kafenio::server
