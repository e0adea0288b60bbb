#pragma once
// The strong Diloti bot (docs/bots.md): the shared root search (root_search.h) over
// determinizations of the seat's view (diloti_determinize.h), with the easy bot's
// heuristic as the playout policy. It decides every move: captures, declarations,
// raises, groups and lays. The result depends only on what the seat to act may know and
// on the settings.
#include "engine/diloti/state.h"
#include "server/game/bot_level.h"

namespace kafenio::server {

diloti::Move ChooseStrongDilotiMove(const diloti::State& state, const SearchSettings& settings);

diloti::Move ChooseDilotiMove(const diloti::State& state, BotLevel level,
                              const SearchSettings& settings);

}  // namespace kafenio::server
