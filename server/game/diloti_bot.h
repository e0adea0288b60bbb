#pragma once
// A Diloti bot that plays sensibly from what its seat may know (its hand and the table):
// it takes the capture worth most (cards, scoring cards, a sweep), builds a declaration
// when it cannot capture, and otherwise lays its least valuable card.
#include "engine/diloti/state.h"

namespace kafenio::server {

diloti::Move ChooseDilotiMove(const diloti::State& state);

}  // namespace kafenio::server
