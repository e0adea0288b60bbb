// The moderators' queue of players' reports (docs/admin.md "Reports"): list them with their
// evidence, claim one, resolve it with an action taken through the players' sanctions
// (console.cc's Sanction and RenamePlayer, each audited on its own) or a dismissal. Every
// claim and resolution is audited.
#include <optional>
#include <utility>

#include "server/app/admin/console.h"

namespace kafenio::server::admin {
namespace {

using json::Writer;

void KeyOptional(Writer& w, const char* key, const std::optional<std::string>& value) {
  w.Key(key);
  if (value) {
    w.String(value->c_str(), static_cast<rapidjson::SizeType>(value->size()));
  } else {
    w.Null();
  }
}

void KeyOptional(Writer& w, const char* key, const std::optional<std::int64_t>& value) {
  w.Key(key);
  if (value) {
    w.Int64(*value);
  } else {
    w.Null();
  }
}

void WriteReport(Writer& w, const storage::PlayerReport& r) {
  w.StartObject();
  Key(w, "id", r.id);
  Key(w, "reporter_id", r.reporter_id);
  Key(w, "reporter_name", r.reporter_name);
  Key(w, "reported_id", r.reported_id);
  Key(w, "reported_name", r.reported_name);
  KeyOptional(w, "chat_line_id", r.chat_line_id);
  Key(w, "table_id", r.table_id);
  Key(w, "category", r.category);
  Key(w, "text", r.text);
  Key(w, "created_ms", r.created_ms);
  Key(w, "state", r.state);
  KeyOptional(w, "claimed_by", r.claimed_by);
  KeyOptional(w, "claimed_ms", r.claimed_ms);
  KeyOptional(w, "resolved_by", r.resolved_by);
  KeyOptional(w, "resolved_ms", r.resolved_ms);
  KeyOptional(w, "action", r.action);
  KeyOptional(w, "note", r.note);
  w.Key("evidence");  // stored as JSON by the server itself (player_report.cc)
  w.RawValue(r.evidence.c_str(), r.evidence.size(), rapidjson::kArrayType);
  w.EndObject();
}

std::string ReportTarget(const storage::PlayerReport& r) {
  return "report " + std::to_string(r.id) + " (player " + std::to_string(r.reported_id) + " " +
         r.reported_name + ")";
}

}  // namespace

ApiAnswer Console::Reports(const StaffMember&, const Query& query) {
  std::string state = Get(query, "state");
  if (state.empty()) state = "active";
  if (state == "all") state.clear();
  if (!state.empty() && state != "active" && state != "open" && state != "claimed" &&
      state != "resolved") {
    return ApiError(400, "state: active, open, claimed, resolved or all");
  }
  std::vector<storage::PlayerReport> reports;
  store_.Read([&](storage::StaffSql& sql) { reports = sql.Reports(state, 200); });
  return Json([&](Writer& w) {
    w.StartObject();
    w.Key("reports");
    w.StartArray();
    for (const auto& r : reports) WriteReport(w, r);
    w.EndArray();
    w.EndObject();
  });
}

ApiAnswer Console::ClaimReport(const StaffMember& who, const std::string& id_text) {
  const auto id = Id(id_text);
  if (!id) return ApiError(400, "a report id is a positive number");
  const std::int64_t now = store_.clock().NowMs();
  std::optional<std::pair<int, std::string>> refused;
  storage::PlayerReport claimed;
  std::string target = "report " + id_text;
  const auto refuse = [&refused](int status, const std::string& message) {
    refused.emplace(status, message);
    throw std::runtime_error(message);
  };
  try {
    store_.WriteAuditedTransaction(
        [&](storage::WriteTransaction& t, AuditRecord& audit) {
          refused.reset();
          auto report = t.Staff().ReportById(*id);
          if (!report) refuse(404, "no report " + id_text);
          target = ReportTarget(*report);
          audit.target = target;
          if (report->state == "resolved") refuse(409, "report " + id_text + " is resolved");
          if (report->claimed_by && *report->claimed_by != who.name) {
            refuse(409, "report " + id_text + " is claimed by " + *report->claimed_by);
          }
          report->state = "claimed";
          report->claimed_by = who.name;
          report->claimed_ms = now;
          t.Staff().UpdateReport(*report);
          claimed = *report;
        },
        {who.name, "report.claim", target, "claimed from the queue", "ok"});
  } catch (const StaffWriteError&) {
    if (!refused) throw;
    store_.Audit({who.name, "report.claim", target, "claimed from the queue",
                  "refused: " + refused->second});
    return ApiError(refused->first, refused->second);
  }
  return Json([&](Writer& w) {
    w.StartObject();
    w.Key("report");
    WriteReport(w, claimed);
    w.EndObject();
  });
}

ApiAnswer Console::ResolveReport(const StaffMember& who, const std::string& id_text,
                                 const rapidjson::Value& body) {
  const auto id = Id(id_text);
  if (!id) return ApiError(400, "a report id is a positive number");
  const std::string action = Text(body, "action");
  if (action != "mute" && action != "ban" && action != "rename" && action != "dismiss") {
    return ApiError(400, "action: mute, ban, rename or dismiss");
  }
  const std::string note = Text(body, "note");
  if (note.empty() || note.size() > kMaxReason) {
    return ApiError(400, "a note (1 to 500 bytes) is required");
  }
  std::optional<storage::PlayerReport> report;
  store_.Read([&](storage::StaffSql& sql) { report = sql.ReportById(*id); });
  if (!report) return ApiError(404, "no report " + id_text);
  if (report->state == "resolved") return ApiError(409, "report " + id_text + " is resolved");
  if (report->claimed_by && *report->claimed_by != who.name) {
    return ApiError(409, "report " + id_text + " is claimed by " + *report->claimed_by);
  }
  // The action first, through the players' own actions (checked and audited there): the
  // report is resolved only once it has been taken.
  if (action != "dismiss") {
    rapidjson::Document act(rapidjson::kObjectType);
    auto& a = act.GetAllocator();
    const std::string reason = "report " + id_text + ": " + note;
    act.AddMember("reason", rapidjson::Value(reason.c_str(), a), a);
    if (const auto minutes = Number(body, "minutes")) act.AddMember("minutes", *minutes, a);
    const std::string name = Text(body, "name");
    act.AddMember("name", rapidjson::Value(name.c_str(), a), a);
    const std::string player = std::to_string(report->reported_id);
    const ApiAnswer taken =
        action == "rename" ? RenamePlayer(who, player, act) : Sanction(who, player, action, act);
    if (taken.status != 200) return taken;
  }
  const std::int64_t now = store_.clock().NowMs();
  std::optional<std::pair<int, std::string>> refused;
  const std::string target = ReportTarget(*report);
  try {
    store_.WriteAuditedTransaction(
        [&](storage::WriteTransaction& t, AuditRecord&) {
          refused.reset();
          auto current = t.Staff().ReportById(*id);
          if (!current || current->state == "resolved") {
            refused.emplace(409, "report " + id_text + " was resolved meanwhile");
            throw std::runtime_error(refused->second);
          }
          current->state = "resolved";
          if (!current->claimed_by) {
            current->claimed_by = who.name;
            current->claimed_ms = now;
          }
          current->resolved_by = who.name;
          current->resolved_ms = now;
          current->action = action;
          current->note = note;
          t.Staff().UpdateReport(*current);
          report = *current;
        },
        {who.name, "report.resolve", target, note, "ok: " + action});
  } catch (const StaffWriteError&) {
    if (!refused) throw;
    store_.Audit({who.name, "report.resolve", target, note, "refused: " + refused->second});
    return ApiError(refused->first, refused->second);
  }
  return Json([&](Writer& w) {
    w.StartObject();
    w.Key("report");
    WriteReport(w, *report);
    w.EndObject();
  });
}

}  // namespace kafenio::server::admin
