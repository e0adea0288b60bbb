#pragma once
// A Pilotta bot that plays sensibly without looking at hidden cards: it bids on a strong
// trump suit, declares what it holds, lets a winning partner have the trick, wins a trick
// as cheaply as it can and otherwise throws its least valuable card.
#include "engine/pilotta/state.h"

namespace kafenio::server {

pilotta::Move ChoosePilottaMove(const pilotta::State& state);

}  // namespace kafenio::server
