#include "server/app/tournament/tournament_verify.h"

#include "server/app/tournament/tournament_log_codec.h"

namespace kafenio::server {

std::optional<StoredTournamentLog> ReadStoredTournament(storage::Storage& store, std::int64_t id) {
  auto row = store.FindTournament(id);
  if (!row) return std::nullopt;
  StoredTournamentLog log;
  log.config = DecodeTournamentSettings(row->settings, static_cast<std::uint64_t>(row->seed));
  if (!log.config) log.problems.push_back("the event's settings cannot be read");
  for (const auto& entry : store.LoadTournamentLog(id)) {
    ++log.entries;
    if (entry.entry != log.entries) {
      log.problems.push_back("entry " + std::to_string(log.entries) + " is missing");
    }
    if (auto event = DecodeTournamentEvent(entry.kind, entry.payload)) {
      log.events.push_back(std::move(*event));
    } else {
      log.problems.push_back("entry " + std::to_string(entry.entry) + " (" + entry.kind +
                             ") cannot be read");
    }
  }
  log.row = std::move(*row);
  return log;
}

StoredTournamentCheck VerifyStoredTournament(storage::Storage& store, std::int64_t id) {
  StoredTournamentCheck check;
  auto log = ReadStoredTournament(store, id);
  if (!log) return check;
  check.found = true;
  check.entries = log->entries;
  check.differences = std::move(log->problems);
  for (const auto& event : log->events) {
    check.rounds += event.kind == tournament::TournamentEvent::Kind::kRoundPublished;
  }
  if (!log->config) return check;
  for (auto& difference : tournament::VerifyLog(*log->config, log->events)) {
    check.differences.push_back(std::move(difference));
  }
  return check;
}

}  // namespace kafenio::server
