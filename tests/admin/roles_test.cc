// The role table and a director's scope (docs/admin.md lists the same table).
#include <catch2/catch.hpp>

#include "server/app/admin/roles.h"

namespace kafenio::server::admin {
namespace {

TEST_CASE("the role table", "[admin][roles]") {
  using P = Permission;
  CHECK(PermissionsOf(Role::owner).size() == 11);
  CHECK(Allows(Role::admin, P::void_matches));
  CHECK_FALSE(Allows(Role::moderator, P::void_matches));
  CHECK_FALSE(Allows(Role::director, P::void_matches));
  CHECK(Allows(Role::admin, P::announce));
  CHECK_FALSE(Allows(Role::moderator, P::announce));
  CHECK(Allows(Role::admin, P::manage_staff));
  CHECK_FALSE(Allows(Role::moderator, P::manage_staff));
  CHECK_FALSE(Allows(Role::director, P::manage_staff));
  CHECK(Allows(Role::admin, P::reveal_hands));
  CHECK(Allows(Role::moderator, P::moderate_players));
  CHECK(Allows(Role::moderator, P::manage_tables));
  CHECK_FALSE(Allows(Role::moderator, P::view_audit));
  CHECK_FALSE(Allows(Role::moderator, P::reveal_hands));
  CHECK(Allows(Role::director, P::direct_tournaments));
  CHECK_FALSE(Allows(Role::director, P::moderate_players));
  CHECK_FALSE(Allows(Role::director, P::manage_tables));
  for (const char* name : {"owner", "admin", "moderator", "director"}) {
    CHECK(RoleName(*ParseRole(name)) == name);
  }
  CHECK_FALSE(ParseRole("root").has_value());
}

TEST_CASE("admins manage staff below owner; owners everyone", "[admin][roles]") {
  CHECK(StaffChangeRefusal(Role::owner, Role::owner, Role::admin).empty());
  CHECK(StaffChangeRefusal(Role::owner, std::nullopt, Role::owner).empty());
  CHECK(StaffChangeRefusal(Role::admin, Role::moderator, Role::director).empty());
  CHECK(StaffChangeRefusal(Role::admin, Role::admin, Role::admin).empty());
  CHECK_FALSE(StaffChangeRefusal(Role::admin, Role::moderator, Role::owner).empty());
  CHECK_FALSE(StaffChangeRefusal(Role::admin, std::nullopt, Role::owner).empty());
  CHECK_FALSE(StaffChangeRefusal(Role::admin, Role::owner, Role::owner).empty());
  CHECK_FALSE(StaffChangeRefusal(Role::admin, Role::owner, Role::moderator).empty());
  CHECK_FALSE(StaffChangeRefusal(Role::moderator, Role::director, Role::director).empty());
}

TEST_CASE("a director reaches only the tournaments in scope", "[admin][roles]") {
  CHECK(InScope(Role::director, "t1,t7", "t7"));
  CHECK_FALSE(InScope(Role::director, "t1,t7", "t70"));
  CHECK(InScope(Role::director, "*", "anything"));
  CHECK_FALSE(InScope(Role::director, "", "t1"));
  CHECK(InScope(Role::owner, "", "t1"));
  CHECK_FALSE(InScope(Role::moderator, "*", "t1"));
  CHECK(ScopeValid("t1,t-2,T_3"));
  CHECK_FALSE(ScopeValid("t1,,t2"));
  CHECK_FALSE(ScopeValid("t1;drop"));
}

}  // namespace
}  // namespace kafenio::server::admin
