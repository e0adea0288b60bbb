// The admin console's storage (StaffSql, migrations 0010-0011) on both backends: staff and
// their sessions, the audit log, sanctions, player search, rename and revoking sessions.
#include <catch2/catch.hpp>

#include "tests/storage/storage_fixture.h"

namespace kafenio::testing {
namespace {

using storage::StaffSql;
using storage::WriteTransaction;

TEST_CASE("staff storage works alike on SQLite and PostgreSQL", "[storage][staff][postgres]") {
  StorageFixture fixture(GENERATE(KAFENIO_BACKENDS));
  storage::Storage& store = *fixture.store;
  const auto read = [&](auto&& f) { store.ReadStaff(f); };

  std::int64_t ann = 0;
  REQUIRE(Write(store, [&](WriteTransaction& tx) {
            ann = tx.Staff().CreateStaff({0, "Ann", "hash", "owner", "", std::nullopt, 5});
          }).ok());
  // Names ignore case: a second "ANN" is a conflict.
  const auto taken = Write(store, [&](WriteTransaction& tx) {
    tx.Staff().CreateStaff({0, "ANN", "hash", "admin", "", std::nullopt, 6});
  });
  CHECK_FALSE(taken.ok());
  CHECK(taken.conflict);
  REQUIRE(Write(store, [&](WriteTransaction& tx) {
            tx.Staff().SetStaffTotp(ann, std::string("JBSWY3DPEHPK3PXP"));
            tx.Staff().SetStaffRole(ann, "director", "t1,t2");
            tx.Staff().PutStaffSession({"tokenhash", ann, 1000});
          }).ok());
  read([&](StaffSql& sql) {
    const auto found = sql.StaffByName("ann");
    REQUIRE(found);
    CHECK(found->id == ann);
    CHECK(found->role == "director");
    CHECK(found->tournament_scope == "t1,t2");
    CHECK(found->totp_secret == std::optional<std::string>("JBSWY3DPEHPK3PXP"));
    CHECK(sql.StaffSessionByHash("tokenhash", 999).has_value());
    CHECK_FALSE(sql.StaffSessionByHash("tokenhash", 1000).has_value());  // expired
    CHECK(sql.AllStaff().size() == 1);
  });

  // The audit log: appended in order, read newest first and filtered.
  REQUIRE(Write(store, [&](WriteTransaction& tx) {
            for (int i = 1; i <= 3; ++i) {
              storage::AuditEntry entry{0,
                                        i,
                                        i == 2 ? "bob" : "ann",
                                        "login",
                                        "console",
                                        "",
                                        "ok",
                                        "p" + std::to_string(i),
                                        "h" + std::to_string(i)};
              CHECK(tx.Staff().AppendAuditEntry(entry) > 0);
            }
            CHECK(tx.Staff().LastAuditEntry()->hash == "h3");
          }).ok());
  read([&](StaffSql& sql) {
    CHECK(sql.WholeAuditLog().size() == 3);
    CHECK(sql.WholeAuditLog().front().hash == "h1");
    const auto bobs = sql.AuditEntries({"bob", "", "", 0, 10});
    REQUIRE(bobs.size() == 1);
    CHECK(bobs[0].at_ms == 2);
    CHECK(sql.AuditEntries({"", "", "", 0, 10}).front().hash == "h3");
  });

  // Sanctions, player search, rename and revoking sessions.
  const std::int64_t player = fixture.CreateAccount("Νίκος");
  fixture.CreateAccount("nikolas");
  REQUIRE(Write(store, [&](WriteTransaction& tx) {
            tx.PutSession({"s1", player, 5000});
            tx.PutSession({"s2", player, 5000});
          }).ok());
  std::int64_t ban = 0;
  REQUIRE(Write(store, [&](WriteTransaction& tx) {
            ban = tx.Staff().AddSanction({0, player, "ban", "spam", "ann", 100, 200, {}, {}});
            tx.Staff().AddSanction({0, player, "mute", "rude", "ann", 100, std::nullopt, {}, {}});
          }).ok());
  read([&](StaffSql& sql) {
    CHECK(sql.SanctionsOf(player).size() == 2);
    CHECK(sql.ActiveSanctions(150).size() == 2);
    CHECK(sql.ActiveSanctions(250).size() == 1);  // the ban ran out
    CHECK(sql.SearchPlayers("Νίκ", 10).size() == 1);
    CHECK(sql.SearchPlayers("nik", 10).size() == 1);
    CHECK(sql.SearchPlayers("%", 10).empty());  // a letter, not a pattern
    CHECK(sql.PlayerSessionCount(player, 1000) == 2);
  });
  REQUIRE(
      Write(store, [&](WriteTransaction& tx) { tx.Staff().LiftSanction(ban, 150, "ann"); }).ok());
  CHECK_FALSE(
      Write(store, [&](WriteTransaction& tx) { tx.Staff().LiftSanction(ban, 160, "ann"); }).ok());
  const auto clash =
      Write(store, [&](WriteTransaction& tx) { tx.Staff().RenamePlayer(player, "NIKOLAS"); });
  CHECK_FALSE(clash.ok());
  CHECK(clash.conflict);
  REQUIRE(Write(store, [&](WriteTransaction& tx) {
            tx.Staff().RenamePlayer(player, "Νίκος Β");
            tx.Staff().RevokePlayerSessions(player);
          }).ok());
  read([&](StaffSql& sql) {
    CHECK(sql.ActiveSanctions(150).size() == 1);
    CHECK(sql.PlayerSessionCount(player, 1000) == 0);
    CHECK(sql.SearchPlayers("Β", 10).front().name == "Νίκος Β");
  });
}

}  // namespace
}  // namespace kafenio::testing
