#include "server/game/diloti_strong_bot.h"

#include "server/game/diloti_bot.h"
#include "server/game/diloti_candidates.h"
#include "server/game/diloti_determinize.h"
#include "server/game/root_search.h"

namespace kafenio::server {
namespace {

using diloti::Move;

std::uint64_t DecisionSeed(const diloti::State& state, std::uint64_t seed) {
  std::uint64_t s = MixSeed(seed, static_cast<std::uint64_t>(state.HandNumber()));
  s = MixSeed(s, static_cast<std::uint64_t>(state.MovesThisRound()));
  s = MixSeed(s, state.TableCards());
  return MixSeed(s, state.Captured(0) ^ (state.Captured(1) << 1));
}

// The round's result for `team`, scaled so that a typical margin (about 10 points of
// a round's 25 or so, xeri aside) is near 1.
double RoundOutcome(const diloti::State& state, int team) {
  const auto& score = state.LastResult().score;
  return (score[static_cast<std::size_t>(team)] - score[static_cast<std::size_t>(1 - team)]) / 10.0;
}

double PlayOut(diloti::State& state, const Move& first, int team) {
  state.Apply(first);
  while (state.ToAct() >= 0) state.Apply(ChooseDilotiMove(state));
  return RoundOutcome(state, team);
}

}  // namespace

Move ChooseStrongDilotiMove(const diloti::State& state, const SearchSettings& settings) {
  const std::vector<Move> legal = DilotiCandidateMoves(state);
  if (legal.size() == 1) return legal[0];
  const int seat = state.ToAct();
  const int team = diloti::TeamOf(seat);
  DealRng rng(DecisionSeed(state, settings.seed));
  const DilotiKnowledge knowledge = DilotiKnowledgeOf(state, seat);
  const int chosen = SearchRoot(
      static_cast<int>(legal.size()), settings.iterations, rng,
      [&](DealRng& r) { return settings.sees_all ? state : Determinize(state, knowledge, r); },
      [&](diloti::State& s, int move, DealRng&) {
        return PlayOut(s, legal[static_cast<std::size_t>(move)], team);
      });
  return legal[static_cast<std::size_t>(chosen)];
}

Move ChooseDilotiMove(const diloti::State& state, BotLevel level, const SearchSettings& settings) {
  return level == BotLevel::strong ? ChooseStrongDilotiMove(state, settings)
                                   : ChooseDilotiMove(state);
}

}  // namespace kafenio::server
