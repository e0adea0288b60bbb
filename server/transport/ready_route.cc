#include "server/transport/ready_route.h"

#include <exception>

#include "server/log/log.h"

namespace kafenio::server {

namespace http = boost::beast::http;

void AddReadyRoute(HttpRoutes& routes, Hub& hub) {
  routes.Get("/readyz", [&hub](const HttpRequest& request, const PathParams&, Respond respond) {
    const bool admitted = hub.Read([&hub, request, respond] {
      try {
        hub.results().FinishedMatchRecord(0);  // a read through the pool: storage answers
        respond(TextResponse(request, http::status::ok, "ready\n"));
      } catch (const std::exception& error) {
        log::Warn("not ready: storage cannot be read", {{"error", error.what()}});
        respond(TextResponse(request, http::status::service_unavailable,
                             "not ready: storage unavailable\n"));
      }
    });
    if (!admitted) {
      respond(TextResponse(request, http::status::service_unavailable,
                           "not ready: the read queue is full\n"));
    }
  });
}

}  // namespace kafenio::server
