#pragma once
// A match's game record (shared/record-format.md) as text: the header, then per hand
// "hand", the first hand's "dealer" and "seed", and each move's "SEAT NOTATION" line.
// Both stores write records with these pieces: SQLite as deals and moves are stored (and
// again when recovery rebuilds a live match), memory from its event log.
#include <cstddef>
#include <string>
#include <vector>

#include "server/storage/game_store.h"

namespace kafenio::server {

// "game G", "rules R" and "players N" lines.
std::string RecordHeader(const std::string& game, const std::string& rules, std::size_t players);
// A hand's opening lines; `hand` counts from 1. Only the first hand names its dealer: later
// dealers follow the rotation.
void AppendDealToRecord(std::string& record, int hand, int dealer, const std::string& seed);

// The whole record from a match's event log, in sequence order.
std::string GameRecordText(const MatchRecord& match, const std::vector<MatchEventRecord>& events);

}  // namespace kafenio::server
