#pragma once
// Determinizations of a Pilotta hand for one seat: full states whose hidden cards (the
// other seats' hands and the undealt stock) are drawn at random among the deals that
// agree with everything that seat knows: its own hand, the cards played, the turned and
// set-aside cards, the declarations and belote shown (their cards not yet played are
// still in their owner's hand), and the suits each seat has shown it lacks. Nothing else
// of the state is read, so two states the seat cannot tell apart give the same draws.
#include <array>

#include "engine/core/rng.h"
#include "engine/pilotta/state.h"

namespace kafenio::server {

struct PilottaKnowledge {
  int seat = 0;
  std::array<pilotta::CardMask, 4> known{};  // cards known to be in each hand
  std::array<int, 4> unknown_count{};        // how many more cards each hand holds
  std::array<std::uint8_t, 4> voids{};       // suits each seat has shown it lacks
  pilotta::CardMask pool = 0;                // the cards whose place is hidden
  int stock_count = 0;                       // undealt cards (classic presets)
};

PilottaKnowledge PilottaKnowledgeOf(const pilotta::State& state, int seat);

// The state with its hidden cards redrawn from `knowledge`.
pilotta::State Determinize(const pilotta::State& state, const PilottaKnowledge& knowledge,
                           DealRng& rng);

}  // namespace kafenio::server
