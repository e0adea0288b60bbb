#include "server/app/tournament/tournament_verify.h"

#include "server/app/tournament/tournament_log_codec.h"

namespace kafenio::server {

StoredTournamentLog DecodeStoredTournament(storage::TournamentRow row,
                                           const std::vector<storage::TournamentLogEntry>& log) {
  StoredTournamentLog stored;
  stored.config = DecodeTournamentSettings(row.settings, static_cast<std::uint64_t>(row.seed));
  if (!stored.config) stored.problems.push_back("the event's settings cannot be read");
  for (const auto& entry : log) {
    ++stored.entries;
    if (entry.entry != stored.entries) {
      stored.problems.push_back("entry " + std::to_string(stored.entries) + " is missing");
    }
    if (auto event = DecodeTournamentEvent(entry.kind, entry.payload)) {
      event->at_ms = entry.at_ms;
      stored.events.push_back(std::move(*event));
    } else {
      stored.problems.push_back("entry " + std::to_string(entry.entry) + " (" + entry.kind +
                                ") cannot be read");
    }
  }
  stored.row = std::move(row);
  return stored;
}

std::optional<StoredTournamentLog> ReadStoredTournament(storage::Storage& store, std::int64_t id) {
  auto row = store.FindTournament(id);
  if (!row) return std::nullopt;
  return DecodeStoredTournament(std::move(*row), store.LoadTournamentLog(id));
}

StoredTournamentCheck VerifyStoredTournament(storage::Storage& store, std::int64_t id) {
  const auto log = ReadStoredTournament(store, id);
  if (!log) return {};
  return VerifyStoredTournament(*log);
}

StoredTournamentCheck VerifyStoredTournament(const StoredTournamentLog& log) {
  StoredTournamentCheck check;
  check.found = true;
  check.entries = log.entries;
  check.differences = log.problems;
  for (const auto& event : log.events) {
    check.rounds += event.kind == tournament::TournamentEvent::Kind::kRoundPublished;
  }
  if (!log.config) return check;
  for (auto& difference : tournament::VerifyLog(*log.config, log.events)) {
    check.differences.push_back(std::move(difference));
  }
  return check;
}

std::string VerifyReport(std::int64_t id, const StoredTournamentCheck& check) {
  std::string report;
  for (const auto& difference : check.differences) report += difference + "\n";
  report += "tournament " + std::to_string(id) + ": " + std::to_string(check.entries) +
            " log entries, " + std::to_string(check.rounds) + " rounds, " +
            (check.differences.empty() ? "every round verified" : "DIFFERENCES FOUND") + "\n";
  return report;
}

}  // namespace kafenio::server
