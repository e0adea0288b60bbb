#include "server/storage/sqlite_codec.h"

#include <string>

#include "server/storage/storage_error.h"

namespace kafenio::storage {

std::string_view MatchStateName(MatchState state) {
  switch (state) {
    case MatchState::live:
      return "live";
    case MatchState::finished:
      return "finished";
    case MatchState::abandoned:
      return "abandoned";
  }
  return "live";
}

MatchState ParseMatchState(std::string_view name) {
  if (name == "live") return MatchState::live;
  if (name == "finished") return MatchState::finished;
  if (name == "abandoned") return MatchState::abandoned;
  throw StorageError("unknown match state '" + std::string(name) + "'");
}

}  // namespace kafenio::storage
