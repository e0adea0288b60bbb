// The tournament director's powers in the console (docs/admin.md, "Tournaments"): the
// events in the staff member's scope, one event in full, and the director's actions. The
// actions go through the very code the protocol's direct_tournament and pause/resume use
// (Hub::DirectTournament, TournamentRunner), acting as the event's director once the role
// table and the staff member's scope allow it; each is audited with its outcome.
#include <future>

#include "kafenio/v1/kafenio.json.h"
#include "server/app/admin/console.h"
#include "server/app/tournament/tournament_refusal_code.h"
#include "server/app/tournament/tournament_runner.h"
#include "server/app/tournament/tournament_view.h"

namespace kafenio::server::admin {
namespace {

using json::Writer;

constexpr int kFinishedListed = 50;

int HttpStatusOf(v1::ErrorCode code) {
  switch (code) {
    case v1::UNKNOWN_TOURNAMENT:
      return 404;
    case v1::BAD_REQUEST:
    case v1::UNKNOWN_PLAYER:
    case v1::REGISTERED_ONLY:
      return 400;
    case v1::STORAGE_UNAVAILABLE:
    case v1::RATE_LIMITED:
      return 503;
    default:
      return 409;  // not in the event's present state
  }
}

bool Paused(const TournamentSnapshot& event) {
  return event.state.paused;
}

}  // namespace

ApiAnswer Console::Tournaments(const StaffMember& who, const Query& query) {
  StoredTournaments* events = hub_.tournaments();
  const std::string state = Get(query, "state");
  if (!state.empty() && state != "registering" && state != "running" && state != "finished") {
    return ApiError(400, "state: registering, running or finished");
  }
  std::vector<TournamentSnapshot> found;
  if (events) {
    for (const char* s : {"registering", "running"}) {
      if (!state.empty() && state != s) continue;
      for (auto& event : events->InState(s, 1000)) found.push_back(std::move(event));
    }
    if (state.empty() || state == "finished") {
      for (auto& event : events->ReadFinished(kFinishedListed)) found.push_back(std::move(event));
    }
  }
  return Json([&](Writer& w) {
    w.StartObject();
    w.Key("tournaments");
    w.StartArray();
    for (const auto& event : found) {
      if (!InScope(who.role, who.scope, std::to_string(event.row.id))) continue;
      v1::TournamentSummary summary;
      FillTournamentSummary(event, summary);
      w.StartObject();
      w.Key("summary");
      v1::WriteJson(summary, w);
      KeyBool(w, "paused", Paused(event));
      w.EndObject();
    }
    w.EndArray();
    KeyBool(w, "runs_events", hub_.tournament_runner() != nullptr);
    w.EndObject();
  });
}

ApiAnswer Console::Tournament(const StaffMember& who, const std::string& id_text) {
  const auto id = Id(id_text);
  if (!id) return ApiError(400, "a tournament id is a positive number");
  if (!InScope(who.role, who.scope, id_text)) {
    return ApiError(403, "tournament " + id_text + " is not in your scope");
  }
  const auto event = hub_.tournaments() ? hub_.tournaments()->ReadSnapshot(*id) : std::nullopt;
  if (!event) return ApiError(404, "no tournament " + id_text);
  v1::TournamentView view;
  FillTournamentView(*event, store_.clock().NowMs(), view);
  if (const auto director = hub_.account_store().FindAccount(event->row.director_id)) {
    view.set_director_name(director->name);
  }
  return Json([&](Writer& w) {
    w.StartObject();
    w.Key("tournament");
    v1::WriteJson(view, w);
    KeyBool(w, "paused", Paused(*event));
    w.EndObject();
  });
}

ApiAnswer Console::DirectTournament(const StaffMember& who, const std::string& id_text,
                                    const rapidjson::Value& body) {
  const auto id = Id(id_text);
  if (!id) return ApiError(400, "a tournament id is a positive number");
  const auto reason = Reason(body);
  if (!reason) return ApiError(400, "a reason (1 to 500 bytes) is required");
  const std::string action = Text(body, "action");
  v1::DirectTournament direct;
  direct.set_tournament_id(*id);
  direct.set_action(action);
  direct.set_player_name(Text(body, "player_name"));
  direct.set_partner_name(Text(body, "partner_name"));
  std::string detail;
  if (const auto entrant = Number(body, "entrant")) {
    if (*entrant < 0 || *entrant > 100000) return ApiError(400, "entrant: an entrant's number");
    direct.set_entrant(static_cast<int>(*entrant));
    detail = ", entrant " + std::to_string(*entrant);
  }
  if (body.HasMember("round")) {
    json::ReadStatus status;
    if (!v1::ReadJson(body["round"], *direct.mutable_round(), status)) {
      return ApiError(400, "round: " + status.error);
    }
  }
  if (!direct.player_name().empty()) detail += ", " + direct.player_name();
  if (!direct.partner_name().empty()) detail += " & " + direct.partner_name();
  std::string target = "tournament " + id_text;
  const std::string audited_action = "tournament." + (action.empty() ? "?" : action);
  if (!InScope(who.role, who.scope, id_text)) {
    store_.Audit({who.name, audited_action, target + detail, *reason, "refused: not in scope"});
    return ApiError(403, "tournament " + id_text + " is not in your scope");
  }
  StoredTournaments* events = hub_.tournaments();
  const auto event = events ? events->Snapshot(*id) : std::nullopt;
  if (!event) {
    store_.Audit({who.name, audited_action, target + detail, *reason, "refused: no such event"});
    return ApiError(404, "no tournament " + id_text + " (running or registering)");
  }
  target += " (" + event->row.name + ")" + detail;
  // The console acts as the event's director: the checks of the director's code paths
  // (the event's state, the entrants, the round) apply as they do over the protocol.
  const std::int64_t director = event->row.director_id;
  std::promise<std::pair<v1::ErrorCode, std::string>> answered;
  auto answer = answered.get_future();
  const auto done = [&answered](v1::ErrorCode code, const std::string& message) {
    answered.set_value({code, message});
  };
  const auto executor = hub_.io_executor();
  if (action == "pause" || action == "resume") {
    // `kafenio serve` gives every server a runner, a cluster node's too: the pause or
    // resume goes into the event's log, and each node applies it to its own tables.
    TournamentRunner* runner = hub_.tournament_runner();
    const auto then = [done](TournamentAnswer a) {
      done(a.ok() ? v1::ERROR_UNSPECIFIED : TournamentErrorCode(a.refusal), a.message);
    };
    if (action == "pause") {
      runner->Pause(director, *id, *reason, executor, then);
    } else {
      runner->Resume(director, *id, executor, then);
    }
  } else {
    hub_.DirectTournament(director, *event, direct, executor, done);
  }
  const auto [code, message] = answer.get();
  store_.Audit({who.name, audited_action, target, *reason,
                code == v1::ERROR_UNSPECIFIED ? "ok" : "refused: " + message});
  if (code != v1::ERROR_UNSPECIFIED) return ApiError(HttpStatusOf(code), message);
  return Tournament(who, id_text);
}

}  // namespace kafenio::server::admin
