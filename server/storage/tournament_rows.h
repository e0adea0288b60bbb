#pragma once
// Tournament rows (migration 0008, docs/tournaments.md): an event's settings, fixed at
// creation, and its append-only log, whose entries the server encodes
// (server/app/tournament/) and folds into the event's state.
#include <cstdint>
#include <optional>
#include <string>

namespace kafenio::storage {

struct TournamentRow {
  std::int64_t id = 0;
  std::string name;
  std::int64_t director_id = 0;
  std::string game;
  std::string settings;               // the event's settings, as the server encodes them
  std::int64_t seed = 0;              // the published seed (a 64-bit word, stored signed)
  std::string state = "registering";  // registering, running, finished
  std::int64_t created_ms = 0;
  std::optional<std::int64_t> starts_ms;
};

struct TournamentLogEntry {
  std::int64_t tournament_id = 0;
  std::int64_t entry = 0;  // 1, 2, ... without gaps
  std::string kind;
  std::string payload;
  std::int64_t at_ms = 0;
};

}  // namespace kafenio::storage
