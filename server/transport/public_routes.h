#pragma once
// The public listener's HTTP routes: /healthz, /metrics, finished matches' game records,
// and the web client's files; and, only when the server runs on a manual clock (tests),
// POST /debug/clock?advance_ms=N.
#include "server/app/clock.h"
#include "server/app/hub.h"
#include "server/transport/http_routes.h"

namespace kafenio::server {

// `manual_clock`: the server's clock when tests drive it, else null.
HttpRoutes PublicRoutes(Hub& hub, ManualClock* manual_clock);

}  // namespace kafenio::server
