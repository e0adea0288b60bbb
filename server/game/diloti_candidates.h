#pragma once
// The moves a Diloti bot weighs. On an ordinary table every legal move (State::LegalMoves);
// on a crowded one, where the legal moves grow exponentially with the loose cards (a table
// of 23 loose numerals allows 400,000), a bounded choice built from the compact
// description of the moves (engine/diloti/move_families.h), so that no table can stall a
// bot seat. The rule is in docs/bots.md, "Crowded Diloti tables".
#include <vector>

#include "engine/diloti/move.h"
#include "engine/diloti/state.h"

namespace kafenio::server {

// Up to this many loose numerals, a bot weighs every legal move (a few hundred at most).
inline constexpr int kDilotiListAllUpTo = 12;
// Beyond, each family of captures or groups gives at most this many candidates.
inline constexpr int kDilotiFamilyCandidates = 12;

// The moves to weigh in `state` (a round in play): never empty, every one legal.
std::vector<diloti::Move> DilotiCandidateMoves(const diloti::State& state);

}  // namespace kafenio::server
