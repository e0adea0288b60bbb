// `kafenio tournament verify ID --db PATH|postgresql://...`: recomputes every round of a
// stored event from its log and the event's seed, and reports any round that differs
// from what was published (docs/tournaments.md, "Verifying an event"). Exit code 0 when
// every round agrees, 1 when one does not (or the event is missing), 2 on bad usage.
#include <charconv>
#include <cstdio>
#include <string>

#include "server/app/tournament/tournament_verify.h"
#include "server/cli/commands.h"
#include "server/storage/open_storage.h"
#include "server/storage/storage_error.h"

namespace kafenio::cli {

namespace {

constexpr const char* kUsage = "usage: kafenio tournament verify ID --db PATH|postgresql://...\n";

int Verify(std::int64_t id, const std::string& db) {
  try {
    storage::StorageChoice choice;
    choice.db = db;
    auto store = storage::OpenStorage(choice);
    const auto check = server::VerifyStoredTournament(*store, id);
    store->Close();
    if (!check.found) {
      std::fprintf(stderr, "kafenio tournament verify: no tournament %lld\n",
                   static_cast<long long>(id));
      return 1;
    }
    for (const auto& difference : check.differences) std::printf("%s\n", difference.c_str());
    std::printf("tournament %lld: %d log entries, %d rounds, %s\n", static_cast<long long>(id),
                check.entries, check.rounds,
                check.differences.empty() ? "every round verified" : "DIFFERENCES FOUND");
    return check.differences.empty() ? 0 : 1;
  } catch (const storage::StorageError& error) {
    std::fprintf(stderr, "kafenio tournament verify: %s\n", error.what());
    return 1;
  }
}

}  // namespace

int RunTournament(const Args& args) {
  if (args.size() != 4 || args[0] != "verify" || args[2] != "--db") {
    std::fputs(kUsage, stderr);
    return 2;
  }
  std::int64_t id = 0;
  const auto text = args[1];
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), id);
  if (error != std::errc() || end != text.data() + text.size() || id <= 0) {
    std::fputs(kUsage, stderr);
    return 2;
  }
  return Verify(id, std::string(args[3]));
}

}  // namespace kafenio::cli
