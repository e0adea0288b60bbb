#include "server/app/tournament/tournament_verify.h"

#include "server/app/tournament/tournament_log_codec.h"

namespace kafenio::server {

StoredTournamentCheck VerifyStoredTournament(storage::Storage& store, std::int64_t id) {
  StoredTournamentCheck check;
  const auto row = store.FindTournament(id);
  if (!row) return check;
  check.found = true;
  const auto config =
      DecodeTournamentSettings(row->settings, static_cast<std::uint64_t>(row->seed));
  if (!config) {
    check.differences.push_back("the event's settings cannot be read");
    return check;
  }
  std::vector<tournament::TournamentEvent> log;
  for (const auto& entry : store.LoadTournamentLog(id)) {
    ++check.entries;
    if (entry.entry != check.entries) {
      check.differences.push_back("entry " + std::to_string(check.entries) + " is missing");
    }
    auto event = DecodeTournamentEvent(entry.kind, entry.payload);
    if (!event) {
      check.differences.push_back("entry " + std::to_string(entry.entry) + " (" + entry.kind +
                                  ") cannot be read");
      continue;
    }
    if (event->kind == tournament::TournamentEvent::Kind::kRoundPublished) ++check.rounds;
    log.push_back(std::move(*event));
  }
  for (auto& difference : tournament::VerifyLog(*config, log)) {
    check.differences.push_back(std::move(difference));
  }
  return check;
}

}  // namespace kafenio::server
