#include "engine/pilotta/random_match.h"

#include "engine/core/rng.h"

namespace kafenio::pilotta {

RandomMatch PlayRandomMatch(const Rules& rules, std::uint64_t seed) {
  SplitMix64 seeds(seed);
  DealRng choices(seeds.Next());
  const int first_dealer =
      static_cast<int>(choices.Below(static_cast<std::uint64_t>(rules.Players())));
  RandomMatch match{MatchLog{rules, first_dealer, {}}, State(rules, first_dealer), 0};
  State& state = match.final_state;
  while (!state.MatchOver()) {
    HandLog hand;
    hand.seed = seeds.Next();
    hand.deal = DealFromSeed(rules, state.Dealer(), *hand.seed);
    state.StartHand(hand.deal);
    while (state.phase() != Phase::awaiting_deal && !state.MatchOver()) {
      const Move move = state.SampleLegalMove(choices);
      state.Apply(move);
      hand.moves.push_back(move);
      ++match.moves;
    }
    match.log.hands.push_back(std::move(hand));
  }
  return match;
}

}  // namespace kafenio::pilotta
