#include "server/app/admin/roles.h"

#include <array>
#include <sstream>

namespace kafenio::server::admin {
namespace {

using P = Permission;

constexpr std::array<P, 11> kAllPermissions = {
    P::view_dashboard, P::watch_table,        P::reveal_hands, P::manage_tables,
    P::view_players,   P::moderate_players,   P::view_audit,   P::manage_staff,
    P::announce,       P::direct_tournaments, P::void_matches};

}  // namespace

std::optional<Role> ParseRole(std::string_view name) {
  if (name == "owner") return Role::owner;
  if (name == "admin") return Role::admin;
  if (name == "moderator") return Role::moderator;
  if (name == "director") return Role::director;
  return std::nullopt;
}

std::string_view RoleName(Role role) {
  switch (role) {
    case Role::owner:
      return "owner";
    case Role::admin:
      return "admin";
    case Role::moderator:
      return "moderator";
    default:
      return "director";
  }
}

std::string_view PermissionName(Permission permission) {
  switch (permission) {
    case P::view_dashboard:
      return "view_dashboard";
    case P::watch_table:
      return "watch_table";
    case P::reveal_hands:
      return "reveal_hands";
    case P::manage_tables:
      return "manage_tables";
    case P::view_players:
      return "view_players";
    case P::moderate_players:
      return "moderate_players";
    case P::view_audit:
      return "view_audit";
    case P::manage_staff:
      return "manage_staff";
    case P::announce:
      return "announce";
    case P::direct_tournaments:
      return "direct_tournaments";
    default:
      return "void_matches";
  }
}

// The role table. Owners may do everything; admins too, but they manage only staff below
// owner (StaffChangeRefusal);
// moderators look after tables and players; directors run their tournaments and may
// look at tables. Voiding a match rewrites the ladder, so it is for owners and admins.
bool Allows(Role role, Permission permission) {
  switch (role) {
    case Role::owner:
      return true;
    case Role::admin:
      return true;
    case Role::moderator:
      return permission == P::view_dashboard || permission == P::watch_table ||
             permission == P::manage_tables || permission == P::view_players ||
             permission == P::moderate_players;
    case Role::director:
      return permission == P::view_dashboard || permission == P::watch_table ||
             permission == P::direct_tournaments;
  }
  return false;
}

std::vector<Permission> PermissionsOf(Role role) {
  std::vector<Permission> granted;
  for (Permission permission : kAllPermissions) {
    if (Allows(role, permission)) granted.push_back(permission);
  }
  return granted;
}

std::string StaffChangeRefusal(Role actor, std::optional<Role> current, Role wanted) {
  if (actor == Role::owner) return {};
  if (actor != Role::admin) return "only owners and admins manage staff";
  if (current == Role::owner) return "only an owner may change an owner's account";
  if (wanted == Role::owner) return "only an owner may make an owner";
  return {};
}

bool ScopeValid(std::string_view scope) {
  if (scope.empty() || scope == "*") return true;
  std::stringstream ids{std::string(scope)};
  std::string id;
  while (std::getline(ids, id, ',')) {
    if (id.empty() || id.size() > 64) return false;
    for (char c : id) {
      if (!std::isalnum(static_cast<unsigned char>(c)) && c != '-' && c != '_') return false;
    }
  }
  return true;
}

bool InScope(Role role, std::string_view scope, std::string_view tournament_id) {
  if (role == Role::owner || role == Role::admin) return true;
  if (role != Role::director) return false;
  if (scope == "*") return true;
  std::stringstream ids{std::string(scope)};
  std::string id;
  while (std::getline(ids, id, ',')) {
    if (id == tournament_id) return true;
  }
  return false;
}

}  // namespace kafenio::server::admin
