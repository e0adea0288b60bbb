#pragma once
// `kafenio tournament verify ID` (and the server, on demand): reads a stored event's
// settings and log, and recomputes every published round from the log before it.
#include <cstdint>
#include <string>
#include <vector>

#include "server/storage/storage.h"

namespace kafenio::server {

struct StoredTournamentCheck {
  bool found = false;
  int entries = 0;
  int rounds = 0;
  std::vector<std::string> differences;  // empty: every round is what the log gives
};

StoredTournamentCheck VerifyStoredTournament(storage::Storage& store, std::int64_t id);

}  // namespace kafenio::server
