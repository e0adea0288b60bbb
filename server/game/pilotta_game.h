#pragma once
// Pilotta through the GameMatch seam: record notation in and out (FormatMove/ParseMove),
// the engine's views turned into protocol views, and the Pilotta bot.
#include <memory>

#include "engine/pilotta/rules.h"
#include "server/game/game.h"

namespace kafenio::server {

std::unique_ptr<GameMatch> MakePilottaMatch(const pilotta::Rules& rules, int first_dealer);

}  // namespace kafenio::server
