#include "engine/diloti/random_match.h"

#include <memory>

#include "engine/core/rng.h"
#include "engine/diloti/sample_scratch.h"

namespace kafenio::diloti {

RandomMatch PlayRandomMatch(const Rules& rules, std::uint64_t seed) {
  SplitMix64 seeds(seed);
  DealRng choices(seeds.Next());
  const int first_dealer =
      static_cast<int>(choices.Below(static_cast<std::uint64_t>(rules.players)));
  RandomMatch match{MatchLog{rules, first_dealer, {}}, State(rules, first_dealer), 0};
  State& state = match.final_state;
  auto scratch = std::make_unique<SampleScratch>();  // large, and kept along the match
  while (!state.MatchOver()) {
    HandLog hand;
    hand.seed = seeds.Next();
    hand.deal = DealFromSeed(rules.players, state.Dealer(), *hand.seed);
    state.StartHand(hand.deal);
    while (state.phase() == Phase::play) {
      // The legal-move list pick, played without validating it again.
      hand.moves.push_back(state.PlayRandomMove(choices, *scratch));
      ++match.moves;
    }
    match.log.hands.push_back(std::move(hand));
  }
  return match;
}

}  // namespace kafenio::diloti
