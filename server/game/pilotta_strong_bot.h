#pragma once
// The strong Pilotta bot (docs/bots.md): the shared root search (root_search.h) over
// determinizations of the seat's view (pilotta_determinize.h), with the easy bot's
// heuristic as the playout policy for every seat. It decides every move of the game:
// bids, contra and recontra, taking or naming trumps, the swap, declarations, belote and
// cards. The result depends only on what the seat to act may know and on the settings.
#include "engine/pilotta/state.h"
#include "server/game/bot_level.h"

namespace kafenio::server {

pilotta::Move ChooseStrongPilottaMove(const pilotta::State& state, const SearchSettings& settings);

// The bot of a level, for the seat to act.
pilotta::Move ChoosePilottaMove(const pilotta::State& state, BotLevel level,
                                const SearchSettings& settings);

}  // namespace kafenio::server
