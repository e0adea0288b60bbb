#include <cstdio>
#include <string_view>

#include "server/cli/commands.h"
#include "server/cli/private_files.h"
#include "server/log/build_info.h"

namespace {

constexpr const char* kUsage =
    "usage: kafenio COMMAND [ARGS]\n"
    "\n"
    "commands:\n"
    "  replay [--legal] FILE|-      check a game record and print its results\n"
    "  simulate --game G [--rules PRESET [KEY=VALUE ...]] [--players N]\n"
    "           --seed S --matches N [--record FILE]\n"
    "                               play random matches and report throughput\n"
    "  deal --game G [--rules PRESET [KEY=VALUE ...]] --seed S --dealer D\n"
    "                               print the deal a seed produces\n"
    "  verify --game G --rules PRESET [KEY=VALUE ...] --dealer SEAT --match ID --hand N\n"
    "         --seed SEED --salt HEX --commitment HEX\n"
    "                               check a revealed deal seed and re-deal it\n"
    "  backup --db PATH|postgresql://... --to FILE [--force]\n"
    "                               copy a live database and its secret to an SQLite file\n"
    "  restore --from FILE --db PATH|postgresql://... [--force]\n"
    "                               put a backup and its secret back (server stopped)\n"
    "  migrate-db --from FILE --to postgresql://...\n"
    "                               copy an SQLite database (or backup) into PostgreSQL\n"
    "  tournament verify ID --db PATH|postgresql://...\n"
    "                               recompute every round of an event from its log\n"
    "  tournament standings ID --db PATH|postgresql://... [--csv|--json]\n"
    "                               an event's standings with every tie-break\n"
    "  arena --game G --a LEVEL --b LEVEL --matches N --seed S [--threads T]\n"
    "        [--iterations I]     duplicate matches between bots (docs/bots.md)\n"
    "  serve [--listen ADDR:PORT] [--db PATH|postgresql://...] [--node NAME]\n"
    "        [--public-address URL] [--config FILE] [--web DIR] [--threads N]\n"
    "        [--set KEY=VALUE ...] [--admin-listen ADDR:PORT]\n"
    "                               run the game server (docs/operations.md)\n"
    "  admin create-user NAME --role ROLE [--scope S] [--totp] [--db PATH]\n"
    "  admin audit verify [--db PATH]\n"
    "                               staff of the admin console, its audit log (docs/admin.md)\n"
    "\n"
    "Every command answers --help; kafenio --version prints the version.\n";

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fputs(kUsage, stderr);
    return 2;
  }
  const std::string_view command = argv[1];
  kafenio::cli::Args args(argv + 2, argv + argc);
  // Every command that opens the database creates its files owner-only: the database, its
  // WAL and SHM, backups and the server secret hold the seeds of hands in play
  // (docs/security.md, "Local users").
  if (command == "serve" || command == "backup" || command == "restore" ||
      command == "migrate-db" || command == "admin" || command == "tournament") {
    kafenio::cli::KeepNewFilesPrivate();
  }
  if (command == "replay") return kafenio::cli::RunReplay(args);
  if (command == "simulate") return kafenio::cli::RunSimulate(args);
  if (command == "deal") return kafenio::cli::RunDeal(args);
  if (command == "verify") return kafenio::cli::RunVerify(args);
  if (command == "backup") return kafenio::cli::RunBackup(args);
  if (command == "restore") return kafenio::cli::RunRestore(args);
  if (command == "migrate-db") return kafenio::cli::RunMigrateDb(args);
  if (command == "serve") return kafenio::cli::RunServe(args);
  if (command == "tournament") return kafenio::cli::RunTournament(args);
  if (command == "admin") return kafenio::cli::RunAdmin(args);
  if (command == "arena") return kafenio::cli::RunArena(args);
  if (command == "--version" || command == "version") {
    std::printf("kafenio %.*s (commit %.*s, %.*s)\n", static_cast<int>(kafenio::Version().size()),
                kafenio::Version().data(), static_cast<int>(kafenio::Commit().size()),
                kafenio::Commit().data(), static_cast<int>(kafenio::Compiler().size()),
                kafenio::Compiler().data());
    return 0;
  }
  if (command == "help" || command == "--help" || command == "-h") {
    std::fputs(kUsage, stdout);
    return 0;
  }
  std::fprintf(stderr, "kafenio: unknown command '%.*s'\n%s", static_cast<int>(command.size()),
               command.data(), kUsage);
  return 2;
}
