#pragma once
// Pilotta through the GameMatch seam: record notation in and out (FormatMove/ParseMove),
// the engine's views turned into protocol views, and the Pilotta bot.
#include <memory>

#include "engine/pilotta/rules.h"
#include "server/game/game.h"
#include "server/game/game_kind.h"

namespace kafenio::server {

std::unique_ptr<GameMatch> MakePilottaMatch(const pilotta::Rules& rules, int first_dealer);

// Pilotta in the game registry (pilotta_kind.cc).
const GameKind& PilottaKind();

}  // namespace kafenio::server
