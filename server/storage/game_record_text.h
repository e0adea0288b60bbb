#pragma once
// A match's game record (shared/record-format.md) rebuilt from its stored event log:
// the header, then per deal event "hand", the first hand's "dealer" and "seed", and each
// move event's "SEAT NOTATION" line, in sequence order.
#include <string>
#include <vector>

#include "server/storage/game_store.h"

namespace kafenio::server {

std::string GameRecordText(const MatchRecord& match, const std::vector<MatchEventRecord>& events);

}  // namespace kafenio::server
