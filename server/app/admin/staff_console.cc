// Managing staff accounts from the console (docs/admin.md, "Managing staff"): the list,
// creating one, changing a role or a director's scope, disabling and enabling, a new
// TOTP secret, and a new password. Owners manage everyone; admins everyone below owner, and never
// make an owner (roles.cc, StaffChangeRefusal). Nobody removes the last enabled owner: the check
// runs inside the write's transaction, under the audit log's lock (across a cluster's
// nodes), so two owners demoting each other at once cannot both win. Every change, allowed or
// refused, is audited with its reason.
#include "server/app/accounts.h"
#include "server/app/admin/console.h"
#include "server/app/admin/totp.h"
#include "server/app/crypto.h"

namespace kafenio::server::admin {
namespace {

using json::Writer;

constexpr const char* kLastOwner = "the last owner: make another owner first";

std::string Describe(const storage::StaffAccount& staff) {
  return "staff " + staff.name + " (#" + std::to_string(staff.id) + ", " + staff.role + ")";
}

// Whether, with `changed` no longer an enabled owner, an enabled owner is left. Read in the
// writer's transaction.
bool AnotherOwnerLeft(storage::StaffSql& sql, std::int64_t changed) {
  for (const auto& staff : sql.AllStaff()) {
    if (staff.id != changed && staff.role == "owner" && !staff.disabled_ms) return true;
  }
  return false;
}

bool IsEnabledOwner(const storage::StaffAccount& staff) {
  return staff.role == "owner" && !staff.disabled_ms;
}

// The role and scope asked for, or the 400 that refuses them.
std::optional<ApiAnswer> CheckRole(const std::string& role_name, const std::string& scope) {
  const auto role = ParseRole(role_name);
  if (!role) return ApiError(400, "role: owner, admin, moderator or director");
  if (!ScopeValid(scope)) return ApiError(400, "scope: '*' or tournament ids, comma-separated");
  if (*role == Role::director && scope.empty()) {
    return ApiError(400, "a director needs a scope ('*' for every tournament)");
  }
  return std::nullopt;
}

}  // namespace

ApiAnswer Console::Staff(const StaffMember&) {
  std::vector<storage::StaffAccount> staff;
  store_.Read([&](storage::StaffSql& sql) { staff = sql.AllStaff(); });
  return Json([&](Writer& w) {
    w.StartObject();
    w.Key("staff");
    w.StartArray();
    for (const auto& s : staff) {
      w.StartObject();
      Key(w, "id", s.id);
      Key(w, "name", s.name);
      Key(w, "role", s.role);
      Key(w, "scope", s.tournament_scope);
      KeyBool(w, "totp", s.totp_secret.has_value());
      Key(w, "created_ms", s.created_ms);
      KeyBool(w, "disabled", s.disabled_ms.has_value());
      Key(w, "disabled_ms", s.disabled_ms.value_or(0));
      w.EndObject();
    }
    w.EndArray();
    w.EndObject();
  });
}

ApiAnswer Console::CreateStaff(const StaffMember& who, const rapidjson::Value& body) {
  const auto reason = Reason(body);
  if (!reason) return ApiError(400, "a reason (1 to 500 bytes) is required");
  const std::string name = Text(body, "name");
  const std::string password = Text(body, "password");
  const std::string role_name = Text(body, "role");
  const std::string scope = Text(body, "scope");
  if (!Accounts::ValidName(name)) return ApiError(400, "not a valid staff name");
  if (!StaffPasswordAcceptable(password)) return ApiError(400, kStaffPasswordRule);
  if (auto refused = CheckRole(role_name, scope)) return *refused;
  const Role role = *ParseRole(role_name);
  const std::string target = "staff " + name + " (" + role_name + ")";
  if (const auto refusal = StaffChangeRefusal(who.role, std::nullopt, role); !refusal.empty()) {
    store_.Audit({who.name, "staff.create", target, *reason, "refused: " + refusal});
    return ApiError(403, refusal);
  }
  storage::StaffAccount staff;
  staff.name = name;
  staff.password_hash = HashPassword(password);
  staff.role = role_name;
  staff.tournament_scope = role == Role::director ? scope : "";
  staff.created_ms = store_.clock().NowMs();
  const bool totp = body.HasMember("totp") && body["totp"].IsBool() && body["totp"].GetBool();
  if (totp) staff.totp_secret = NewTotpSecret();
  try {
    store_.WriteAudited(
        [&](storage::StaffSql& sql) { staff.id = sql.CreateStaff(staff); },
        {who.name, "staff.create", target, *reason, totp ? "ok: with a second factor" : "ok"});
  } catch (const StaffWriteError& error) {
    if (!error.conflict()) throw;
    store_.Audit({who.name, "staff.create", target, *reason, "refused: name taken"});
    return ApiError(409, "the staff name " + name + " is taken");
  }
  return Json([&](Writer& w) {
    w.StartObject();
    Key(w, "id", staff.id);
    Key(w, "name", staff.name);
    Key(w, "role", staff.role);
    Key(w, "scope", staff.tournament_scope);
    // Shown once, for the new member's authenticator app; never stored in the audit log.
    if (staff.totp_secret) {
      Key(w, "totp_secret", *staff.totp_secret);
      Key(w, "totp_uri", TotpUri(*staff.totp_secret, staff.name));
    }
    w.EndObject();
  });
}

ApiAnswer Console::ChangeStaff(const StaffMember& who, const std::string& id_text,
                               const std::string& change, const rapidjson::Value& body) {
  const auto id = Id(id_text);
  if (!id) return ApiError(400, "a staff id is a positive number");
  const auto reason = Reason(body);
  if (!reason) return ApiError(400, "a reason (1 to 500 bytes) is required");
  const std::string action = "staff." + change;
  std::optional<storage::StaffAccount> staff;
  store_.Read([&](storage::StaffSql& sql) { staff = sql.StaffById(*id); });
  if (!staff) {
    store_.Audit({who.name, action, "staff #" + id_text, *reason, "refused: no such staff"});
    return ApiError(404, "no staff member " + id_text);
  }
  std::string target = Describe(*staff);
  const auto refuse = [&](int status, const std::string& why) {
    store_.Audit({who.name, action, target, *reason, "refused: " + why});
    return ApiError(status, why);
  };
  const Role current = ParseRole(staff->role).value_or(Role::moderator);
  Role wanted = current;
  std::string scope = staff->tournament_scope;
  if (change == "role") {
    const std::string role_name = Text(body, "role");
    scope = Text(body, "scope");
    if (auto refused = CheckRole(role_name, scope)) return *refused;
    wanted = *ParseRole(role_name);
    if (wanted != Role::director) scope.clear();
    target += " -> " + role_name + (scope.empty() ? "" : " [" + scope + "]");
  }
  if (const auto refusal = StaffChangeRefusal(who.role, current, wanted); !refusal.empty()) {
    return refuse(403, refusal);
  }
  if (change == "disable" && staff->id == who.id) {
    return refuse(409, "you cannot disable your own account");
  }
  if (change == "disable" && staff->disabled_ms) return refuse(409, "already disabled");
  // One's own password is changed with the current one (POST /admin/api/me/password), so
  // a session left open is not enough to take an account over.
  if (change == "password" && staff->id == who.id) {
    return refuse(409, "change your own password with your current one (Your password)");
  }
  std::string password_hash;
  if (change == "password") {
    const std::string password = Text(body, "password");
    if (!StaffPasswordAcceptable(password)) return ApiError(400, kStaffPasswordRule);
    password_hash = HashPassword(password);
  }
  if (change == "enable" && !staff->disabled_ms) return refuse(409, "not disabled");
  // Whether the change takes an enabled owner away (checked again in the transaction).
  const bool removes_owner = IsEnabledOwner(*staff) &&
                             (change == "disable" || (change == "role" && wanted != Role::owner));
  const std::int64_t now = store_.clock().NowMs();
  std::string secret;
  if (change == "reset-totp") secret = NewTotpSecret();
  bool last_owner = false;
  try {
    store_.WriteAudited(
        [&](storage::StaffSql& sql) {
          // The audit log's lock first: on a cluster, nodes then change staff one at a time,
          // so two nodes cannot each remove one of the last two owners.
          sql.LockAuditLog();
          if (removes_owner && !AnotherOwnerLeft(sql, staff->id)) {
            last_owner = true;
            throw std::runtime_error(kLastOwner);
          }
          if (change == "role") {
            sql.SetStaffRole(staff->id, RoleName(wanted), scope);
          } else if (change == "disable") {
            // Sign-in is refused from now on, and every session ends at once.
            sql.SetStaffDisabled(staff->id, now);
            sql.DeleteStaffSessionsOf(staff->id);
          } else if (change == "enable") {
            sql.SetStaffDisabled(staff->id, std::nullopt);
          } else if (change == "password") {
            // Whoever knew the old password, or holds one of its sessions, is out.
            sql.SetStaffPassword(staff->id, password_hash);
            sql.DeleteStaffSessionsOf(staff->id);
          } else {
            // A new second factor: the old codes no longer sign in, nor do its sessions go on.
            sql.SetStaffTotp(staff->id, secret);
            sql.DeleteStaffSessionsOf(staff->id);
          }
        },
        {who.name, action, target, *reason,
         change == "reset-totp" ? "ok: new secret issued, sessions ended"
         : change == "password" ? "ok: password set, sessions ended"
         : change == "disable"  ? "ok: sessions ended"
                                : "ok"});
  } catch (const StaffWriteError&) {
    if (!last_owner) throw;
    return refuse(409, kLastOwner);
  }
  return Json([&](Writer& w) {
    w.StartObject();
    Key(w, "id", staff->id);
    Key(w, "name", staff->name);
    Key(w, "role", std::string(RoleName(wanted)));
    Key(w, "scope", scope);
    KeyBool(w, "disabled", change == "disable" || (change != "enable" && staff->disabled_ms));
    if (!secret.empty()) {
      Key(w, "totp_secret", secret);
      Key(w, "totp_uri", TotpUri(secret, staff->name));
    }
    w.EndObject();
  });
}

}  // namespace kafenio::server::admin
