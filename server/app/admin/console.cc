#include "server/app/admin/console.h"

#include <future>

#include "kafenio/v1/kafenio.json.h"
#include "proto/json_runtime.h"
#include "server/app/account_by_name.h"
#include "server/app/admin/audit_chain.h"
#include "server/app/crypto.h"
#include "server/storage/session_sql.h"

namespace kafenio::server::admin {
namespace {

using json::Writer;

void WriteSanction(Writer& w, const storage::Sanction& s, std::int64_t now_ms) {
  w.StartObject();
  Key(w, "id", s.id);
  Key(w, "account_id", s.account_id);
  Key(w, "kind", s.kind);
  Key(w, "reason", s.reason);
  Key(w, "staff", s.staff);
  Key(w, "created_ms", s.created_ms);
  Key(w, "until_ms", s.until_ms.value_or(0));
  Key(w, "lifted_ms", s.lifted_ms.value_or(0));
  Key(w, "lifted_by", s.lifted_by.value_or(""));
  w.Key("active");
  w.Bool(s.ActiveAt(now_ms));
  w.EndObject();
}

void WriteAudit(Writer& w, const storage::AuditEntry& e) {
  w.StartObject();
  Key(w, "id", e.id);
  Key(w, "at_ms", e.at_ms);
  Key(w, "actor", e.actor);
  Key(w, "action", e.action);
  Key(w, "target", e.target);
  Key(w, "reason", e.reason);
  Key(w, "outcome", e.outcome);
  Key(w, "hash", e.hash);
  w.EndObject();
}

}  // namespace

ApiAnswer ApiError(int status, const std::string& message) {
  return Json(
      [&](Writer& w) {
        w.StartObject();
        Key(w, "error", message);
        w.EndObject();
      },
      status);
}

void Console::LoadSanctions() {
  std::vector<storage::Sanction> active;
  store_.Read(
      [&](storage::StaffSql& sql) { active = sql.ActiveSanctions(store_.clock().NowMs()); });
  hub_.sanctions().Load(std::move(active));
}

ApiAnswer Console::Me(const StaffMember& who, const std::string& csrf) {
  return Json([&](Writer& w) {
    w.StartObject();
    Key(w, "name", who.name);
    Key(w, "role", std::string(RoleName(who.role)));
    Key(w, "scope", who.scope);
    Key(w, "csrf", csrf);
    w.Key("permissions");
    w.StartArray();
    for (Permission p : PermissionsOf(who.role)) w.String(std::string(PermissionName(p)).c_str());
    w.EndArray();
    w.EndObject();
  });
}

ApiAnswer Console::Dashboard(const StaffMember&, std::size_t limiter_keys) {
  const Metrics& m = hub_.metrics();
  const std::int64_t now = store_.clock().NowMs();
  CounterSample sample;
  sample.at_ms = now;
  sample.moves = m.moves_total.load();
  sample.errors = m.errors_total.load();
  sample.storage_errors = m.storage_errors_total.load();
  const storage::StorageStats storage_stats = store_.storage().Stats();
  sample.storage_commits = static_cast<std::int64_t>(storage_stats.commits);
  sample.commit_latency = storage_stats.commit_latency.counts;
  sample.connections_opened = m.connections_total.load();
  sample.latency = m.LatencyBuckets();
  // The totals shown are the sample's, read once: the window's counts are their differences,
  // so reading the counters again would let a move land between the two.
  const WindowRates rates = window_.Sample(sample);
  // Tournament activity from the events' rows (up to 1000 counted per state).
  const auto events = [&](const char* state) {
    return static_cast<std::int64_t>(store_.storage().ListTournaments(state, 1000).size());
  };
  const std::int64_t running = events("running");
  const std::int64_t registering = events("registering");
  const auto optional = [&](json::Writer& w, const char* key, const std::optional<double>& v) {
    w.Key(key);
    if (v) {
      w.Double(*v);
    } else {
      w.Null();
    }
  };
  return Json([&](Writer& w) {
    w.StartObject();
    Key(w, "connections", m.connections.load());
    Key(w, "tables", m.tables.load());
    Key(w, "live_matches", m.live_matches.load());
    Key(w, "moves_total", sample.moves);
    Key(w, "errors_total", sample.errors);
    Key(w, "storage_errors_total", sample.storage_errors);
    Key(w, "storage_queue_depth", static_cast<std::int64_t>(storage_stats.queue_depth));
    Key(w, "tournaments_running", running);
    Key(w, "tournaments_registering", registering);
    Key(w, "login_limiter_keys", static_cast<std::int64_t>(limiter_keys));
    Key(w, "now_ms", now);
    w.Key("window");
    w.StartObject();
    Key(w, "ms", rates.window_ms);
    Key(w, "moves", rates.moves);
    Key(w, "errors", rates.errors);
    Key(w, "storage_errors", rates.storage_errors);
    Key(w, "storage_commits", rates.storage_commits);
    Key(w, "connections_opened", rates.connections_opened);
    KeyDouble(w, "moves_per_second", rates.moves_per_second);
    KeyDouble(w, "errors_per_minute", rates.errors_per_minute);
    KeyDouble(w, "storage_errors_per_minute", rates.storage_errors_per_minute);
    KeyDouble(w, "commits_per_second", rates.commits_per_second);
    optional(w, "move_latency_p50_ms", rates.latency_p50_ms);
    optional(w, "move_latency_p99_ms", rates.latency_p99_ms);
    optional(w, "commit_latency_p50_ms", rates.commit_latency_p50_ms);
    optional(w, "commit_latency_p99_ms", rates.commit_latency_p99_ms);
    w.EndObject();
    w.EndObject();
  });
}

ApiAnswer Console::Tables(const StaffMember&, const Query& query) {
  TableFilter filter;
  if (const auto game = Get(query, "game"); !game.empty()) filter.game = game;
  const auto flag = [&](const char* name) -> std::optional<bool> {
    const std::string value = Get(query, name);
    if (value == "true" || value == "1") return true;
    if (value == "false" || value == "0") return false;
    return std::nullopt;
  };
  filter.rated = flag("rated");
  filter.is_private = flag("private");
  filter.match_in_progress = flag("live");
  if (const auto player = Get(query, "player"); !player.empty()) {
    const auto id = Id(player);
    if (!id) return ApiError(400, "player must be an account id");
    filter.player = *id;
  }
  // player_name: a name as staff type it, found as sign-in finds it (Greek in any case).
  if (const auto name = Get(query, "player_name"); !name.empty()) {
    if (filter.player != 0) return ApiError(400, "give player or player_name, not both");
    if (!Accounts::ValidName(name)) return ApiError(400, "player_name: not a valid player name");
    const auto account = FindAccountByTypedName(hub_.account_store(), name);
    if (!account) return ApiError(404, "no player named " + name);
    filter.player = account->id;
  }
  // tournament: an event's id, or true / false for any event's tables / no event's.
  std::optional<std::int64_t> event;
  const std::optional<bool> any_event = flag("tournament");
  if (const auto text = Get(query, "tournament"); !text.empty() && !any_event) {
    event = Id(text);
    if (!event) return ApiError(400, "tournament must be an event's id, true or false");
  }
  auto tables = hub_.tables().List(filter);
  std::erase_if(tables, [&](const v1::TableInfo& info) {
    if (event) return info.tournament_id() != *event;
    return any_event && (info.tournament_id() != 0) != *any_event;
  });
  return Json([&](Writer& w) {
    w.StartObject();
    w.Key("tables");
    w.StartArray();
    for (const auto& info : tables) v1::WriteJson(info, w);
    w.EndArray();
    w.EndObject();
  });
}

ApiAnswer Console::TableAction(const StaffMember& who, const std::string& table_id,
                               const std::string& action, const rapidjson::Value& body) {
  const auto reason = Reason(body);
  if (!reason) return ApiError(400, "a reason (1 to 500 bytes) is required");
  const auto table = hub_.tables().Find(table_id);
  if (!table) {
    store_.Audit(
        {who.name, "table." + action, "table " + table_id, *reason, "refused: no such table"});
    return ApiError(404, "no open table " + table_id);
  }
  // Audited before it takes effect: an action that is not on record does not happen.
  store_.Audit({who.name, "table." + action, "table " + table_id, *reason, "ok"});
  // Answered once the table shows it, as a kick is: a closed table is out of the list the
  // console asks for next.
  std::promise<void> applied;
  auto shown = applied.get_future();
  const auto done = [&applied] { applied.set_value(); };
  if (action == "pause") {
    table->Pause(*reason, done);
  } else if (action == "resume") {
    table->Resume(done);
  } else {
    table->Close("closed by the moderators: " + *reason, done);
  }
  shown.get();
  return Json([&](Writer& w) {
    w.StartObject();
    Key(w, "table_id", table_id);
    Key(w, "done", action);
    w.EndObject();
  });
}

ApiAnswer Console::Kick(const StaffMember& who, const std::string& table_id,
                        const rapidjson::Value& body) {
  const auto reason = Reason(body);
  if (!reason) return ApiError(400, "a reason (1 to 500 bytes) is required");
  const auto player = Number(body, "player");
  if (!player || *player <= 0) return ApiError(400, "player: the account id to remove");
  const std::string target = "player " + std::to_string(*player) + " at table " + table_id;
  const auto table = hub_.tables().Find(table_id);
  if (!table) {
    store_.Audit({who.name, "table.kick", target, *reason, "refused: no such table"});
    return ApiError(404, "no open table " + table_id);
  }
  std::promise<Refusal> kicked;
  auto answer = kicked.get_future();
  table->Kick(*player, *reason, [&kicked](Refusal refusal) { kicked.set_value(refusal); });
  const Refusal refusal = answer.get();
  store_.Audit(
      {who.name, "table.kick", target, *reason, refusal ? "refused: " + refusal.message : "ok"});
  if (refusal) return ApiError(refusal.code == v1::NOT_AT_TABLE ? 404 : 503, refusal.message);
  return Json([&](Writer& w) {
    w.StartObject();
    Key(w, "table_id", table_id);
    Key(w, "kicked", *player);
    w.EndObject();
  });
}

ApiAnswer Console::SearchPlayers(const StaffMember&, const Query& query) {
  const std::string name = Get(query, "q");
  if (name.empty() || name.size() > 100) return ApiError(400, "q: a part of a name is required");
  std::vector<storage::PlayerSummary> found;
  store_.Read([&](storage::StaffSql& sql) { found = sql.SearchPlayers(name, 50); });
  return Json([&](Writer& w) {
    w.StartObject();
    w.Key("players");
    w.StartArray();
    for (const auto& p : found) {
      w.StartObject();
      Key(w, "id", p.id);
      Key(w, "name", p.name);
      w.Key("guest");
      w.Bool(p.guest);
      Key(w, "created_ms", p.created_ms);
      w.EndObject();
    }
    w.EndArray();
    w.EndObject();
  });
}

ApiAnswer Console::Player(const StaffMember&, const std::string& id_text) {
  const auto id = Id(id_text);
  if (!id) return ApiError(400, "a player id is a positive number");
  const auto account = hub_.account_store().FindAccount(*id);
  if (!account) return ApiError(404, "no player " + id_text);
  const std::int64_t now = store_.clock().NowMs();
  std::vector<storage::Sanction> sanctions;
  int sessions = 0;
  store_.Read([&](storage::StaffSql& sql) {
    sanctions = sql.SanctionsOf(*id);
    sessions = sql.PlayerSessionCount(*id, now);
  });
  // Each session: when it was made and last used, from where and with which program
  // (migration 0017); its id is the start of its hash, never the token.
  std::vector<storage::SessionDetails> session_list;
  store_.storage().ReadSessions(
      [&](storage::SessionSql& sql) { session_list = sql.SessionsOf(*id, now); });
  const auto ratings = hub_.results().RatingsOf(*id);
  const auto history = hub_.results().MatchHistory(*id, 20, 0);
  const auto tables = hub_.tables().FindByPlayer(*id);
  return Json([&](Writer& w) {
    w.StartObject();
    Key(w, "id", account->id);
    Key(w, "name", account->name);
    w.Key("guest");
    w.Bool(account->guest);
    Key(w, "created_ms", account->created_unix_ms);
    Key(w, "sessions", sessions);
    w.Key("session_list");
    w.StartArray();
    for (const auto& s : session_list) {
      w.StartObject();
      Key(w, "id", s.token_hash.substr(0, 16));  // the id the player sees (list_sessions)
      Key(w, "created_ms", s.created_ms);
      Key(w, "last_seen_ms", s.last_seen_ms);
      Key(w, "expires_ms", s.expires_ms);
      Key(w, "address", s.address);
      Key(w, "device", s.device);
      w.EndObject();
    }
    w.EndArray();
    w.Key("ratings");
    w.StartArray();
    for (const auto& r : ratings) {
      w.StartObject();
      Key(w, "mode", r.mode);
      w.Key("rating");
      w.Double(r.rating);
      w.Key("rd");
      w.Double(r.rd);
      Key(w, "matches", r.matches);
      w.EndObject();
    }
    w.EndArray();
    w.Key("history");
    w.StartArray();
    for (const auto& m : history) {
      w.StartObject();
      Key(w, "match_id", m.match_id);
      Key(w, "game", m.game);
      Key(w, "state", m.state);
      Key(w, "started_ms", m.started_unix_ms);
      Key(w, "winner", m.winner);
      Key(w, "own_team", m.own_team);
      KeyBool(w, "rated", m.rated);
      KeyBool(w, "voided", m.void_reason.has_value());
      w.EndObject();
    }
    w.EndArray();
    w.Key("tables");
    w.StartArray();
    for (const auto& t : tables) v1::WriteJson(t, w);
    w.EndArray();
    w.Key("sanctions");
    w.StartArray();
    for (const auto& s : sanctions) WriteSanction(w, s, now);
    w.EndArray();
    w.EndObject();
  });
}

ApiAnswer Console::Sanction(const StaffMember& who, const std::string& id_text,
                            const std::string& kind, const rapidjson::Value& body) {
  const auto id = Id(id_text);
  if (!id) return ApiError(400, "a player id is a positive number");
  const auto reason = Reason(body);
  if (!reason) return ApiError(400, "a reason (1 to 500 bytes) is required");
  const auto minutes = Number(body, "minutes");
  if (!minutes || *minutes < 0 || *minutes > 100LL * 365 * 24 * 60) {
    return ApiError(400, "minutes: how long, 0 for good");
  }
  const auto account = hub_.account_store().FindAccount(*id);
  if (!account) return ApiError(404, "no player " + id_text);
  const std::int64_t now = store_.clock().NowMs();
  storage::Sanction sanction;
  sanction.account_id = *id;
  sanction.kind = kind;
  sanction.reason = *reason;
  sanction.staff = who.name;
  sanction.created_ms = now;
  if (*minutes > 0) sanction.until_ms = now + *minutes * 60000;
  const std::string span = *minutes > 0 ? std::to_string(*minutes) + " min" : "for good";
  store_.WriteAudited([&](storage::StaffSql& sql) { sanction.id = sql.AddSanction(sanction); },
                      {who.name, "player." + kind, "player " + id_text + " (" + account->name + ")",
                       *reason, "ok: " + span});
  hub_.sanctions().Add(sanction);
  int closed = 0;
  if (kind == "ban") closed = hub_.sanctions().DisconnectAll(*id);
  hub_.TellPlayerChanged(*id);  // the other nodes of a cluster do the same
  return Json([&](Writer& w) {
    w.StartObject();
    w.Key("sanction");
    WriteSanction(w, sanction, now);
    Key(w, "connections_closed", closed);
    w.EndObject();
  });
}

ApiAnswer Console::LiftSanction(const StaffMember& who, const std::string& id_text,
                                const rapidjson::Value& body) {
  const auto id = Id(id_text);
  if (!id) return ApiError(400, "a sanction id is a positive number");
  const auto reason = Reason(body);
  if (!reason) return ApiError(400, "a reason (1 to 500 bytes) is required");
  const auto account = hub_.sanctions().AccountOf(*id);
  try {
    store_.WriteAudited(
        [&](storage::StaffSql& sql) { sql.LiftSanction(*id, store_.clock().NowMs(), who.name); },
        {who.name, "sanction.lift", "sanction " + id_text, *reason, "ok"});
  } catch (const StaffWriteError&) {
    store_.Audit({who.name, "sanction.lift", "sanction " + id_text, *reason,
                  "refused: no such sanction in force"});
    return ApiError(404, "no sanction " + id_text + " in force");
  }
  hub_.sanctions().Lift(*id);
  hub_.TellPlayerChanged(account.value_or(0));
  return Json([&](Writer& w) {
    w.StartObject();
    Key(w, "lifted", *id);
    w.EndObject();
  });
}

ApiAnswer Console::RevokeSessions(const StaffMember& who, const std::string& id_text,
                                  const rapidjson::Value& body) {
  const auto id = Id(id_text);
  if (!id) return ApiError(400, "a player id is a positive number");
  const auto reason = Reason(body);
  if (!reason) return ApiError(400, "a reason (1 to 500 bytes) is required");
  if (!hub_.account_store().FindAccount(*id)) return ApiError(404, "no player " + id_text);
  store_.WriteAudited([&](storage::StaffSql& sql) { sql.RevokePlayerSessions(*id); },
                      {who.name, "player.revoke_sessions", "player " + id_text, *reason, "ok"});
  // Every connection of the player is signed out, here and on the other nodes.
  const int closed = hub_.sessions().SignOutAccount(*id, "", 0);
  hub_.TellPlayerChanged(*id);
  return Json([&](Writer& w) {
    w.StartObject();
    Key(w, "revoked", *id);
    Key(w, "connections_closed", closed);
    w.EndObject();
  });
}

ApiAnswer Console::RenamePlayer(const StaffMember& who, const std::string& id_text,
                                const rapidjson::Value& body) {
  const auto id = Id(id_text);
  if (!id) return ApiError(400, "a player id is a positive number");
  const auto reason = Reason(body);
  if (!reason) return ApiError(400, "a reason (1 to 500 bytes) is required");
  const std::string name = Text(body, "name");
  if (!Accounts::ValidName(name)) return ApiError(400, "not a valid player name");
  const auto account = hub_.account_store().FindAccount(*id);
  if (!account) return ApiError(404, "no player " + id_text);
  const std::string target = "player " + id_text + " (" + account->name + " -> " + name + ")";
  try {
    store_.WriteAudited([&](storage::StaffSql& sql) { sql.RenamePlayer(*id, name); },
                        {who.name, "player.rename", target, *reason, "ok"});
  } catch (const StaffWriteError& error) {
    if (!error.conflict()) throw;
    store_.Audit({who.name, "player.rename", target, *reason, "refused: name taken"});
    return ApiError(409, "the name " + name + " is taken");
  }
  // Their connections, here and on the other nodes, are closed: they resume (the web page
  // at once) under the new name, which every table then shows.
  const int closed = hub_.sanctions().DisconnectAll(*id);
  hub_.TellPlayerChanged(*id, true);
  return Json([&](Writer& w) {
    w.StartObject();
    Key(w, "renamed", *id);
    Key(w, "name", name);
    Key(w, "connections_closed", closed);
    w.EndObject();
  });
}

ApiAnswer Console::AuditLog(const StaffMember&, const Query& query) {
  storage::AuditFilter filter;
  filter.actor = Get(query, "actor");
  filter.action = Get(query, "action");
  filter.target = Get(query, "target");
  if (const auto before = Get(query, "before"); !before.empty()) {
    const auto id = Id(before);
    if (!id) return ApiError(400, "before must be an entry id");
    filter.before_id = *id;
  }
  std::vector<storage::AuditEntry> entries;
  store_.Read([&](storage::StaffSql& sql) { entries = sql.AuditEntries(filter); });
  return Json([&](Writer& w) {
    w.StartObject();
    w.Key("entries");
    w.StartArray();
    for (const auto& e : entries) WriteAudit(w, e);
    w.EndArray();
    w.EndObject();
  });
}

ApiAnswer Console::VerifyAudit(const StaffMember& who, const rapidjson::Value& body) {
  std::optional<AuditAnchor> expected;
  if (const std::string text = Text(body, "expect"); !text.empty()) {
    expected = ParseAnchor(text);
    if (!expected) return ApiError(400, "expect: an anchor ID:HASH (the hash: 64 hex digits)");
  }
  // Taken before the log is read: every entry it names is durable, so it must be there.
  const auto own = store_.LastAnchor();
  std::vector<storage::AuditEntry> entries;
  store_.Read([&](storage::StaffSql& sql) { entries = sql.WholeAuditLog(); });
  ChainCheck check = VerifyChain(entries);
  if (expected) CheckAnchor(entries, *expected, check);
  if (own) CheckAnchor(entries, *own, check);
  store_.Audit({who.name, "audit.verify", "audit log",
                expected ? "against " + AnchorText(*expected) : "",
                check.ok ? "ok: intact" : "ok: broken at " + std::to_string(check.first_bad_id)});
  return Json([&](Writer& w) {
    w.StartObject();
    w.Key("intact");
    w.Bool(check.ok);
    Key(w, "entries", check.entries);
    Key(w, "first_bad_id", check.first_bad_id);
    Key(w, "problem", check.problem);
    Key(w, "head", check.head);
    Key(w, "head_id", check.head_id);
    // The anchor to keep and give back next time (the page keeps it).
    Key(w, "anchor", check.head_id ? AnchorText({check.head_id, check.head}) : std::string());
    w.EndObject();
  });
}

ApiAnswer Console::RoleRefused(const StaffMember& who, const std::string& call,
                               Permission permission, const rapidjson::Value& body) {
  const std::string why = "your role (" + std::string(RoleName(who.role)) + ") may not " +
                          std::string(PermissionName(permission));
  store_.Audit({who.name, std::string(PermissionName(permission)), call, Reason(body).value_or(""),
                "refused: " + why});
  return ApiError(403, why);
}

ApiAnswer Console::Announce(const StaffMember& who, const rapidjson::Value& body) {
  const std::string text = Text(body, "text");
  if (text.empty() || text.size() > 500) return ApiError(400, "text: 1 to 500 bytes");
  store_.Audit({who.name, "announce", "every player", text, "ok"});
  const std::int64_t now = store_.clock().NowMs();
  const int reached = ShowAnnouncement(text, now);
  if (elsewhere_) elsewhere_->AnnounceElsewhere(text, now);  // a cluster's other nodes
  return Json([&](Writer& w) {
    w.StartObject();
    Key(w, "connections", reached);
    w.EndObject();
  });
}

int Console::ShowAnnouncement(const std::string& text, std::int64_t sent_ms) {
  auto message = std::make_shared<v1::Envelope>();
  message->mutable_announcement()->set_text(text);
  message->mutable_announcement()->set_sent_unix_ms(sent_ms);
  return hub_.sanctions().SendToAll(message);
}

}  // namespace kafenio::server::admin
