#pragma once
// Reading a stored event back: its settings and its decoded log (the server at start-up,
// `kafenio tournament verify` and `standings`), and verifying every published round
// against the log before it.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "server/storage/storage.h"
#include "server/tournament/tournament_state.h"

namespace kafenio::server {

struct StoredTournamentLog {
  storage::TournamentRow row;
  std::optional<tournament::TournamentConfig> config;  // empty: the settings are unreadable
  std::vector<tournament::TournamentEvent> events;     // the entries that could be read
  std::vector<std::string> problems;                   // entries missing or unreadable
  int entries = 0;
};

std::optional<StoredTournamentLog> ReadStoredTournament(storage::Storage& store, std::int64_t id);
// The same from rows already read.
StoredTournamentLog DecodeStoredTournament(storage::TournamentRow row,
                                           const std::vector<storage::TournamentLogEntry>& log);

struct StoredTournamentCheck {
  bool found = false;
  int entries = 0;
  int rounds = 0;
  std::vector<std::string> differences;  // empty: every round is what the log gives
};

StoredTournamentCheck VerifyStoredTournament(storage::Storage& store, std::int64_t id);
StoredTournamentCheck VerifyStoredTournament(const StoredTournamentLog& log);
// The report `kafenio tournament verify` and GET /tournaments/{id}/verify print.
std::string VerifyReport(std::int64_t id, const StoredTournamentCheck& check);

}  // namespace kafenio::server
