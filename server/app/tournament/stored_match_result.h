#pragma once
// The result of a tournament match as stored, for a match that finished while its event
// could not hear of it (the server stopped between the two writes): its totals and winner,
// from the stored record replayed by the game's own rules. Blocking reads: a read pool only.
#include <cstdint>
#include <optional>

#include "server/storage/storage.h"
#include "server/tournament/tournament_types.h"

namespace kafenio::server {

// Empty unless the match is stored as finished. The pairing's first entrant held the
// first side (team 0).
std::optional<tournament::MatchResult> StoredMatchResult(storage::Storage& store,
                                                         std::int64_t match_id, int round,
                                                         const tournament::Pairing& pairing);

}  // namespace kafenio::server
