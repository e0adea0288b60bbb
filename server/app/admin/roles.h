#pragma once
// Staff roles and what each may do: the one table every admin endpoint is checked against
// (docs/admin.md lists it). A tournament director's powers reach only the tournaments in
// their scope.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace kafenio::server::admin {

enum class Role { owner, admin, moderator, director };

enum class Permission {
  view_dashboard,      // the dashboard and the live tables list
  watch_table,         // watch a table as a spectator
  reveal_hands,        // see a table's hidden hands (each look audited)
  manage_tables,       // pause, resume, close a table
  view_players,        // search players, profiles
  moderate_players,    // ban, mute, lift, rename, revoke sessions
  view_audit,          // read and verify the audit log
  manage_staff,        // staff accounts: create, change role, disable, reset TOTP
  announce,            // a message to every player
  direct_tournaments,  // the tournament director's powers (in scope)
  void_matches         // void a match: its rating changes replayed away
};

std::optional<Role> ParseRole(std::string_view name);
std::string_view RoleName(Role role);
std::string_view PermissionName(Permission permission);
bool Allows(Role role, Permission permission);
std::vector<Permission> PermissionsOf(Role role);

// Why `actor` may not make a staff member of role `current` (none: a new account) into
// `wanted` (or disable them, or reset their second factor: wanted == current), or "" when
// they may. Only an owner makes an owner or touches one; admins manage the rest.
std::string StaffChangeRefusal(Role actor, std::optional<Role> current, Role wanted);

// A director's scope: "*" (every tournament) or tournament ids, comma-separated. Owners and
// admins reach every tournament; moderators none.
bool ScopeValid(std::string_view scope);
bool InScope(Role role, std::string_view scope, std::string_view tournament_id);

}  // namespace kafenio::server::admin
