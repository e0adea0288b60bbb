// libFuzzer target: an HTTP request as the server reads it (server/transport): Beast's
// parser with the session's limits, then what Kafenio itself makes of the request line
// and headers: the target's path and query (request_target.cc), the route table's
// matching (http_routes.cc, with patterns like the public and admin listeners'), the
// WebSocket key check (websocket_key.cc) and the forwarded address (client_address.cc).
// Any bytes: no crash, no sanitizer report, every request answered exactly once, a path
// parameter is one whole non-empty segment, and the client address is the peer's or an
// address the proxy forwarded.
#include <boost/asio/ip/address.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/http/parser.hpp>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

#include "server/transport/client_address.h"
#include "server/transport/http_routes.h"
#include "server/transport/request_target.h"
#include "server/transport/websocket_key.h"

namespace {

namespace http = boost::beast::http;
using kafenio::server::HttpRequest;
using kafenio::server::HttpResponse;
using kafenio::server::PathParams;

void CheckParams(const PathParams& params) {
  for (const auto& [name, value] : params) {
    if (value.empty() || value.find('/') != std::string::npos) std::abort();
  }
}

const kafenio::server::HttpRoutes& Routes() {
  static const kafenio::server::HttpRoutes routes = [] {
    kafenio::server::HttpRoutes table;
    auto answer = [](const HttpRequest& request, const PathParams& params,
                     kafenio::server::Respond respond) {
      CheckParams(params);
      respond(kafenio::server::TextResponse(request, http::status::ok, "ok\n"));
    };
    table.Get("/healthz", answer)
        .Get("/tournaments/{id}/standings.csv", answer)
        .Get("/tournaments/{id}/verify", answer)
        .Get("/api/players/{name}", answer)
        .Post("/api/tables/{id}/close", answer)
        .Otherwise([](const HttpRequest& request, kafenio::server::Respond& respond) {
          if (kafenio::server::TargetPath(
                  std::string_view(request.target().data(), request.target().size())) != "/")
            return false;
          respond(kafenio::server::TextResponse(request, http::status::ok, "index\n"));
          return true;
        });
    return table;
  }();
  return routes;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  http::request_parser<http::string_body> parser;
  parser.body_limit(64 * 1024);
  parser.header_limit(16 * 1024);
  parser.eager(true);
  boost::beast::error_code error;
  parser.put(boost::asio::const_buffer(data, size), error);
  if (!error && !parser.is_done()) parser.put_eof(error);
  if (error || !parser.is_header_done()) return 0;
  const HttpRequest& request = parser.get();
  const std::string_view target(request.target().data(), request.target().size());

  const std::string_view path = kafenio::server::TargetPath(target);
  if (path.size() > target.size() || path.find_first_of("?#") != std::string_view::npos)
    std::abort();
  for (const auto& [key, value] : kafenio::server::ParseQuery(target)) {
    if (key.size() + value.size() > target.size()) std::abort();
  }

  int answers = 0;
  Routes().Dispatch(request, [&answers](HttpResponse) { ++answers; });
  if (answers != 1) std::abort();

  const auto key = request[http::field::sec_websocket_key];
  kafenio::server::ValidWebsocketKey(std::string_view(key.data(), key.size()));

  const std::string address =
      kafenio::server::ClientAddress("127.0.0.1", request, {"127.0.0.1", "::1"});
  boost::system::error_code invalid;
  boost::asio::ip::make_address(address, invalid);
  if (invalid) std::abort();
  return 0;
}
