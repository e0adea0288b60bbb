// `kafenio tournament verify ID --db PATH|postgresql://...`: recomputes every round of a
// stored event from its log and the event's seed, and reports any round that differs
// from what was published (docs/tournaments.md, "An event as a log"). Exit code 0 when
// every round agrees, 1 when one does not (or the event is missing), 2 on bad usage.
// `kafenio tournament standings ID --db ... [--csv|--json]`: the event's standings with
// every tie-break column (a table for people by default).
#include <charconv>
#include <cstdio>
#include <string>

#include "server/app/tournament/standings_export.h"
#include "server/app/tournament/tournament_verify.h"
#include "server/cli/commands.h"
#include "server/cli/flags.h"
#include "server/storage/open_storage.h"
#include "server/storage/storage_error.h"

namespace kafenio::cli {

namespace {

constexpr const char* kUsage =
    "usage: kafenio tournament verify ID --db PATH|postgresql://...\n"
    "       kafenio tournament standings ID --db PATH|postgresql://... [--csv|--json]\n";

std::unique_ptr<storage::Storage> Open(const std::string& db) {
  storage::StorageChoice choice;
  choice.db = db;
  return storage::OpenStorage(choice);
}

int Verify(std::int64_t id, const std::string& db) {
  auto store = Open(db);
  const auto check = server::VerifyStoredTournament(*store, id);
  store->Close();
  if (!check.found) {
    std::fprintf(stderr, "kafenio tournament: no tournament %lld\n", static_cast<long long>(id));
    return 1;
  }
  std::fputs(server::VerifyReport(id, check).c_str(), stdout);
  return check.differences.empty() ? 0 : 1;
}

// A table for people: place, name, then the columns as the CSV names them.
void PrintTable(const std::string& csv) {
  std::size_t start = 0;
  while (start < csv.size()) {
    const std::size_t end = csv.find("\r\n", start);
    std::string line = csv.substr(start, end - start);
    for (char& c : line) {
      if (c == ',') c = '\t';
    }
    std::printf("%s\n", line.c_str());
    start = end == std::string::npos ? csv.size() : end + 2;
  }
}

int Standings(std::int64_t id, const std::string& db, const std::string& format) {
  auto store = Open(db);
  const auto log = server::ReadStoredTournament(*store, id);
  store->Close();
  if (!log) {
    std::fprintf(stderr, "kafenio tournament: no tournament %lld\n", static_cast<long long>(id));
    return 1;
  }
  if (!log->config) {
    std::fprintf(stderr, "kafenio tournament: the event's settings cannot be read\n");
    return 1;
  }
  const auto state = tournament::Replay(*log->config, log->events);
  if (format == "--json") {
    std::printf("%s\n", server::StandingsJson(state).c_str());
  } else if (format == "--csv") {
    std::fputs(server::StandingsCsv(state).c_str(), stdout);
  } else {
    PrintTable(server::StandingsCsv(state));
  }
  return 0;
}

}  // namespace

int RunTournament(const Args& args) {
  const std::string which = args.empty() ? std::string() : std::string(args[0]);
  if (which == "--help") return std::fputs(kUsage, stdout), 0;
  if (which != "verify" && which != "standings") {
    std::fprintf(stderr, "kafenio tournament: %s\n%s",
                 which.empty() ? "verify or standings?" : ("unknown command " + which).c_str(),
                 kUsage);
    return 2;
  }
  const bool verify = which == "verify";
  Flags flags("tournament " + which, kUsage,
              verify ? "Recomputes every round of an event from its log (docs/tournaments.md)."
                     : "Prints an event's standings with every tie-break.");
  flags.Positional("id", 1, "the event's id")
      .Value("db", "the database: a file or postgresql://...");
  if (!verify) flags.Switch("csv", "as CSV").Switch("json", "as JSON");
  if (const auto done = flags.Parse(Args(args.begin() + 1, args.end()))) return *done;
  std::int64_t id = 0;
  const std::string& text = flags.Get("id");
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), id);
  if (error != std::errc() || end != text.data() + text.size() || id <= 0) {
    return flags.Fail("ID must be an event's number, got '" + text + "'");
  }
  if (!flags.Has("db")) return flags.Fail("--db is required");
  if (flags.Has("csv") && flags.Has("json")) return flags.Fail("--csv or --json, not both");
  const std::string format = flags.Has("csv") ? "--csv" : flags.Has("json") ? "--json" : "";
  try {
    if (verify) return Verify(id, flags.Get("db"));
    return Standings(id, flags.Get("db"), format);
  } catch (const storage::StorageError& failure) {
    std::fprintf(stderr, "kafenio tournament: %s\n", failure.what());
    return 1;
  }
}

}  // namespace kafenio::cli
