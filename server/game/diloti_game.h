#pragma once
// The Diloti adapter behind GameMatch (game.h).
#include <memory>

#include "engine/diloti/rules.h"
#include "server/game/game.h"
#include "server/game/game_kind.h"

namespace kafenio::server {

std::unique_ptr<GameMatch> MakeDilotiMatch(const diloti::Rules& rules, int first_dealer);

// Diloti in the game registry (diloti_kind.cc).
const GameKind& DilotiKind();

}  // namespace kafenio::server
