#include "server/transport/http_session.h"

#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket/rfc6455.hpp>
#include <memory>
#include <optional>

#include "server/transport/static_files.h"
#include "server/transport/websocket_session.h"

namespace kafenio::server {
namespace {

namespace beast = boost::beast;
namespace http = beast::http;
namespace net = boost::asio;

using Request = http::request<http::string_body>;
using Response = http::response<http::string_body>;

// A browser's Origin must be one the operator allowed, or this server's own address.
// Clients that send no Origin (not browsers) are let through.
bool OriginAllowed(const Request& request, const ServerConfig& config) {
  const auto origin = request.find(http::field::origin);
  if (origin == request.end()) return true;
  const std::string value(origin->value());
  for (const std::string& allowed : config.allowed_origins) {
    if (allowed == value || allowed == "*") return true;
  }
  const auto host = request.find(http::field::host);
  if (host == request.end()) return false;
  const std::string own(host->value());
  return value == "http://" + own || value == "https://" + own;
}

// The match id in "/matches/{id}/record", or none for any other path.
std::optional<std::int64_t> MatchRecordPath(const std::string& path) {
  constexpr std::string_view prefix = "/matches/";
  constexpr std::string_view suffix = "/record";
  if (path.size() <= prefix.size() + suffix.size() || !path.starts_with(prefix) ||
      !path.ends_with(suffix)) {
    return std::nullopt;
  }
  const std::string digits =
      path.substr(prefix.size(), path.size() - prefix.size() - suffix.size());
  // At most 18 digits, so the value fits an int64 without overflow checks.
  if (digits.empty() || digits.size() > 18) return std::nullopt;
  for (const char c : digits) {
    if (c < '0' || c > '9') return std::nullopt;
  }
  return std::stoll(digits);
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
                       if (ec) return self->Close();
                       self->OnRequest(self->parser_->release());
                     });
  }

 private:
  void OnRequest(Request request) {
    const std::string target(request.target());
    const std::string path = target.substr(0, target.find('?'));
    if (beast::websocket::is_upgrade(request)) {
      if (path != "/ws")
        return Send(Text(request, http::status::not_found, "WebSocket lives at /ws\n"));
      if (!OriginAllowed(request, context_.config)) {
        return Send(Text(request, http::status::forbidden, "origin not allowed\n"));
      }
      stream_.expires_never();
      return StartWebsocketSession(std::move(stream_), std::move(request), context_);
    }
    if (request.method() != http::verb::get && request.method() != http::verb::head) {
      return Send(Text(request, http::status::method_not_allowed, "GET only\n"));
    }
    if (path == "/healthz") return Send(Text(request, http::status::ok, "ok\n"));
    if (path == "/metrics") {
      Response response = Text(request, http::status::ok, context_.hub.metrics().Render());
      response.set(http::field::content_type, "text/plain; version=0.0.4");
      return Send(std::move(response));
    }
    if (const auto match_id = MatchRecordPath(path)) {
      // A finished match's game record (shared/record-format.md), for `kafenio replay`.
      if (auto record = context_.hub.storage().FinishedMatchRecord(*match_id)) {
        return Send(Text(request, http::status::ok, std::move(*record)));
      }
      return Send(Text(request, http::status::not_found,
                       "no finished match " + std::to_string(*match_id) + "\n"));
    }
    if (auto file = LoadStaticFile(context_.config.web_root, target)) {
      Response response = Text(request, http::status::ok, std::move(file->body));
      response.set(http::field::content_type, file->content_type);
      return Send(std::move(response));
    }
    if (path == "/") {
      return Send(Text(request, http::status::ok,
                       "Kafenio server. The web client is not installed here; "
                       "WebSocket clients connect to /ws (docs/protocol.md).\n"));
    }
    Send(Text(request, http::status::not_found, "not found\n"));
  }

  static Response Text(const Request& request, http::status status, std::string body) {
    Response response{status, request.version()};
    response.set(http::field::server, "kafenio");
    response.set(http::field::content_type, "text/plain; charset=utf-8");
    response.keep_alive(request.keep_alive());
    response.body() = std::move(body);
    response.prepare_payload();
    if (request.method() == http::verb::head) response.body().clear();
    return response;
  }

  void Send(Response response) {
    auto shared = std::make_shared<Response>(std::move(response));
    http::async_write(stream_, *shared,
                      [self = shared_from_this(), shared](beast::error_code ec, std::size_t) {
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
