#include "server/transport/http_routes.h"

#include <sstream>

#include "server/transport/request_target.h"

namespace kafenio::server {
namespace {

namespace http = boost::beast::http;

std::vector<std::string> Segments(const std::string& path) {
  std::vector<std::string> segments;
  std::stringstream parts(path);
  std::string part;
  while (std::getline(parts, part, '/')) {
    if (!part.empty()) segments.push_back(part);
  }
  return segments;
}

bool Match(const std::vector<std::string>& pattern, const std::vector<std::string>& path,
           PathParams& params) {
  if (pattern.size() != path.size()) return false;
  for (std::size_t i = 0; i < pattern.size(); ++i) {
    const std::string& want = pattern[i];
    if (want.size() > 2 && want.front() == '{' && want.back() == '}') {
      params[want.substr(1, want.size() - 2)] = path[i];
    } else if (want != path[i]) {
      return false;
    }
  }
  return true;
}

}  // namespace

HttpResponse TextResponse(const HttpRequest& request, http::status status, std::string body,
                          const char* content_type) {
  HttpResponse response{status, request.version()};
  response.set(http::field::server, "kafenio");
  response.set(http::field::content_type, content_type);
  response.keep_alive(request.keep_alive());
  response.body() = std::move(body);
  response.prepare_payload();
  if (request.method() == http::verb::head) response.body().clear();
  return response;
}

HttpRoutes& HttpRoutes::Add(http::verb method, const std::string& pattern, HttpHandler handler) {
  routes_.push_back(Route{method, Segments(pattern), std::move(handler)});
  return *this;
}

HttpRoutes& HttpRoutes::Get(std::string pattern, HttpHandler handler) {
  return Add(http::verb::get, pattern, std::move(handler));
}

HttpRoutes& HttpRoutes::Post(std::string pattern, HttpHandler handler) {
  return Add(http::verb::post, pattern, std::move(handler));
}

HttpRoutes& HttpRoutes::Otherwise(Fallback fallback) {
  fallback_ = std::move(fallback);
  return *this;
}

void HttpRoutes::Dispatch(const HttpRequest& request, Respond respond) const {
  const std::vector<std::string> path = Segments(
      std::string(TargetPath(std::string_view(request.target().data(), request.target().size()))));
  const http::verb method =
      request.method() == http::verb::head ? http::verb::get : request.method();
  bool path_known = false;
  for (const Route& route : routes_) {
    PathParams params;
    if (!Match(route.segments, path, params)) continue;
    path_known = true;
    if (route.method == method) return route.handler(request, params, std::move(respond));
  }
  if (path_known) {
    return respond(TextResponse(request, http::status::method_not_allowed, "method not allowed\n"));
  }
  if (method == http::verb::get && fallback_ && fallback_(request, respond)) return;
  // A path no route knows is not found, whatever the method (the public listener answers
  // 404 for every admin path, POST included).
  respond(TextResponse(request, http::status::not_found, "not found\n"));
}

}  // namespace kafenio::server
