#pragma once
// The admin listener's routes (--admin-listen, docs/admin.md): the console page under
// /admin/, its JSON API under /admin/api/, and /metrics. Every API route names the
// permission it needs (one table, checked before the handler runs); writes need the
// session cookie and the CSRF token header. Never served on the public listener.
#include <string>

#include "server/app/admin/console.h"
#include "server/app/admin/staff_auth.h"
#include "server/app/blocking_work.h"
#include "server/transport/http_routes.h"

namespace kafenio::server {

// Whether a request target is the console's (first path segment "admin"): the public
// listener's static files refuse it.
bool IsAdminPath(const std::string& target);

// What the routes run on; everything must outlive them.
struct AdminServices {
  Hub& hub;
  admin::StaffAuth& auth;
  admin::Console& console;
  BlockingWork& work;  // the console's worker: storage and Argon2id block there
};

HttpRoutes AdminRoutes(AdminServices services);

}  // namespace kafenio::server
