#pragma once
// GET /readyz: whether this server should be sent players. It answers only once the
// server serves, which is after migrations and recovery (`kafenio serve` runs its I/O
// threads only then; its port is bound earlier, so connections wait in the backlog), and
// it then asks storage for a read on the read threads: 200 "ready" when storage answers,
// 503 when it fails or the read queue is full. /healthz stays the cheap liveness check.
#include "server/app/hub.h"
#include "server/transport/http_routes.h"

namespace kafenio::server {

void AddReadyRoute(HttpRoutes& routes, Hub& hub);

}  // namespace kafenio::server
