// `kafenio admin`: the console's commands at the server's machine (docs/admin.md).
//   create-user NAME --role ROLE [--scope S] [--totp] [--db PATH]
//       a staff account; the password is asked for on a terminal (twice, not echoed) or
//       read as one line from stdin. --totp sets up a second factor and prints its secret.
//   audit verify [--expect ID:HASH] [--db PATH]
//       walks the audit log's hash chain: exit 0 when intact, 1 when an entry was edited or
//       deleted (the first such entry is named); with --expect, also when the anchored
//       entry is gone or differs (the newest entries deleted).
//   audit head [--db PATH]
//       the number of entries and the anchor ID:HASH of the newest, to keep elsewhere.
#include <termios.h>
#include <unistd.h>

#include <cstdio>
#include <iostream>
#include <string>

#include "server/app/accounts.h"
#include "server/app/admin/audit_chain.h"
#include "server/app/admin/roles.h"
#include "server/app/admin/staff_auth.h"
#include "server/app/admin/staff_store.h"
#include "server/app/admin/totp.h"
#include "server/app/clock.h"
#include "server/app/crypto.h"
#include "server/cli/commands.h"
#include "server/cli/flags.h"
#include "server/storage/open_storage.h"

namespace kafenio::cli {
namespace {

constexpr const char* kUsage =
    "usage: kafenio admin create-user NAME --role owner|admin|moderator|director\n"
    "                     [--scope '*'|ID,ID...] [--totp] [--db PATH|postgresql://...]\n"
    "       kafenio admin audit verify [--expect ID:HASH] [--db PATH|postgresql://...]\n"
    "       kafenio admin audit head [--db PATH|postgresql://...]\n";
constexpr const char* kDefaultDb = "./var/kafenio.db";

// One line from the terminal without echo, or from stdin as it comes.
std::string ReadSecretLine(const char* prompt) {
  const bool terminal = isatty(STDIN_FILENO) != 0;
  termios saved{};
  if (terminal) {
    std::fputs(prompt, stderr);
    tcgetattr(STDIN_FILENO, &saved);
    termios quiet = saved;
    quiet.c_lflag &= ~static_cast<tcflag_t>(ECHO);
    tcsetattr(STDIN_FILENO, TCSANOW, &quiet);
  }
  std::string line;
  std::getline(std::cin, line);
  if (terminal) {
    tcsetattr(STDIN_FILENO, TCSANOW, &saved);
    std::fputs("\n", stderr);
  }
  if (!line.empty() && line.back() == '\r') line.pop_back();
  return line;
}

int CreateUser(const Args& args) {
  Flags flags("admin create-user", kUsage,
              "Creates a staff account of the admin console (docs/admin.md); the password is "
              "asked for on a terminal (twice, not echoed) or read as one line from stdin.");
  flags.Positional("name", 1, "the staff member's sign-in name")
      .Value("role", "owner, admin, moderator or director")
      .Value("scope", "a director's events: '*' for every one, or ids ID,ID...")
      .Switch("totp", "set up a second factor (TOTP) and print its secret")
      .Value("db", "the database: a file (default ./var/kafenio.db) or postgresql://...");
  if (const auto done = flags.Parse(args)) return *done;
  if (!flags.Has("name")) return flags.Fail("create-user needs a NAME");
  const std::string name = flags.Get("name");
  const std::string role_name = flags.Get("role");
  const std::string scope = flags.Get("scope");
  const std::string db = flags.Has("db") ? flags.Get("db") : kDefaultDb;
  const bool totp = flags.Has("totp");
  const auto role = server::admin::ParseRole(role_name);
  if (!role) return flags.Fail("--role must be owner, admin, moderator or director");
  if (!server::Accounts::ValidName(name)) return flags.Fail("not a valid name: " + name);
  if (!server::admin::ScopeValid(scope)) return flags.Fail("--scope: '*' or tournament ids");
  if (*role == server::admin::Role::director && scope.empty()) {
    return flags.Fail("a director needs --scope ('*' for every tournament)");
  }
  const std::string password = ReadSecretLine("password: ");
  if (isatty(STDIN_FILENO) && ReadSecretLine("again: ") != password) {
    std::fputs("kafenio admin: the passwords differ\n", stderr);
    return 1;
  }
  if (!server::admin::StaffPasswordAcceptable(password)) {
    std::fprintf(stderr, "kafenio admin: %s\n", server::admin::kStaffPasswordRule);
    return 1;
  }
  if (!server::InitCrypto()) {
    std::fputs("kafenio admin: libsodium failed to initialise\n", stderr);
    return 1;
  }
  server::SystemClock clock;
  storage::StaffAccount staff;
  staff.name = name;
  staff.password_hash = server::HashPassword(password);
  staff.role = role_name;
  staff.tournament_scope = *role == server::admin::Role::director ? scope : "";
  staff.created_ms = clock.NowMs();
  if (totp) staff.totp_secret = server::admin::NewTotpSecret();
  try {
    auto storage = storage::OpenStorage(storage::StorageChoice{db, "", 3000});
    server::admin::StaffStore store(*storage, clock);
    const std::string user = getenv("USER") ? getenv("USER") : "?";
    store.WriteAudited(
        [&](storage::StaffSql& sql) { staff.id = sql.CreateStaff(staff); },
        {"command line (" + user + ")", "staff.create", "staff " + name + " (" + role_name + ")",
         "kafenio admin create-user", "ok"});
    storage->Close();
  } catch (const server::admin::StaffWriteError& e) {
    std::fprintf(stderr, "kafenio admin: %s\n",
                 e.conflict() ? ("the name " + name + " is taken").c_str() : e.what());
    return 1;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "kafenio admin: cannot open the database: %s\n", e.what());
    return 1;
  }
  std::printf("created staff %s (%s), id %lld\n", name.c_str(), role_name.c_str(),
              static_cast<long long>(staff.id));
  if (staff.totp_secret) {
    std::printf("TOTP secret: %s\n%s\n", staff.totp_secret->c_str(),
                server::admin::TotpUri(*staff.totp_secret, name).c_str());
  }
  return 0;
}

int VerifyAudit(const Args& args) {
  Flags flags("admin audit verify", kUsage,
              "Walks the audit log's hash chain: exit 0 when intact, 1 when an entry was edited "
              "or deleted (the first such entry is named).");
  flags.Value("expect", "an anchor ID:HASH (from `audit head` or the server's log) that must hold")
      .Value("db", "the database: a file (default ./var/kafenio.db) or postgresql://...");
  if (const auto done = flags.Parse(args)) return *done;
  const std::string db = flags.Has("db") ? flags.Get("db") : kDefaultDb;
  std::optional<server::admin::AuditAnchor> expected;
  if (flags.Has("expect")) {
    expected = server::admin::ParseAnchor(flags.Get("expect"));
    if (!expected) return flags.Fail("--expect: an anchor ID:HASH (the hash: 64 hex digits)");
  }
  try {
    auto storage = storage::OpenStorage(storage::StorageChoice{db, "", 3000});
    std::vector<storage::AuditEntry> entries;
    storage->ReadStaff([&](storage::StaffSql& sql) { entries = sql.WholeAuditLog(); });
    storage->Close();
    auto check = server::admin::VerifyChain(entries);
    if (expected) server::admin::CheckAnchor(entries, *expected, check);
    if (!check.ok) {
      std::printf("audit log BROKEN at entry %lld: %s (%lld entries)\n",
                  static_cast<long long>(check.first_bad_id), check.problem.c_str(),
                  static_cast<long long>(check.entries));
      return 1;
    }
    // The head as an anchor (ID:HASH): keep it to catch the newest entries deleted later.
    std::printf("audit log intact: %lld entries, head %s\n", static_cast<long long>(check.entries),
                check.head.empty()
                    ? "(empty)"
                    : server::admin::AnchorText({check.head_id, check.head}).c_str());
    return 0;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "kafenio admin: cannot read the database: %s\n", e.what());
    return 1;
  }
}

// The anchor to keep outside the database: the newest entry's id and hash.
int AuditHead(const Args& args) {
  Flags flags("admin audit head", kUsage,
              "Prints the number of audit entries and the anchor ID:HASH of the newest; "
              "`audit verify --expect ID:HASH` later finds the log cut short.");
  flags.Value("db", "the database: a file (default ./var/kafenio.db) or postgresql://...");
  if (const auto done = flags.Parse(args)) return *done;
  const std::string db = flags.Has("db") ? flags.Get("db") : kDefaultDb;
  try {
    auto storage = storage::OpenStorage(storage::StorageChoice{db, "", 3000});
    std::vector<storage::AuditEntry> entries;
    storage->ReadStaff([&](storage::StaffSql& sql) { entries = sql.WholeAuditLog(); });
    storage->Close();
    if (entries.empty()) {
      std::printf("0 entries, no head\n");
      return 0;
    }
    std::printf("%zu entries, head %s\n", entries.size(),
                server::admin::AnchorText({entries.back().id, entries.back().hash}).c_str());
    return 0;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "kafenio admin: cannot read the database: %s\n", e.what());
    return 1;
  }
}

}  // namespace

int RunAdmin(const Args& args) {
  const std::string which = args.empty() ? std::string() : std::string(args[0]);
  if (which == "--help") return std::fputs(kUsage, stdout), 0;
  if (which == "create-user") return CreateUser(Args(args.begin() + 1, args.end()));
  if (which == "audit" && args.size() >= 2 && args[1] == "verify") {
    return VerifyAudit(Args(args.begin() + 2, args.end()));
  }
  if (which == "audit" && args.size() >= 2 && args[1] == "head") {
    return AuditHead(Args(args.begin() + 2, args.end()));
  }
  std::fprintf(stderr, "kafenio admin: %s\n%s",
               which.empty() ? "which command?" : ("unknown command " + which).c_str(), kUsage);
  return 2;
}

}  // namespace kafenio::cli
