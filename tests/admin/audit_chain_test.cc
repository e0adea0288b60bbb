// The audit chain on a real SQLite database, through the storage writer: appended entries
// verify; editing any field of any row, or deleting any row but the newest, is detected;
// deleting the newest is detected against an anchor.
#include <catch2/catch.hpp>

#include "server/app/admin/audit_chain.h"
#include "server/app/admin/staff_store.h"
#include "server/app/clock.h"
#include "server/storage/sqlite/connection.h"
#include "server/storage/sqlite_storage.h"
#include "tests/storage/temp_dir.h"

namespace kafenio::server::admin {
namespace {

std::vector<storage::AuditEntry> Log(storage::Storage& storage) {
  std::vector<storage::AuditEntry> entries;
  storage.ReadStaff([&](storage::StaffSql& sql) { entries = sql.WholeAuditLog(); });
  return entries;
}

TEST_CASE("the audit chain detects edited and deleted entries", "[admin][audit]") {
  const char* edits[] = {"actor = 'mallory'", "action = 'nothing'", "target = 'x'",
                         "reason = ''",       "outcome = 'ok'",     "at_ms = at_ms + 1"};
  for (int row = 1; row <= 4; ++row) {
    for (const char* edit : edits) {
      kafenio::testing::TempDir dir;
      const std::string path = dir.File("audit.db");
      ManualClock clock(1000);
      {
        auto storage = storage::OpenSqliteStorage(storage::SqliteOptions{path});
        StaffStore store(*storage, clock);
        for (int i = 1; i <= 4; ++i) {
          clock.Advance(10);
          store.Audit({"ann", "player.ban", "player " + std::to_string(i), "spam", "refused: x"});
        }
        const auto check = VerifyChain(Log(*storage));
        REQUIRE(check.ok);
        CHECK(check.entries == 4);
        storage->Close();
      }
      {
        storage::sqlite::Connection db(path, storage::sqlite::OpenMode::read_write_create);
        db.RunScript("UPDATE audit_log SET " + std::string(edit) +
                     " WHERE id = " + std::to_string(row));
      }
      auto storage = storage::OpenSqliteStorage(storage::SqliteOptions{path});
      const auto check = VerifyChain(Log(*storage));
      CHECK_FALSE(check.ok);
      CHECK(check.first_bad_id == row);
    }
  }
  for (int row = 1; row <= 3; ++row) {
    kafenio::testing::TempDir dir;
    const std::string path = dir.File("audit.db");
    ManualClock clock(1000);
    {
      auto storage = storage::OpenSqliteStorage(storage::SqliteOptions{path});
      StaffStore store(*storage, clock);
      for (int i = 1; i <= 4; ++i) store.Audit({"ann", "login", "console", "", "ok"});
      storage->Close();
    }
    {
      storage::sqlite::Connection db(path, storage::sqlite::OpenMode::read_write_create);
      db.RunScript("DELETE FROM audit_log WHERE id = " + std::to_string(row));
    }
    auto storage = storage::OpenSqliteStorage(storage::SqliteOptions{path});
    const auto check = VerifyChain(Log(*storage));
    CHECK_FALSE(check.ok);
    CHECK(check.first_bad_id == row + 1);
  }
}

TEST_CASE("an edited entry whose hash was recomputed breaks the next link", "[admin][audit]") {
  storage::AuditEntry first{1, 10, "ann", "login", "console", "", "ok", "", ""};
  first.hash = AuditHash(first);
  storage::AuditEntry second{2, 20, "ann", "player.ban", "player 3", "spam", "ok", first.hash, ""};
  second.hash = AuditHash(second);
  CHECK(VerifyChain({first, second}).ok);
  first.reason = "nothing to see";
  first.hash = AuditHash(first);
  const auto check = VerifyChain({first, second});
  CHECK_FALSE(check.ok);
  CHECK(check.first_bad_id == 2);
}

TEST_CASE("an anchor finds the newest entries deleted, and the log written on after",
          "[admin][audit]") {
  kafenio::testing::TempDir dir;
  const std::string path = dir.File("audit.db");
  ManualClock clock(1000);
  AuditAnchor anchor;
  {
    auto storage = storage::OpenSqliteStorage(storage::SqliteOptions{path});
    StaffStore store(*storage, clock);
    for (int i = 1; i <= 5; ++i) store.Audit({"ann", "login", "console", "", "ok"});
    anchor = store.LastAnchor().value();  // what this process appended last
    const auto entries = Log(*storage);
    CHECK(anchor.id == entries.back().id);
    CHECK(anchor.hash == entries.back().hash);
    CHECK(ParseAnchor(AnchorText(anchor))->hash == anchor.hash);
    auto check = VerifyChain(entries);
    CheckAnchor(entries, anchor, check);
    CHECK(check.ok);
    storage->Close();
  }
  {
    storage::sqlite::Connection db(path, storage::sqlite::OpenMode::read_write_create);
    db.RunScript("DELETE FROM audit_log WHERE id >= 4");
  }
  auto storage = storage::OpenSqliteStorage(storage::SqliteOptions{path});
  auto entries = Log(*storage);
  auto check = VerifyChain(entries);
  CHECK(check.ok);  // what is left still links: only the anchor can tell
  CheckAnchor(entries, anchor, check);
  CHECK_FALSE(check.ok);
  CHECK(check.first_bad_id == 5);
  CHECK(check.problem.find("newest entries were deleted") != std::string::npos);
  // Written on: SQLite hands ids 4 and 5 out again, with other hashes.
  StaffStore store(*storage, clock);
  clock.Advance(10);
  for (int i = 0; i < 2; ++i) store.Audit({"mallory", "login", "console", "", "ok"});
  entries = Log(*storage);
  check = VerifyChain(entries);
  CheckAnchor(entries, anchor, check);
  CHECK_FALSE(check.ok);
  CHECK(check.problem.find("another hash") != std::string::npos);
  // An older anchor still holds.
  check = VerifyChain(entries);
  CheckAnchor(entries, AuditAnchor{entries[2].id, entries[2].hash}, check);
  CHECK(check.ok);
  CHECK_FALSE(ParseAnchor("5:abc").has_value());
  CHECK_FALSE(ParseAnchor("x:" + std::string(64, 'a')).has_value());
  CHECK_FALSE(ParseAnchor(std::string(64, 'a')).has_value());
}

}  // namespace
}  // namespace kafenio::server::admin
