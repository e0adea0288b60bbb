#pragma once
// Determinizations of a Diloti round for one seat: full states whose hidden cards (the
// other seats' hands and the stock) are drawn at random among the deals that agree with
// what the seat knows: its own hand, the table, both sides' captured cards (all were
// face up) and the declarations on the table, whose owners must still hold a card of
// their value (the hold rule). Nothing else of the state is read.
#include <array>

#include "engine/core/rng.h"
#include "engine/diloti/state.h"

namespace kafenio::server {

struct DilotiKnowledge {
  int seat = 0;
  std::array<int, 4> hand_sizes{};
  std::array<int, 4> owned_value{};  // the declaration each seat owns, or 0
  diloti::CardMask pool = 0;         // the cards whose place is hidden
  int stock_count = 0;
};

DilotiKnowledge DilotiKnowledgeOf(const diloti::State& state, int seat);

diloti::State Determinize(const diloti::State& state, const DilotiKnowledge& knowledge,
                          DealRng& rng);

}  // namespace kafenio::server
