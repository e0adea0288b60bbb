#pragma once
// A listener's HTTP routes, as a table: each route is a method, a path pattern and a
// handler; "{name}" in a pattern matches one path segment, passed to the handler by name.
// What matches no route goes to the fallback (static files), else 404; a path that matches
// with another method gets 405. A second listener (the admin console) serves another table.
#include <boost/beast/http/message.hpp>
#include <boost/beast/http/string_body.hpp>
#include <functional>
#include <map>
#include <string>
#include <vector>

namespace kafenio::server {

using HttpRequest = boost::beast::http::request<boost::beast::http::string_body>;
using HttpResponse = boost::beast::http::response<boost::beast::http::string_body>;
// Sends the answer; may be called from any thread, exactly once.
using Respond = std::function<void(HttpResponse)>;
using PathParams = std::map<std::string, std::string>;
using HttpHandler = std::function<void(const HttpRequest&, const PathParams&, Respond)>;
// The connection's remote address, set by the HTTP session on every request (a client's
// own header of that name is overwritten).
inline constexpr const char* kRemoteAddressHeader = "Kafenio-Remote-Address";

// A plain-text response to `request` (HEAD: the same headers, no body).
HttpResponse TextResponse(const HttpRequest& request, boost::beast::http::status status,
                          std::string body, const char* content_type = "text/plain; charset=utf-8");

class HttpRoutes {
 public:
  // GET routes answer HEAD too.
  HttpRoutes& Get(std::string pattern, HttpHandler handler);
  HttpRoutes& Post(std::string pattern, HttpHandler handler);
  // For GET and HEAD requests no route matched; it answers or says it did not (false).
  using Fallback = std::function<bool(const HttpRequest&, Respond&)>;
  HttpRoutes& Otherwise(Fallback fallback);

  void Dispatch(const HttpRequest& request, Respond respond) const;

 private:
  struct Route {
    boost::beast::http::verb method;
    std::vector<std::string> segments;  // "{name}" matches any one segment
    HttpHandler handler;
  };
  HttpRoutes& Add(boost::beast::http::verb method, const std::string& pattern, HttpHandler handler);

  std::vector<Route> routes_;
  Fallback fallback_;
};

}  // namespace kafenio::server
