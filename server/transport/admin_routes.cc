#include "server/transport/admin_routes.h"

#include <rapidjson/document.h>

#include <sstream>

#include "proto/json_parse.h"
#include "server/log/log.h"
#include "server/transport/request_target.h"
#include "server/transport/static_files.h"

namespace kafenio::server {
namespace {

namespace http = boost::beast::http;
using admin::ApiAnswer;
using admin::Permission;
using admin::StaffMember;

constexpr const char* kCookie = "kafenio_admin";
constexpr const char* kCsrfHeader = "X-CSRF-Token";

// The value of one cookie of the request, or "".
std::string CookieValue(const HttpRequest& request, const std::string& name) {
  const auto header = request.find(http::field::cookie);
  if (header == request.end()) return {};
  std::stringstream cookies{std::string(header->value())};
  std::string cookie;
  while (std::getline(cookies, cookie, ';')) {
    const auto start = cookie.find_first_not_of(' ');
    if (start == std::string::npos) continue;
    cookie = cookie.substr(start);
    if (cookie.rfind(name + "=", 0) == 0) return cookie.substr(name.size() + 1);
  }
  return {};
}

admin::Query QueryOf(const HttpRequest& request) {
  return ParseQuery(std::string_view(request.target().data(), request.target().size()));
}

HttpResponse JsonResponse(const HttpRequest& request, const ApiAnswer& answer) {
  HttpResponse response = TextResponse(request, static_cast<http::status>(answer.status),
                                       answer.json, "application/json; charset=utf-8");
  response.set(http::field::cache_control, "no-store");
  return response;
}

// Security headers of every console response: no framing, no sniffing, own scripts only.
void Harden(HttpResponse& response) {
  response.set("X-Frame-Options", "DENY");
  response.set("X-Content-Type-Options", "nosniff");
  response.set("Referrer-Policy", "no-referrer");
  response.set("Content-Security-Policy",
               "default-src 'self'; frame-ancestors 'none'; form-action 'self'");
}

struct Call {
  const StaffMember& who;
  const std::string& token;
  const PathParams& params;
  const HttpRequest& request;
  const rapidjson::Value& body;
};
using ApiHandler = std::function<ApiAnswer(const Call&)>;

// One API route as GET /admin/api/routes lists it: tests and tools learn every route from
// the server itself, so none is left unchecked.
struct RouteEntry {
  std::string method;
  std::string path;
  Permission permission;
};

class Api {
 public:
  Api(HttpRoutes& routes, AdminServices services)
      : routes_(routes),
        services_(services),
        listed_(std::make_shared<std::vector<RouteEntry>>()) {}

  std::shared_ptr<const std::vector<RouteEntry>> listed() const { return listed_; }

  // A read: a signed-in staff member with the permission.
  void Get(const std::string& path, Permission permission, ApiHandler handler) {
    Add(http::verb::get, path, permission, std::move(handler));
  }
  // A write: the same, and the CSRF token.
  void Post(const std::string& path, Permission permission, ApiHandler handler) {
    Add(http::verb::post, path, permission, std::move(handler));
  }

 private:
  void Add(http::verb method, const std::string& path, Permission permission, ApiHandler handler) {
    listed_->push_back({std::string(http::to_string(method)), path, permission});
    auto run = [services = services_, permission, handler = std::move(handler), method](
                   const HttpRequest& request, const PathParams& params, Respond respond) {
      const bool admitted = services.work.TrySubmit(
          [=] { respond(Handle(services, permission, handler, method, request, params)); });
      if (!admitted) respond(JsonResponse(request, admin::ApiError(503, "busy: try again")));
    };
    if (method == http::verb::get) {
      routes_.Get(path, std::move(run));
    } else {
      routes_.Post(path, std::move(run));
    }
  }

  static HttpResponse Handle(const AdminServices& services, Permission permission,
                             const ApiHandler& handler, http::verb method,
                             const HttpRequest& request, const PathParams& params) {
    try {
      const std::string token = CookieValue(request, kCookie);
      const auto who = services.auth.Check(token);
      if (!who) return JsonResponse(request, admin::ApiError(401, "sign in first"));
      rapidjson::Document body;
      body.SetObject();
      if (method == http::verb::post) {
        const auto csrf = request.find(kCsrfHeader);
        if (csrf == request.end() ||
            !admin::StaffAuth::CsrfMatches(token, std::string(csrf->value()))) {
          return JsonResponse(request, admin::ApiError(403, "the CSRF token is missing or wrong"));
        }
        // The staff's bodies are read as players' frames are (proto/json_parse.h): valid
        // UTF-8, no recursion however deep, numbers converted exactly.
        std::string unread;
        if (!request.body().empty()) {
          if (!json::ParseJson(request.body(), body, unread)) {
            return JsonResponse(request,
                                admin::ApiError(400, "the body must be a JSON object: " + unread));
          }
          if (!body.IsObject()) {
            return JsonResponse(request, admin::ApiError(400, "the body must be a JSON object"));
          }
        }
      }
      if (!admin::Allows(who->role, permission)) {
        // A staff action the role table refuses is on record too (who tried what).
        const std::string call =
            std::string(http::to_string(method)) + " " +
            std::string(request.target().substr(0, request.target().find('?')));
        return JsonResponse(request, services.console.RoleRefused(*who, call, permission, body));
      }
      return JsonResponse(request, handler(Call{*who, token, params, request, body}));
    } catch (const std::exception& error) {
      log::error("admin console: {}", error.what());
      return JsonResponse(request, admin::ApiError(503, "storage is unavailable: try again"));
    }
  }

  HttpRoutes& routes_;
  AdminServices services_;
  std::shared_ptr<std::vector<RouteEntry>> listed_;
};

std::string SessionCookie(const std::string& token, std::int64_t max_age_s, bool secure) {
  return std::string(kCookie) + "=" + token +
         "; Path=/admin; HttpOnly; SameSite=Strict; Max-Age=" + std::to_string(max_age_s) +
         (secure ? "; Secure" : "");
}

}  // namespace

bool IsAdminPath(const std::string& target) {
  std::stringstream parts(target.substr(0, target.find_first_of("?#")));
  std::string part;
  while (std::getline(parts, part, '/')) {
    if (!part.empty()) return part == "admin";
  }
  return false;
}

HttpRoutes AdminRoutes(AdminServices services) {
  HttpRoutes routes;
  Hub& hub = services.hub;
  const bool secure = hub.config().admin_cookie_secure;

  // Prometheus scrapes this without signing in: the admin listener is for the operator's
  // network only (docs/admin.md).
  routes.Get("/metrics", [&hub](const HttpRequest& request, const PathParams&, Respond respond) {
    respond(TextResponse(request, http::status::ok, hub.metrics().Render(),
                         "text/plain; version=0.0.4"));
  });
  routes.Get("/healthz", [](const HttpRequest& request, const PathParams&, Respond respond) {
    respond(TextResponse(request, http::status::ok, "ok\n"));
  });

  // Sign-in: no session yet, so no CSRF token; SameSite=Strict and the JSON content type
  // (a cross-site form cannot send it) keep other sites from signing anyone in.
  routes.Post("/admin/api/login", [services, secure](const HttpRequest& request, const PathParams&,
                                                     Respond respond) {
    const bool admitted = services.work.TrySubmit([=] {
      try {
        const auto type = request.find(http::field::content_type);
        if (type == request.end() || type->value().find("application/json") == std::string::npos) {
          return respond(JsonResponse(request, admin::ApiError(415, "send JSON")));
        }
        rapidjson::Document body;
        std::string unread;
        const bool parsed = json::ParseJson(request.body(), body, unread);
        const auto text = [&](const char* name) -> std::string {
          if (!body.IsObject() || !body.HasMember(name) || !body[name].IsString()) return {};
          return body[name].GetString();
        };
        if (!parsed || text("name").empty()) {
          return respond(JsonResponse(request, admin::ApiError(400, "name and password, as JSON")));
        }
        const std::string address(request[kRemoteAddressHeader]);
        const auto result =
            services.auth.Login(text("name"), text("password"), text("totp"), address);
        if (!result.error.empty()) {
          return respond(JsonResponse(
              request, admin::ApiError(result.rate_limited ? 429 : 401, result.error)));
        }
        HttpResponse response = JsonResponse(request, services.console.Me(result.who, result.csrf));
        response.set(
            http::field::set_cookie,
            SessionCookie(result.token, (result.expires_ms - services.hub.clock().NowMs()) / 1000,
                          secure));
        respond(std::move(response));
      } catch (const std::exception& error) {
        log::error("admin console: {}", error.what());
        respond(JsonResponse(request, admin::ApiError(503, "storage is unavailable: try again")));
      }
    });
    if (!admitted) respond(JsonResponse(request, admin::ApiError(503, "busy: try again")));
  });

  Api api(routes, services);
  admin::Console& console = services.console;
  admin::StaffAuth& auth = services.auth;
  using P = Permission;
  // Every signed-in member may see who they are and sign out.
  api.Get("/admin/api/me", P::view_dashboard, [&console](const Call& c) {
    return console.Me(c.who, admin::StaffAuth::CsrfFor(c.token));
  });
  api.Post("/admin/api/logout", P::view_dashboard, [&auth](const Call& c) {
    auth.Logout(c.token, c.who);
    return ApiAnswer{200, "{}"};
  });
  // And change their own password, with the current one.
  api.Post("/admin/api/me/password", P::view_dashboard, [&auth](const Call& c) {
    const auto change = auth.ChangeOwnPassword(c.who, c.token, admin::Text(c.body, "current"),
                                               admin::Text(c.body, "password"),
                                               std::string(c.request[kRemoteAddressHeader]));
    return change.error.empty() ? ApiAnswer{200, "{}"}
                                : admin::ApiError(change.status, change.error);
  });
  api.Get("/admin/api/dashboard", P::view_dashboard, [&console, &auth](const Call& c) {
    return console.Dashboard(c.who, auth.LimiterKeys());
  });
  api.Get("/admin/api/tables", P::view_dashboard,
          [&console](const Call& c) { return console.Tables(c.who, QueryOf(c.request)); });
  for (const char* action : {"pause", "resume", "close"}) {
    api.Post(std::string("/admin/api/tables/{id}/") + action, P::manage_tables,
             [&console, action](const Call& c) {
               return console.TableAction(c.who, c.params.at("id"), action, c.body);
             });
  }
  api.Get("/admin/api/tables/{id}/view", P::watch_table,
          [&console](const Call& c) { return console.WatchTable(c.who, c.params.at("id")); });
  api.Post("/admin/api/tables/{id}/reveal", P::reveal_hands, [&console](const Call& c) {
    return console.RevealHands(c.who, c.params.at("id"), c.body);
  });
  api.Post("/admin/api/tables/{id}/kick", P::manage_tables,
           [&console](const Call& c) { return console.Kick(c.who, c.params.at("id"), c.body); });
  api.Post("/admin/api/matches/{id}/void", P::void_matches, [&console](const Call& c) {
    return console.VoidMatch(c.who, c.params.at("id"), c.body);
  });
  api.Get("/admin/api/players", P::view_players,
          [&console](const Call& c) { return console.SearchPlayers(c.who, QueryOf(c.request)); });
  api.Get("/admin/api/players/{id}", P::view_players,
          [&console](const Call& c) { return console.Player(c.who, c.params.at("id")); });
  for (const char* kind : {"ban", "mute"}) {
    api.Post(std::string("/admin/api/players/{id}/") + kind, P::moderate_players,
             [&console, kind](const Call& c) {
               return console.Sanction(c.who, c.params.at("id"), kind, c.body);
             });
  }
  api.Post("/admin/api/players/{id}/revoke-sessions", P::moderate_players,
           [&console](const Call& c) {
             return console.RevokeSessions(c.who, c.params.at("id"), c.body);
           });
  api.Post("/admin/api/players/{id}/rename", P::moderate_players, [&console](const Call& c) {
    return console.RenamePlayer(c.who, c.params.at("id"), c.body);
  });
  api.Post("/admin/api/sanctions/{id}/lift", P::moderate_players, [&console](const Call& c) {
    return console.LiftSanction(c.who, c.params.at("id"), c.body);
  });
  api.Get("/admin/api/reports", P::moderate_players,
          [&console](const Call& c) { return console.Reports(c.who, QueryOf(c.request)); });
  api.Post("/admin/api/reports/{id}/claim", P::moderate_players,
           [&console](const Call& c) { return console.ClaimReport(c.who, c.params.at("id")); });
  api.Post("/admin/api/reports/{id}/resolve", P::moderate_players, [&console](const Call& c) {
    return console.ResolveReport(c.who, c.params.at("id"), c.body);
  });
  api.Get("/admin/api/tournaments", P::direct_tournaments,
          [&console](const Call& c) { return console.Tournaments(c.who, QueryOf(c.request)); });
  api.Get("/admin/api/tournaments/{id}", P::direct_tournaments,
          [&console](const Call& c) { return console.Tournament(c.who, c.params.at("id")); });
  api.Post("/admin/api/tournaments/{id}/direct", P::direct_tournaments, [&console](const Call& c) {
    return console.DirectTournament(c.who, c.params.at("id"), c.body);
  });
  api.Get("/admin/api/audit", P::view_audit,
          [&console](const Call& c) { return console.AuditLog(c.who, QueryOf(c.request)); });
  api.Post("/admin/api/audit/verify", P::view_audit,
           [&console](const Call& c) { return console.VerifyAudit(c.who, c.body); });
  api.Post("/admin/api/announcements", P::announce,
           [&console](const Call& c) { return console.Announce(c.who, c.body); });
  api.Get("/admin/api/staff", P::manage_staff,
          [&console](const Call& c) { return console.Staff(c.who); });
  api.Post("/admin/api/staff", P::manage_staff,
           [&console](const Call& c) { return console.CreateStaff(c.who, c.body); });
  for (const char* change : {"role", "disable", "enable", "reset-totp", "password"}) {
    api.Post(std::string("/admin/api/staff/{id}/") + change, P::manage_staff,
             [&console, change](const Call& c) {
               return console.ChangeStaff(c.who, c.params.at("id"), change, c.body);
             });
  }
  // Every API route with its method and permission (this one included).
  api.Get("/admin/api/routes", P::view_dashboard, [listed = api.listed()](const Call&) {
    return admin::Json([&](json::Writer& w) {
      w.StartObject();
      w.Key("routes");
      w.StartArray();
      for (const RouteEntry& route : *listed) {
        w.StartObject();
        admin::Key(w, "method", route.method);
        admin::Key(w, "path", route.path);
        admin::Key(w, "permission", std::string(admin::PermissionName(route.permission)));
        w.EndObject();
      }
      w.EndArray();
      w.EndObject();
    });
  });

  // The console page itself (web_root/admin), with its scripts and styles, and the player
  // client's scripts it imports for the words both say (games, rules, report categories):
  // public files, which the public listener serves to anyone. Nothing else of the player's
  // site: "/" here is not a page to play from.
  const std::string web_root = hub.config().web_root;
  routes.Otherwise([web_root](const HttpRequest& request, Respond& respond) {
    const std::string target(request.target());
    const std::string path = target.substr(0, target.find_first_of("?#"));
    const bool script = path.size() > 3 && path.compare(path.size() - 3, 3, ".js") == 0;
    if (!IsAdminPath(target) && !script) return false;
    auto file = LoadStaticFile(web_root, target);
    if (!file) return false;
    HttpResponse response =
        TextResponse(request, http::status::ok, std::move(file->body), file->content_type.c_str());
    Harden(response);
    respond(std::move(response));
    return true;
  });
  return routes;
}

}  // namespace kafenio::server
