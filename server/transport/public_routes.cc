#include "server/transport/public_routes.h"

#include <charconv>

#include "server/app/tournament/standings_export.h"
#include "server/app/tournament/tournament_verify.h"
#include "server/transport/admin_routes.h"
#include "server/transport/ready_route.h"
#include "server/transport/request_target.h"
#include "server/transport/static_files.h"

namespace kafenio::server {
namespace {

namespace http = boost::beast::http;

// A decimal id of at most 18 digits (so it fits an int64 without overflow checks).
std::optional<std::int64_t> Id(const std::string& digits) {
  if (digits.empty() || digits.size() > 18) return std::nullopt;
  std::int64_t value = 0;
  const auto [end, error] = std::from_chars(digits.data(), digits.data() + digits.size(), value);
  if (error != std::errc() || end != digits.data() + digits.size()) return std::nullopt;
  return value;
}

// The value of `name=` in the request target's query, or "".
std::string QueryValue(const HttpRequest& request, const std::string& name) {
  auto query = ParseQuery(std::string_view(request.target().data(), request.target().size()));
  const auto found = query.find(name);
  return found == query.end() ? std::string() : std::move(found->second);
}

// GET /tournaments/{id}/<what>: an event's standings (CSV or JSON) or its verification,
// read from the store on the blocking pool (always the stored truth, on any node).
void AddTournamentRoute(HttpRoutes& routes, Hub& hub, const std::string& what) {
  routes.Get("/tournaments/{id}/" + what,
             [&hub, what](const HttpRequest& request, const PathParams& params, Respond respond) {
               const auto id = Id(params.at("id"));
               if (!id)
                 return respond(TextResponse(request, http::status::not_found, "not found\n"));
               const bool admitted = hub.Read([&hub, request, id = *id, what, respond] {
                 auto rows = hub.results().Tournament(id);
                 if (!rows) {
                   return respond(TextResponse(request, http::status::not_found,
                                               "no tournament " + std::to_string(id) + "\n"));
                 }
                 const auto log = DecodeStoredTournament(std::move(rows->row), rows->log);
                 if (what == "verify") {
                   return respond(TextResponse(request, http::status::ok,
                                               VerifyReport(id, VerifyStoredTournament(log))));
                 }
                 if (!log.config) {
                   return respond(TextResponse(request, http::status::internal_server_error,
                                               "the event's settings cannot be read\n"));
                 }
                 const auto state = tournament::Replay(*log.config, log.events);
                 if (what == "standings.csv") {
                   return respond(TextResponse(request, http::status::ok, StandingsCsv(state),
                                               "text/csv; charset=utf-8"));
                 }
                 if (what == "results.csv") {
                   return respond(TextResponse(request, http::status::ok, ResultsCsv(state),
                                               "text/csv; charset=utf-8"));
                 }
                 if (what == "results.json") {
                   return respond(TextResponse(request, http::status::ok, ResultsJson(state),
                                               "application/json; charset=utf-8"));
                 }
                 respond(TextResponse(request, http::status::ok, StandingsJson(state),
                                      "application/json; charset=utf-8"));
               });
               if (!admitted) {
                 respond(TextResponse(request, http::status::service_unavailable,
                                      "busy: try again in a moment\n"));
               }
             });
}

}  // namespace

HttpRoutes PublicRoutes(Hub& hub, ManualClock* manual_clock) {
  HttpRoutes routes;
  routes.Get("/healthz", [](const HttpRequest& request, const PathParams&, Respond respond) {
    respond(TextResponse(request, http::status::ok, "ok\n"));
  });
  AddReadyRoute(routes, hub);
  // A finished match's game record (shared/record-format.md), for `kafenio replay`.
  routes.Get("/matches/{id}/record",
             [&hub](const HttpRequest& request, const PathParams& params, Respond respond) {
               const auto id = Id(params.at("id"));
               if (!id)
                 return respond(TextResponse(request, http::status::not_found, "not found\n"));
               const bool admitted = hub.Read([&hub, request, id = *id, respond] {
                 if (auto record = hub.results().FinishedMatchRecord(id)) {
                   return respond(TextResponse(request, http::status::ok, std::move(*record)));
                 }
                 respond(TextResponse(request, http::status::not_found,
                                      "no finished match " + std::to_string(id) + "\n"));
               });
               if (!admitted) {
                 respond(TextResponse(request, http::status::service_unavailable,
                                      "busy: try again in a moment\n"));
               }
             });
  // Tournaments (docs/tournaments.md): standings and the check of every round.
  for (const char* what :
       {"standings.csv", "standings.json", "results.csv", "results.json", "verify"}) {
    AddTournamentRoute(routes, hub, what);
  }
  if (manual_clock) {
    // Tests move the server's time instead of sleeping (docs/operations.md, --clock).
    routes.Post("/debug/clock",
                [manual_clock](const HttpRequest& request, const PathParams&, Respond respond) {
                  const auto ms = Id(QueryValue(request, "advance_ms"));
                  if (!ms) {
                    return respond(TextResponse(request, http::status::bad_request,
                                                "advance_ms=N is required\n"));
                  }
                  manual_clock->Advance(*ms);
                  respond(TextResponse(request, http::status::ok,
                                       std::to_string(manual_clock->NowMs()) + "\n"));
                });
  }
  const std::string web_root = hub.config().web_root;
  routes.Otherwise([web_root](const HttpRequest& request, Respond& respond) {
    const std::string target(request.target());
    // The console's page is served on the admin listener only (admin_routes.cc).
    if (IsAdminPath(target)) return false;
    if (auto file = LoadStaticFile(web_root, target)) {
      respond(TextResponse(request, http::status::ok, std::move(file->body),
                           file->content_type.c_str()));
      return true;
    }
    if (target.substr(0, target.find('?')) == "/") {
      respond(TextResponse(request, http::status::ok,
                           "Kafenio server. The web client is not installed here; "
                           "WebSocket clients connect to /ws (docs/protocol.md).\n"));
      return true;
    }
    return false;
  });
  return routes;
}

}  // namespace kafenio::server
